import { isSiteLink, resolveLink } from "./site-link";

/**
 * The one check for every redirect target taken from a request (a query string, a form field):
 * a path on this site by the one link rule (platform/security/site-link.ts), which resolves it as
 * a browser will (backslashes become slashes, tabs and newlines vanish, `/./` collapses), so
 * `/\evil`, `/%09/evil` once decoded, `//evil` and `https://evil` are all refused. Returns the
 * normalised path, query and fragment, or `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || !isSiteLink(value)) return fallback;
  const url = resolveLink(value)!;
  const target = url.pathname + url.search + url.hash;
  // A normalised path such as `/.//evil` becomes `//evil`, which a browser reads as another host.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  return target;
}
