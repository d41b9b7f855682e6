import { describe, expect, it } from "vitest";
import { batchFor } from "~/capabilities/catalog/sync.server";

describe("style ids per batch (a styles request and a products request)", () => {
  it("keeps 25 for small catalogues and a large one within the request budget", () => {
    expect(batchFor(75)).toBe(25);
    expect(batchFor(2_500)).toBe(25);
    // Up to 50,000 styles in 100 batches: 200 requests, 4 minutes at 50 a minute.
    expect(batchFor(50_000)).toBe(500);
    expect(Math.ceil(50_000 / batchFor(50_000))).toBe(100);
    // 1,000,000 SKUs of the generated catalogue: 58,166 styles in 117 batches, not 2,327.
    expect(Math.ceil(58_166 / batchFor(58_166))).toBe(117);
    // The address stays about 3 KB however large the catalogue.
    expect(batchFor(1_000_000)).toBe(500);
  });
});
