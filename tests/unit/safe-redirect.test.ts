import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/platform/auth/roles";
import { returnLocation } from "~/capabilities/contact/contact";
import { safeRedirectPath } from "~/platform/security/safe-redirect";

// Each is a value as the route reads it (query strings and form fields arrive decoded).
const offSite = [
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example".replace(" ", "\t"),
  "/\\/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  " //evil.example",
  "evil.example",
  "",
];

describe("the one same-origin redirect check", () => {
  it.each(offSite)("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/admin")).toBe("/admin");
    expect(safeRedirectTarget(value)).toBe("/admin");
  });

  it("keeps a path on this site, normalised, with its query", () => {
    expect(safeRedirectPath("/admin/faqs?page=2", "/admin")).toBe("/admin/faqs?page=2");
    expect(safeRedirectPath("/admin/../admin/coupons", "/admin")).toBe("/admin/coupons");
    expect(safeRedirectPath("/pricing#plans", "/")).toBe("/pricing#plans");
  });

  it("sends the contact form's visitors back to a path on this site only", () => {
    expect(returnLocation("/\t/evil.example", "sent", "contact")).toBe("/?contact=sent#contact");
    expect(returnLocation("/about", "sent", "contact")).toBe("/about?contact=sent#contact");
  });

  it("refuses what /admin/auth?redirectTo=%2F%5Cevil and %2F%09%2Fevil decode to", () => {
    const query = new URLSearchParams("a=%2F%5Cevil.example&b=%2F%09%2Fevil.example");
    expect(safeRedirectTarget(query.get("a"))).toBe("/admin");
    expect(safeRedirectTarget(query.get("b"))).toBe("/admin");
  });
});
