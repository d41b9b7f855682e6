import { readFileSync } from "node:fs";
import path from "node:path";
import Beasties from "beasties";

const STYLESHEET_LINK =
  /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)" data-precedence="default"\/>/;
const MARK = "critical-css";

/**
 * Puts the rules a cached page needs for its first paint into the page itself, so that paint
 * waits for no other request (issue 13, decision 014). Beasties keeps the rules whose selectors
 * match an element of this document (about 32 KB of the 67 KB sheet on `/`); the whole sheet
 * inline made `/` 145 KB, past the size at which serving it costs a third more.
 *
 * The original <link> stays, with media="not all": React finds its stylesheet resource in the
 * document (so it neither inserts nor waits for one), the browser fetches the file at the lowest
 * priority without blocking the paint, and the client entry (app/entry.client.tsx) turns it on
 * for what the page does next: menus, dialogs, other pages. Without JavaScript, <noscript> loads
 * it. When Beasties fails, the whole sheet goes inline.
 */
export function createStylesheetInliner(clientDir: string | undefined) {
  const beasties = clientDir
    ? new Beasties({
        path: clientDir,
        nonce: MARK,
        preload: "media",
        pruneSource: false,
        reduceInlineStyles: false,
        // Tailwind names animations through custom properties, which Beasties cannot follow.
        keyframes: "all",
        fonts: false,
        logLevel: "silent",
      })
    : null;
  const sheets = new Map<string, string | null>();
  const wholeSheet = (href: string) => {
    if (!sheets.has(href)) {
      let css: string | null = null;
      try {
        if (clientDir) css = readFileSync(path.join(clientDir, href), "utf8");
      } catch {
        css = null;
      }
      sheets.set(href, css);
    }
    return sheets.get(href) ?? null;
  };
  const critical = async (html: string) => {
    try {
      const processed = await beasties?.process(html);
      return processed?.match(new RegExp(`<style nonce="${MARK}">(.*?)</style>`, "s"))?.[1];
    } catch {
      return undefined;
    }
  };

  return async (html: string, nonce: string) => {
    const found = STYLESHEET_LINK.exec(html);
    if (!found) return html;
    const [link, href = ""] = found;
    const css = (await critical(html)) ?? wholeSheet(href);
    if (css === null) return html;
    const inline = css.replaceAll("</style", "<\\/style");
    return html.replace(
      link,
      `<style nonce="${nonce}">${inline}</style>${link.replace("/>", ' media="not all"/>')}` +
        `<noscript><link rel="stylesheet" href="${href}"/></noscript>`,
    );
  };
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
