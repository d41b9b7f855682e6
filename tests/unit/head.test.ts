import { describe, expect, it } from "vitest";
import { type PageSeoRecord, resolveHeadTags } from "~/capabilities/seo/head";

const url = "https://shop.example.com/webstores";
const defaults = {
  title: "Company Webstores | Merch Simplified",
  description: "Default description",
};
const empty: PageSeoRecord = {
  title: "Stored title",
  metaDescription: null,
  metaKeywords: [],
  ogTitle: null,
  ogDescription: null,
  ogImageUrl: null,
  twitterTitle: null,
  twitterDescription: null,
  twitterImageUrl: null,
  canonicalUrl: null,
};

describe("resolveHeadTags", () => {
  it("uses the page's own defaults when no record exists", () => {
    const head = resolveHeadTags(null, defaults, url);
    expect(head.title).toBe(defaults.title);
    expect(head.description).toBe(defaults.description);
    expect(head.canonical).toBe(url);
    expect(head.og).toMatchObject({ title: defaults.title, url, type: "website" });
    expect(head.twitter).toMatchObject({ card: "summary_large_image", title: defaults.title });
    expect(head.keywords).toBeUndefined();
  });

  it.each([
    [
      "og title falls back to the title",
      {},
      (h: ReturnType<typeof resolveHeadTags>) => h.og.title,
      "Stored title",
    ],
    [
      "og description falls back to the meta description",
      { metaDescription: "Meta" },
      (h: ReturnType<typeof resolveHeadTags>) => h.og.description,
      "Meta",
    ],
    [
      "og url is the canonical url when set",
      { canonicalUrl: "https://c.example.com/x" },
      (h: ReturnType<typeof resolveHeadTags>) => h.og.url,
      "https://c.example.com/x",
    ],
    [
      "og url is the current address otherwise",
      {},
      (h: ReturnType<typeof resolveHeadTags>) => h.og.url,
      url,
    ],
    [
      "twitter title falls back to the og title",
      { ogTitle: "OG" },
      (h: ReturnType<typeof resolveHeadTags>) => h.twitter.title,
      "OG",
    ],
    [
      "twitter title falls back to the title without og title",
      {},
      (h: ReturnType<typeof resolveHeadTags>) => h.twitter.title,
      "Stored title",
    ],
    [
      "twitter description falls back to the og description",
      { metaDescription: "Meta", ogDescription: "OG desc" },
      (h: ReturnType<typeof resolveHeadTags>) => h.twitter.description,
      "OG desc",
    ],
    [
      "twitter description falls back to the meta description",
      { metaDescription: "Meta" },
      (h: ReturnType<typeof resolveHeadTags>) => h.twitter.description,
      "Meta",
    ],
    [
      "twitter image falls back to the og image",
      { ogImageUrl: "https://i.example.com/og.png" },
      (h: ReturnType<typeof resolveHeadTags>) => h.twitter.image,
      "https://i.example.com/og.png",
    ],
    [
      "an explicit twitter image wins",
      {
        ogImageUrl: "https://i.example.com/og.png",
        twitterImageUrl: "https://i.example.com/tw.png",
      },
      (h: ReturnType<typeof resolveHeadTags>) => h.twitter.image,
      "https://i.example.com/tw.png",
    ],
    [
      "the canonical link is the canonical url when set",
      { canonicalUrl: "https://c.example.com/x" },
      (h: ReturnType<typeof resolveHeadTags>) => h.canonical,
      "https://c.example.com/x",
    ],
    [
      "blank fields count as missing",
      { ogTitle: "  " },
      (h: ReturnType<typeof resolveHeadTags>) => h.og.title,
      "Stored title",
    ],
  ] as const)("%s", (_name, fields, pick, expected) => {
    expect(pick(resolveHeadTags({ ...empty, ...fields }, defaults, url))).toBe(expected);
  });

  it("a stored record without a description does not borrow the page default", () => {
    expect(resolveHeadTags(empty, defaults, url).description).toBeUndefined();
  });

  it("joins keywords, dropping blanks", () => {
    const head = resolveHeadTags(
      { ...empty, metaKeywords: ["merch", " ", "webstores"] },
      defaults,
      url,
    );
    expect(head.keywords).toBe("merch, webstores");
  });
});
