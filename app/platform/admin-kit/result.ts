import type { ToastOptions } from "~/platform/ui/toast";

/** What every admin action answers: a toast to show, and field messages for the form. */
export type ActionResult =
  | { ok: true; toast: ToastOptions; /** The record a save created, for the screen to show it. */ id?: string }
  | { ok: false; toast?: ToastOptions; fieldErrors?: Record<string, string> };

export function succeeded(description: string, title = "Success"): ActionResult {
  return { ok: true, toast: { title, description } };
}

/** Spec §8: every toast titled Error is destructive. */
export function failed(
  description: string,
  options: { title?: string; fieldErrors?: Record<string, string> } = {},
): ActionResult {
  const { title = "Error", fieldErrors } = options;
  return { ok: false, toast: { title, description, variant: "destructive" }, fieldErrors };
}

/** The first message of each field, keyed by field name, from a zod error. */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
