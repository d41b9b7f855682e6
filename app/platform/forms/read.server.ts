import { data } from "react-router";
import { refusedField } from "~/platform/security/form-text";
import { failed } from "./result";

export type FormFields = Record<string, FormDataEntryValue>;

/** A field holding a control character, and the message that names it. */
export type Refusal = { name: string; message: string };

export interface ReadFormOptions {
  /**
   * "throw" (the default): a field with a control character is a thrown 400 whose body is a
   * FormResult naming the field. "return": the refusal comes back for the action to answer in
   * its own words (the checkout shows it beside its field; the contact form answers before it
   * is rate-limited or stored).
   */
  refused?: "throw" | "return";
  /**
   * "throw" (the default): a body that is not a readable form is a thrown 400. "empty": it reads
   * as a form with no fields, for a public form that answers "missing" to anything it cannot use.
   */
  unreadable?: "throw" | "empty";
}

/** The 400 a refused field is answered with, as every other form failure is: a FormResult. */
export function refusalAnswer(refusal: Refusal) {
  return data(failed(refusal.message, { fieldErrors: { [refusal.name]: refusal.message } }), {
    status: 400,
  });
}

/**
 * The one way an action reads its form. The body's size and media type were checked before the
 * action runs (server/body-limits.ts); a body that still is not a readable form (a multipart body
 * without its boundary, say) is a thrown 400, never a 500. Text is held to the one boundary rule
 * for what a visitor or admin types (issue 22 fix 5): no control characters; files pass as they are.
 */
export async function readForm(
  request: Request,
  options: ReadFormOptions = {},
): Promise<{ fields: FormFields; refused: Refusal | null }> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    if (options.unreadable === "empty") return { fields: {}, refused: null };
    throw new Response("Bad request: the form data could not be read.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const fields: FormFields = Object.fromEntries(formData.entries());
  const mode = options.refused ?? "throw";
  const refused = refusedField(fields);
  if (refused && mode === "throw") throw refusalAnswer(refused);
  return { fields, refused };
}

/** A posted field as text: "" when it is missing or a file. */
export function textField(fields: FormFields, name: string) {
  const value = fields[name];
  return typeof value === "string" ? value : "";
}
