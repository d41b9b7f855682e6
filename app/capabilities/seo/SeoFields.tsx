import { useState } from "react";
import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { Field, Input, Textarea } from "~/platform/ui/Field";
import { cn } from "~/platform/ui/cn";
import type { SeoRow } from "./SeoTable";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "./seo-form";

/** A text input or area with a live "n/max" count; the server enforces the same limit. */
function CountedField({
  label,
  name,
  max,
  defaultValue,
  error,
  multiline,
  required,
}: {
  label: string;
  name: string;
  max: number;
  defaultValue: string;
  error?: string;
  multiline?: boolean;
  required?: boolean;
}) {
  const [length, setLength] = useState(defaultValue.length);
  const over = length > max;
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={
        <span className={cn(over && "font-semibold text-danger-700")}>
          {length}/{max} characters
        </span>
      }
    >
      {(control) =>
        multiline ? (
          <Textarea
            {...control}
            name={name}
            rows={3}
            defaultValue={defaultValue}
            onChange={(e) => setLength(e.target.value.length)}
          />
        ) : (
          <Input
            {...control}
            name={name}
            defaultValue={defaultValue}
            onChange={(e) => setLength(e.target.value.length)}
          />
        )
      }
    </Field>
  );
}

type TextColumn =
  | "ogTitle"
  | "ogDescription"
  | "ogImageUrl"
  | "twitterTitle"
  | "twitterDescription"
  | "twitterImageUrl"
  | "canonicalUrl";

/** The SEO form's fields, inside the kit's RecordDialog. */
export function SeoFields({ page, errors }: { page: SeoRow | null; errors: FieldErrors }) {
  const text = (name: TextColumn, label: string, options: { url?: boolean } = {}) => (
    <Field label={label} error={errors?.[name]}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type={options.url ? "url" : "text"}
          placeholder={options.url ? "https://" : undefined}
          defaultValue={page?.[name] ?? ""}
        />
      )}
    </Field>
  );
  return (
    <>
      <Field
        label="Page Path"
        required={!page}
        error={errors?.pagePath}
        hint={page ? "The path of an existing record cannot change." : "For example /webstores"}
      >
        {(control) => (
          <Input
            {...control}
            name="pagePath"
            defaultValue={page?.pagePath ?? ""}
            disabled={Boolean(page)}
          />
        )}
      </Field>
      <Field label="Page Name" required error={errors?.pageName}>
        {(control) => <Input {...control} name="pageName" defaultValue={page?.pageName ?? ""} />}
      </Field>
      <CountedField
        label="Title Tag"
        name="title"
        max={SEO_TITLE_MAX}
        required
        defaultValue={page?.title ?? ""}
        error={errors?.title}
      />
      <CountedField
        label="Meta Description"
        name="metaDescription"
        max={SEO_DESCRIPTION_MAX}
        multiline
        defaultValue={page?.metaDescription ?? ""}
        error={errors?.metaDescription}
      />
      <Field
        label="Meta Keywords"
        hint="Separate keywords with commas."
        error={errors?.metaKeywords}
      >
        {(control) => (
          <Input
            {...control}
            name="metaKeywords"
            defaultValue={page?.metaKeywords.join(", ") ?? ""}
          />
        )}
      </Field>
      {(
        [
          ["Open Graph", "og", "OG"],
          ["Twitter Card", "twitter", "Twitter"],
        ] as const
      ).map(([legend, prefix, label]) => (
        <fieldset key={prefix} className="space-y-4 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
          {text(`${prefix}Title`, `${label} Title`)}
          {text(`${prefix}Description`, `${label} Description`)}
          {text(`${prefix}ImageUrl`, `${label} Image URL`, { url: true })}
        </fieldset>
      ))}
      {text("canonicalUrl", "Canonical URL", { url: true })}
    </>
  );
}
