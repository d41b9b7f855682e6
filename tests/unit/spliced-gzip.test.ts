import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressParts, splicedGzip } from "../../server/spliced-gzip";

const gunzip = (chunks: Buffer[]) => gunzipSync(Buffer.concat(chunks)).toString();

describe("a page compressed once, sent with a fresh nonce each time", () => {
  const text = (n: number) => `<p>Company webstores for teams, in ${n} colours.</p>`.repeat(n);
  const parts = ['<html><script nonce="', text(40), "", text(400), '"></script></html>'].map(
    (part) => Buffer.from(part),
  );
  const compressed = compressParts(parts);

  it("decompresses (checksum and length included) to the parts joined by each nonce", () => {
    for (const nonce of ["abc", randomBytes(16).toString("base64"), ""]) {
      expect(gunzip(splicedGzip(parts, compressed, Buffer.from(nonce)))).toBe(
        parts.map(String).join(nonce),
      );
    }
  });

  it("is much smaller than the page", () => {
    const size = (chunks: Buffer[]) => chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const gzip = size(splicedGzip(parts, compressed, Buffer.from("nonce")));
    expect(gzip).toBeLessThan(size(parts) / 10);
  });

  it("carries a page without a nonce", () => {
    const one = [Buffer.from("just one part")];
    expect(gunzip(splicedGzip(one, compressParts(one), Buffer.from("x")))).toBe("just one part");
  });

  it("refuses a separator longer than a stored block holds", () => {
    expect(() => splicedGzip(parts, compressed, Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
