import { describe, expect, it } from "vitest";
import { publicPages } from "~/capabilities/seo/pages";
import { renderSitemap } from "~/capabilities/seo/sitemap";

describe("sitemap.xml", () => {
  const xml = renderSitemap("https://www.example.com");

  it("lists every public page meant to be found", () => {
    for (const page of publicPages.filter((p) => !p.hidden)) {
      expect(xml).toContain(`<loc>https://www.example.com${page.path}</loc>`);
    }
  });

  it("leaves out checkout pages and anything under /admin", () => {
    expect(xml).not.toContain("/checkout");
    expect(xml).not.toContain("/admin");
  });
});
