/**
 * An origin standing in for the site's own where the real one is not at hand (a form's schema).
 * For an address written relative to the page the answer is the same whatever the site's origin:
 * only an authority (`//host`, `/\host`) or a scheme can take it elsewhere.
 */
export const SITE_ORIGIN_PLACEHOLDER = "https://site.invalid";

/**
 * The one rule for where a link goes: `href` resolved exactly as a browser on a page of the site
 * resolves it (the WHATWG URL parser, which drops tabs and newlines, reads `\` as `/`, and takes
 * any case of scheme), then judged by its origin. `this-site` when it lands on `siteOrigin`,
 * `other-site` for an http(s) page elsewhere, null for anything else (`javascript:`, `data:`,
 * `mailto:`, an address that does not parse).
 */
export function linkTarget(
  href: string,
  siteOrigin: string = SITE_ORIGIN_PLACEHOLDER,
): "this-site" | "other-site" | null {
  const url = resolveLink(href, siteOrigin);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  return url.origin === new URL(siteOrigin).origin ? "this-site" : "other-site";
}

/** `href` as the browser will read it on a page at `siteOrigin`, or null when it does not parse. */
export function resolveLink(href: string, siteOrigin: string = SITE_ORIGIN_PLACEHOLDER) {
  try {
    return new URL(href, siteOrigin);
  } catch {
    return null;
  }
}

/** A link that stays on the site. */
export function isSiteLink(href: string, siteOrigin?: string) {
  return linkTarget(href, siteOrigin) === "this-site";
}

/**
 * A link an editor or the assistant may show: a path on the site (from its root, so it means the
 * same on every page) or a web page written as a full `http(s)://` address; never `\\host` or
 * `/\host`, which look like paths and lead elsewhere.
 */
export function isWebLink(href: string, siteOrigin?: string) {
  const target = linkTarget(href, siteOrigin);
  if (target === "this-site") return href.startsWith("/") || isFullWebAddress(href);
  return target === "other-site" && isFullWebAddress(href);
}

/** A web page's address written in full, `http(s)://host/…` (a setting, an SEO field). */
export function isFullWebAddress(href: string) {
  return /^https?:\/\/[^\s]/i.test(href) && linkTarget(href) !== null;
}
