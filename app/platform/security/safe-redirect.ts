const BASE = "http://same-origin.invalid";

/**
 * The one check for every redirect target taken from a request (a query string, a form field):
 * a path on this site, judged after the WHATWG URL parser has normalised it the way a browser
 * will (backslashes become slashes, tabs and newlines vanish, `/./` collapses), so `/\evil`,
 * `/%09/evil` once decoded, `//evil` and `https://evil` are all refused. Returns the normalised
 * path, query and fragment, or `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = url.pathname + url.search + url.hash;
  // A normalised path such as `/.//evil` becomes `//evil`, which a browser reads as another host.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  return target;
}
