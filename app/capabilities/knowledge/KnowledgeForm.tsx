import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { Field, Input, Select, Textarea } from "~/platform/ui/Field";
import type { KnowledgeRow } from "./KnowledgeTable";
import { KNOWLEDGE_CATEGORIES } from "./messages";

/**
 * The create and edit form. `noValidate`: the spec's messages, from the server, are the ones
 * people see, never the browser's; the fields keep `required`, min and max for assistive
 * technology.
 */
export function KnowledgeForm({
  fetcher,
  entry,
  errors,
  submitLabel,
  onSubmit,
  children,
}: {
  fetcher: FetcherWithComponents<FormResult>;
  entry: KnowledgeRow | null;
  errors: Record<string, string> | undefined;
  submitLabel: string;
  onSubmit?: () => void;
  /** More buttons beside the submit one (Cancel). */
  children?: ReactNode;
}) {
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" noValidate className="max-w-3xl space-y-4" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="save" />
      {entry && <input type="hidden" name="id" value={entry.id} />}
      <Field label="Title" required error={errors?.title}>
        {(control) => <Input {...control} name="title" defaultValue={entry?.title} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" required error={errors?.category}>
          {(control) => (
            <Select {...control} name="category" defaultValue={entry?.category ?? "products"}>
              {KNOWLEDGE_CATEGORIES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Importance"
          required
          hint="1 to 10; the assistant prefers more important entries."
          error={errors?.importance}
        >
          {(control) => (
            <Input
              {...control}
              name="importance"
              type="number"
              min={1}
              max={10}
              step={1}
              defaultValue={entry?.importance ?? 1}
            />
          )}
        </Field>
      </div>
      <Field label="Content" required error={errors?.content}>
        {(control) => (
          <Textarea {...control} name="content" rows={12} defaultValue={entry?.content} />
        )}
      </Field>
      <div className="flex gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
        {children}
      </div>
    </fetcher.Form>
  );
}
