import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "~/features/content/sanitize-html";

describe("FAQ answer sanitizing", () => {
  it("keeps the formatting admins use", () => {
    const html =
      '<p>Yes, <strong>no minimums</strong>.</p><ul><li><a href="/pricing">Plans</a></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("drops scripts, styles and frames with their content", () => {
    expect(sanitizeHtml("<p>Hi</p><script>alert(1)</script><style>p{}</style>")).toBe("<p>Hi</p>");
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe("ok");
  });

  it("drops inline event handlers and script URLs", () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">')).toBe('<img src="x">');
    expect(sanitizeHtml("<p onclick='steal()'>Hi</p>")).toBe("<p>Hi</p>");
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href=" JavaScript:alert(1)">x</a>')).toBe("<a>x</a>");
  });

  it("cannot be tricked into reassembling a removed tag", () => {
    expect(sanitizeHtml("<scr<script>x</script>ipt>alert(1)</script>")).not.toMatch(/<script/i);
  });
});
