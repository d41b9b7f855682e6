import { describe, expect, it } from "vitest";
import {
  fetchErrorReason,
  normalizeSiteUrl,
  offSiteReason,
  robotsReason,
} from "~/platform/crawl/crawl";
import { crawlProgressText } from "~/capabilities/knowledge/messages";

const codeError = (code: string, message = code) => Object.assign(new Error(message), { code });
const url = new URL("https://shop.example.com/about");

describe("a typed address without a scheme", () => {
  it("gets http:// for localhost and loopback addresses", () => {
    expect(normalizeSiteUrl("localhost:3000")?.href).toBe("http://localhost:3000/");
    expect(normalizeSiteUrl("LOCALHOST")?.href).toBe("http://localhost/");
    expect(normalizeSiteUrl("shop.localhost:5173/x")?.href).toBe("http://shop.localhost:5173/x");
    expect(normalizeSiteUrl("127.0.0.1/x")?.href).toBe("http://127.0.0.1/x");
    expect(normalizeSiteUrl("127.1.2.3:8080")?.href).toBe("http://127.1.2.3:8080/");
    expect(normalizeSiteUrl("[::1]")?.href).toBe("http://[::1]/");
    expect(normalizeSiteUrl("[::1]:3000/about")?.href).toBe("http://[::1]:3000/about");
  });

  it("gets https:// everywhere else, and a typed scheme is kept", () => {
    expect(normalizeSiteUrl("merchsimplified.com")?.href).toBe("https://merchsimplified.com/");
    expect(normalizeSiteUrl("localhost.example.com")?.href).toBe("https://localhost.example.com/");
    expect(normalizeSiteUrl("10.0.0.1")?.href).toBe("https://10.0.0.1/");
    expect(normalizeSiteUrl("128.0.0.1")?.href).toBe("https://128.0.0.1/");
    expect(normalizeSiteUrl("https://localhost:3000")?.href).toBe("https://localhost:3000/");
    expect(normalizeSiteUrl("http://example.com#top")?.href).toBe("http://example.com/");
    expect(normalizeSiteUrl("  ")).toBeNull();
    expect(normalizeSiteUrl("ftp://x.com")).toBeNull();
    expect(normalizeSiteUrl("exa mple.com")).toBeNull();
  });
});

describe("why a page could not be fetched", () => {
  it("could not connect: DNS, refused, reset, timeout", () => {
    expect(fetchErrorReason(codeError("ENOTFOUND"), url)).toBe(
      "Could not connect to shop.example.com: no such host name.",
    );
    expect(fetchErrorReason(codeError("ECONNREFUSED"), url)).toBe(
      "Could not connect to shop.example.com: the connection was refused.",
    );
    expect(fetchErrorReason(codeError("ECONNRESET"), url)).toMatch(/^Could not connect/);
    const timeout = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    expect(fetchErrorReason(timeout, url)).toBe(
      "Could not connect to shop.example.com: it did not answer in time.",
    );
  });

  it("TLS error: certificate problems and a plain-HTTP server", () => {
    expect(fetchErrorReason(codeError("CERT_HAS_EXPIRED", "certificate has expired"), url)).toBe(
      "TLS error with shop.example.com: its certificate has expired.",
    );
    expect(fetchErrorReason(codeError("DEPTH_ZERO_SELF_SIGNED_CERT"), url)).toMatch(
      /^TLS error with shop\.example\.com: its certificate is self-signed/,
    );
    expect(fetchErrorReason(codeError("EPROTO", "ssl3_get_record:wrong version number"), url)).toBe(
      "TLS error with shop.example.com: it did not answer with TLS (try http://).",
    );
  });

  it("refused by the safe fetcher: a private address", () => {
    const blocked = Object.assign(new Error("x resolves to 10.0.0.1"), {
      name: "BlockedAddressError",
    });
    expect(fetchErrorReason(blocked, url)).toMatch(
      /^Refused by the safe fetcher: shop\.example\.com is a private address/,
    );
  });

  it("refused by robots.txt, and outside the site", () => {
    expect(robotsReason(url)).toBe(
      "Refused by robots.txt: shop.example.com's robots.txt does not allow crawling /about.",
    );
    expect(offSiteReason(url, "https://elsewhere.example")).toMatch(
      /^Outside the site: https:\/\/shop\.example\.com\/about redirects to https:\/\/elsewhere\.example/,
    );
  });
});

describe("crawl progress", () => {
  it("reads pages fetched of pages found so far, never '?'", () => {
    expect(crawlProgressText(12, 40)).toBe("12 of 40 pages fetched (40 found so far)");
    expect(crawlProgressText(0, 0)).toBe("0 of 1 page fetched (1 found so far)");
    expect(crawlProgressText(3, 2)).toBe("3 of 3 pages fetched (3 found so far)");
  });
});
