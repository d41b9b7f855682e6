import type { ToastOptions } from "~/platform/ui/toast";

/** The messages of a form's fields, keyed by field name. */
export type FieldErrors = Record<string, string>;

/**
 * What every form action answers, admin, public and tool forms alike: whether it worked, the
 * message the page shows for the whole form (a toast where JavaScript runs, an alert where it
 * does not), each field's message, and whatever else the page needs (`data`).
 */
export type FormResult<Data = undefined> =
  | {
      ok: true;
      toast?: ToastOptions;
      /** The record a save created, for the screen to show it. */
      id?: string;
      data?: Data;
    }
  | { ok: false; toast?: ToastOptions; fieldErrors?: FieldErrors; data?: Data };

export function succeeded<Data = undefined>(
  description: string,
  title = "Success",
  data?: Data,
): FormResult<Data> {
  return data === undefined
    ? { ok: true, toast: { title, description } }
    : { ok: true, toast: { title, description }, data };
}

/** Spec §8: every toast titled Error is destructive. A failure without a description has no message. */
export function failed<Data = undefined>(
  description?: string,
  options: { title?: string; fieldErrors?: FieldErrors; data?: Data } = {},
): FormResult<Data> {
  const { title = "Error", fieldErrors, data } = options;
  const result: FormResult<Data> = { ok: false };
  if (description !== undefined) result.toast = { title, description, variant: "destructive" };
  if (fieldErrors) result.fieldErrors = fieldErrors;
  if (data !== undefined) result.data = data;
  return result;
}

/** The first message of each field, keyed by field name, from a zod error. */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
