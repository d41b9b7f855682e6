/** Spec §5: an address typed without http(s):// gets https:// in front. */
export function normaliseWebsiteUrl(input: string) {
  const value = input.trim();
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}
