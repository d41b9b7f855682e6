// C0 control characters and DEL, except tab, line feed and carriage return (which a text area
// sends). PostgreSQL cannot store a null byte in text at all; the others have no place in what a
// person types.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string) {
  return CONTROL_CHARACTERS.test(value);
}

/** A field's name as its label reads: `couponCode` → "Coupon code". */
export function fieldLabel(name: string) {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "A field";
}

export function controlCharactersMessage(name: string) {
  return `${fieldLabel(name)} cannot contain control characters.`;
}

/** The first field (by name or text) that holds a control character, with its message. */
export function refusedField(
  fields: Record<string, unknown>,
): { name: string; message: string } | null {
  for (const [name, value] of Object.entries(fields)) {
    const bad =
      hasControlCharacters(name) || (typeof value === "string" && hasControlCharacters(value));
    if (bad) {
      const shown = hasControlCharacters(name) ? "field" : name;
      return { name: shown, message: controlCharactersMessage(shown) };
    }
  }
  return null;
}
