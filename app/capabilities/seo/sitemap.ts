import { publicPages } from "./pages";

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

/** sitemap.xml for every public page that is meant to be found. */
export function renderSitemap(publicUrl: string) {
  const urls = publicPages
    .filter((page) => !page.hidden)
    .map((page) => `  <url><loc>${escapeXml(publicUrl + page.path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
