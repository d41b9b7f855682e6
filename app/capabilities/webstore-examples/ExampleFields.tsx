import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { ImageField } from "~/platform/uploads/ImageField";
import { Field, Input, Textarea } from "~/platform/ui/Field";
import type { ExampleRow } from "./ExampleTable";

/** The example form's fields (spec §5: all required, logo URL a URL, display order min 1). */
export function ExampleFields({
  example,
  errors,
  nextOrder,
}: {
  example: ExampleRow | null;
  errors: FieldErrors;
  nextOrder: number;
}) {
  return (
    <>
      <Field label="Header text" required error={errors?.headerText}>
        {(control) => <Input {...control} name="headerText" defaultValue={example?.headerText} />}
      </Field>
      <Field label="Company name" required error={errors?.companyName}>
        {(control) => <Input {...control} name="companyName" defaultValue={example?.companyName} />}
      </Field>
      <ImageField
        label="Logo URL"
        name="logoUrl"
        altName="logoAlt"
        required
        defaultUrl={example?.logoUrl}
        defaultAlt={example?.logoAlt}
        error={errors?.logoUrl ?? errors?.logoAlt}
      />
      <Field label="Description" required error={errors?.description}>
        {(control) => (
          <Textarea {...control} name="description" rows={4} defaultValue={example?.description} />
        )}
      </Field>
      <Field label="Webstore URL" required error={errors?.webstoreUrl}>
        {(control) => (
          <Input {...control} type="url" name="webstoreUrl" defaultValue={example?.webstoreUrl} />
        )}
      </Field>
      <Field label="Display order" error={errors?.displayOrder}>
        {(control) => (
          <Input
            {...control}
            type="number"
            name="displayOrder"
            min={1}
            step={1}
            defaultValue={example?.displayOrder ?? nextOrder}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          name="isActive"
          defaultChecked={example?.isActive ?? true}
          className="size-4 accent-brand-900"
        />
        Active
      </label>
    </>
  );
}
