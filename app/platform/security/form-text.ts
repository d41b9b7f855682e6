// eslint-disable-next-line no-control-regex
const NULL_BYTES = /\u0000/g;

/**
 * A form's text fields without null bytes: PostgreSQL cannot store them in text, so one in a
 * field turned a visitor's typo (or a probe) into a failed query and a 5xx. Files pass as they are.
 */
export function formFields(formData: FormData): Record<string, FormDataEntryValue> {
  return Object.fromEntries(
    [...formData.entries()].map(([key, value]) => [
      key.replace(NULL_BYTES, ""),
      typeof value === "string" ? value.replace(NULL_BYTES, "") : value,
    ]),
  );
}

export function withoutNullBytes(value: string) {
  return value.replace(NULL_BYTES, "");
}

/**
 * The posted form's text fields, or a thrown 400 when the body is not a readable form (a
 * multipart body without its boundary, say), which React Router's formData() reports by throwing.
 */
export async function readFormFields(request: Request) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("Bad request: the form data could not be read.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return formFields(formData);
}
