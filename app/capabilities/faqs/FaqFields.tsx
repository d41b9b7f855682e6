import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { Field, Input, Select, Textarea } from "~/platform/ui/Field";
import type { FaqRow } from "./FaqTable";
import { FAQ_PAGES } from "./messages";

/** The FAQ form's fields, inside the kit's RecordDialog. */
export function FaqFields({ faq, errors }: { faq: FaqRow | null; errors: FieldErrors }) {
  return (
    <>
      <Field label="Question" error={errors?.question}>
        {(control) => <Input {...control} name="question" defaultValue={faq?.question} />}
      </Field>
      <Field
        label="Answer"
        hint="Simple HTML (links, lists, bold) is kept; anything else is removed on the site."
        error={errors?.answer}
      >
        {(control) => <Textarea {...control} name="answer" rows={6} defaultValue={faq?.answer} />}
      </Field>
      <Field label="Page" error={errors?.page}>
        {(control) => (
          <Select {...control} name="page" defaultValue={faq?.page ?? "index"}>
            {FAQ_PAGES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          name="isActive"
          defaultChecked={faq?.isActive ?? true}
          className="size-4 accent-brand-900"
        />
        Active
      </label>
    </>
  );
}
