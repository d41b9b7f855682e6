/** Spec §5: a "simple shape" check, something@something.something. */
export function isValidEmail(value: string) {
  // eslint-disable-next-line no-control-regex
  return /^[^\s@\u0000-\u001f]+@[^\s@\u0000-\u001f]+\.[^\s@\u0000-\u001f]+$/.test(value);
}
