import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { ImageField } from "~/platform/uploads/ImageField";
import { Field, Input, Textarea } from "~/platform/ui/Field";
import type { StoryRow } from "./StoryTable";

/** The success story form's fields, inside the kit's RecordDialog. */
export function StoryFields({ story, errors }: { story: StoryRow | null; errors: FieldErrors }) {
  return (
    <>
      <Field label="Title" required error={errors?.title}>
        {(control) => <Input {...control} name="title" defaultValue={story?.title} />}
      </Field>
      <Field label="Company name" required error={errors?.companyName}>
        {(control) => <Input {...control} name="companyName" defaultValue={story?.companyName} />}
      </Field>
      <Field label="Description" required error={errors?.description}>
        {(control) => (
          <Textarea {...control} name="description" rows={5} defaultValue={story?.description} />
        )}
      </Field>
      <ImageField
        label="Image"
        name="imageUrl"
        altName="imageAlt"
        defaultUrl={story?.imageUrl}
        defaultAlt={story?.imageAlt}
        error={errors?.imageUrl ?? errors?.imageAlt}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Link text" error={errors?.linkText}>
          {(control) => <Input {...control} name="linkText" defaultValue={story?.linkText ?? ""} />}
        </Field>
        <Field label="Link URL" error={errors?.linkUrl}>
          {(control) => (
            <Input {...control} type="url" name="linkUrl" defaultValue={story?.linkUrl ?? ""} />
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          name="isActive"
          defaultChecked={story?.isActive ?? true}
          className="size-4 accent-brand-900"
        />
        Active
      </label>
    </>
  );
}
