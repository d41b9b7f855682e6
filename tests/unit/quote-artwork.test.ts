import { describe, expect, it } from "vitest";
import {
  artworkFormat,
  cleanArtworkName,
  isPrivateStorageKey,
} from "~/capabilities/quotes/artwork";

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

describe("artwork is recognised by its bytes, never its name", () => {
  it.each([
    ["a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "rest"), "png"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "jpeg"],
    ["a PDF", bytes("%PDF-1.7\n%âãÏÓ\n"), "pdf"],
    ["an SVG (named .png or not)", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ["an SVG with an XML prolog", bytes('<?xml version="1.0"?><svg/>'), null],
    ["an HTML page", bytes("<!doctype html><script>alert(1)</script>"), null],
    ["a GIF (not artwork here)", bytes("GIF89a"), null],
    ["a WebP (not artwork here)", bytes("RIFF\0\0\0\0WEBP"), null],
    ["a PDF signature later in the file", bytes("junk %PDF-1.4"), null],
    ["a PNG signature cut short", bytes([0x89, 0x50, 0x4e, 0x47]), null],
    ["nothing", bytes(""), null],
  ])("%s", (_what, data, format) => {
    expect(artworkFormat(data)).toBe(format);
  });
});

describe("file names", () => {
  it("keeps the name without its path or control characters, and names a nameless file", () => {
    expect(cleanArtworkName("C:\\Users\\dana\\logo final.png", "png")).toBe("logo final.png");
    expect(cleanArtworkName('../../etc/"pass\nwd".pdf', "pdf")).toBe("passwd.pdf");
    expect(cleanArtworkName("", "jpeg")).toBe("artwork.jpg");
    expect(cleanArtworkName("x".repeat(500), "pdf")).toHaveLength(200);
  });

  it("serves only the thumbnails of the artwork bucket under /media", () => {
    expect(isPrivateStorageKey("quote-artwork/3f2c/original.pdf")).toBe(true);
    expect(isPrivateStorageKey("quote-artwork/3f2c/thumb.webp")).toBe(false);
    expect(isPrivateStorageKey("admin-images/3f2c/640w.webp")).toBe(false);
  });
});
