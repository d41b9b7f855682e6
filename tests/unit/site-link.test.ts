import { isValidElement } from "react";
import { describe, expect, it } from "vitest";
import { withLinks } from "~/capabilities/chat/AnswerText";
import { isFullWebAddress, isSiteLink, isWebLink, linkTarget } from "~/platform/security/site-link";
import { storyForm } from "~/capabilities/success-stories/story-form";
import { isImageAddress } from "~/platform/uploads/image-address";

const SITE = "https://www.merchsimplified.example.com";

// Each leads off the site in a browser, though most start with one slash.
const elsewhere = [
  "/\\evil.example",
  "/\\evil.example/story",
  "\\\\evil.example",
  "\\/evil.example",
  "//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\\/evil.example",
  "http:evil.example", // another scheme than the page's: an absolute address
  "HTTPS://evil.example",
  "hTtP://evil.example/x",
  "https://www.merchsimplified.example.com.evil.example/",
  "https://www.merchsimplified.example.com@evil.example/",
];
// Never a page: scripts, inline data, other schemes, or no address at all.
const notPages = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD4=",
  "vbscript:msgbox(1)",
  "mailto:x@example.com",
  "http://[::1",
];
const onSite = [
  "/about",
  "/pricing#plans",
  "/%2F%2Fevil.example", // encoded slashes stay in the path
  "/%5Cevil.example",
  "/a/..//b", // collapses to //b in the path, still on this origin
  "/\tabout",
  "https://www.merchsimplified.example.com/about",
  "HTTPS://WWW.MERCHSIMPLIFIED.EXAMPLE.COM/about",
];

describe("the one rule for a link on this site", () => {
  it.each(elsewhere)("%j leads elsewhere", (href) => {
    expect(linkTarget(href, SITE)).toBe("other-site");
    expect(isSiteLink(href, SITE)).toBe(false);
    expect(isSiteLink(href)).toBe(false);
  });

  it.each(notPages)("%j is no page at all", (href) => {
    expect(linkTarget(href, SITE)).toBeNull();
    expect(isWebLink(href, SITE)).toBe(false);
  });

  it.each(onSite)("%j stays on the site", (href) => {
    expect(linkTarget(href, SITE)).toBe("this-site");
  });

  it("agrees with the browser on /\\evil.example: http://evil.example/story", () => {
    expect(new URL("/\\evil.example/story", "http://127.0.0.1:3000").href).toBe(
      "http://evil.example/story",
    );
  });

  it("reads https:evil.example on an https page as the relative path evil.example", () => {
    expect(new URL("https:evil.example", SITE).href).toBe(`${SITE}/evil.example`);
    expect(isWebLink("https:evil.example", SITE)).toBe(false);
  });

  it("accepts for a shown link only site paths and addresses written in full", () => {
    for (const href of ["/\\evil.example", "\\\\evil.example", "https:evil.example", "about"]) {
      expect(isWebLink(href, SITE), href).toBe(false);
    }
    for (const href of ["/about", "https://evil.example/", "HTTP://partner.example/x"]) {
      expect(isWebLink(href, SITE), href).toBe(true);
    }
  });
});

describe("every place that judges a link uses it", () => {
  it("a setting or SEO address must be written in full", () => {
    for (const href of [
      ...notPages,
      "/about",
      "//evil.example",
      "https:evil.example",
      "https:// x",
    ])
      expect(isFullWebAddress(href), href).toBe(false);
    expect(isFullWebAddress("HTTPS://www.example.com/x")).toBe(true);
  });

  const story = (linkUrl: string) =>
    storyForm.safeParse({ title: "T", companyName: "C", description: "D", linkUrl });

  it.each(["/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "data:text/html,x"])(
    "a success story refuses %j",
    (linkUrl) => {
      expect(story(linkUrl).error?.issues[0]?.message).toBe(
        "Enter a full web address (https://…) or a path on this site.",
      );
      expect(isImageAddress(linkUrl)).toBe(false);
    },
  );

  it("the chat shows as links only site paths and full addresses", () => {
    const text =
      "[a](/\\evil.example) [b](/pricing) [c](javascript:alert(1)) [d](https://partner.example/)";
    const hrefs = withLinks(text)
      .filter(isValidElement)
      .map((element) => (element.props as { href: string }).href);
    expect(hrefs).toEqual(["/pricing", "https://partner.example/"]);
  });

  it("a success story keeps /about and a full address", () => {
    expect(story("/about").success).toBe(true);
    expect(story("https://partner.example/case").success).toBe(true);
    expect(isImageAddress("/media/uploads/a.webp")).toBe(true);
  });
});
