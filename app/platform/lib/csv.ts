/** A cell a spreadsheet would run as a formula is prefixed with ' so it shows as text. */
export function neutraliseFormula(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
