import { describe, expect, it } from "vitest";
import { batchFor } from "~/capabilities/catalog/sync.server";

describe("style ids per products request", () => {
  it("keeps 25 for small catalogues and a large one within 200 requests", () => {
    expect(batchFor(75)).toBe(25);
    expect(batchFor(5_000)).toBe(25);
    // 1,000,000 SKUs of the generated catalogue: 58,166 styles in 200 requests, not 2,327.
    expect(batchFor(58_166)).toBe(291);
    expect(Math.ceil(58_166 / batchFor(58_166))).toBe(200);
    // The address stays about 3 KB however large the catalogue.
    expect(batchFor(1_000_000)).toBe(500);
  });
});
