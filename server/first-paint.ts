import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Puts the site's stylesheet into the page itself, so the first paint waits for no other request
 * (issue 13: the stylesheet blocked first paint on a slow phone). The whole sheet is inlined: at
 * about 11 KB gzipped it costs less than the extra round trip a render-blocking request costs on
 * a mobile connection, and there is no separate critical-CSS step to keep in sync. (Critical CSS
 * with Beasties was tried, decision 014: it dropped the rules Tailwind writes with `:where()` and
 * attribute selectors, so the first paint differed from the page and shifted when the rest came.)
 *
 * The original <link> stays with media="not all": React finds its stylesheet resource in the
 * document (so it neither inserts nor waits for one), and the browser fetches the file at the
 * lowest priority for later pages without blocking this one.
 */
export function createStylesheetInliner(clientDir: string | undefined) {
  const sheets = new Map<string, string | null>();
  const read = (href: string) => {
    if (!sheets.has(href)) {
      let css: string | null = null;
      try {
        if (clientDir && /^\/assets\/[\w.-]+\.css$/.test(href)) {
          css = readFileSync(path.join(clientDir, href), "utf8").replaceAll("</style", "<\\/style");
        }
      } catch {
        css = null;
      }
      sheets.set(href, css);
    }
    return sheets.get(href) ?? null;
  };
  return (html: string, nonce: string) =>
    html.replace(
      /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)" data-precedence="default"\/>/,
      (link, href: string) => {
        const css = read(href);
        if (css === null) return link;
        return `<style nonce="${nonce}">${css}</style>${link.replace("/>", ' media="not all"/>')}`;
      },
    );
}

/**
 * The page's scripts at low priority (issue 13): the HTML is complete and works without them, so
 * on a slow connection the hero image and the first paint get the bandwidth first and React's
 * 120 KB follow. Without it, the modulepreloads (high priority) shared the link with the largest
 * image and Lighthouse counted their download in the first paint.
 */
export function deferModulePreloads(html: string) {
  return html.replaceAll(
    '<link rel="modulepreload"',
    '<link rel="modulepreload" fetchpriority="low"',
  );
}
