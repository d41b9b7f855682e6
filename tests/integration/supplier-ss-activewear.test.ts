import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SupplierError } from "~/platform/suppliers/errors";
import { RateBudget } from "~/platform/suppliers/resilience.server";
import { createSsActivewearClient } from "~/platform/suppliers/ss-activewear.server";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { captureLogger } from "../support/supplier-logger";

let fake: Awaited<ReturnType<typeof startFakeSsActivewear>>;
const fastRetry = { retries: 2, baseDelayMs: 20, maxDelayMs: 1500 };

function client(overrides: Partial<Parameters<typeof createSsActivewearClient>[0]> = {}) {
  const log = captureLogger();
  return {
    log,
    ss: createSsActivewearClient({
      baseUrl: fake.url,
      accountNumber: fake.accountNumber,
      apiKey: fake.apiKey,
      logger: log.logger,
      timeoutMs: 2000,
      retry: fastRetry,
      budget: new RateBudget({ limit: 1000, windowMs: 60_000, lowWater: 5 }),
      ...overrides,
    }),
  };
}

beforeAll(async () => {
  fake = await startFakeSsActivewear({ styles: 120, colorsPerStyle: 2, sizesPerStyle: 5 });
});
afterAll(() => fake.close());
afterEach(() =>
  fake.set({
    rateBudget: null,
    refusalsUntilReset: null,
    delayMs: 0,
    fault: null,
    faultCount: 1,
    retryAfterSeconds: 1,
  }),
);

describe("S&S Activewear client against the fake", () => {
  it("reads categories, brands, a style search and all styles", async () => {
    const { ss } = client();
    expect((await ss.categories()).map((c) => c.name)).toContain("T-Shirts");
    expect((await ss.brands()).map((b) => b.name)).toContain("Gildan");
    const found = await ss.searchStyles("S7");
    expect(found.map((s) => s.styleName)).toContain("S7");
    expect(await ss.getStyles()).toHaveLength(120);
  });

  it("lists every style's id alone, and reads styles by id in requests of the size asked", async () => {
    const { ss } = client({ batchSize: 50 });
    const ids = await ss.getStyleIds();
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => 1000 + i));
    const before = fake.stats.requests;
    const styles = await ss.getStyles(ids.slice(0, 30) as number[], 30);
    expect(fake.stats.requests - before).toBe(1);
    expect(styles.map((s) => s.styleID)).toEqual(ids.slice(0, 30));
    expect(styles[0]).toMatchObject({ styleName: expect.any(String), title: expect.any(String) });
  });

  it("fetches products by style id and part number in batches, raw records intact", async () => {
    const { ss } = client({ batchSize: 50 });
    const ids = Array.from({ length: 120 }, (_, i) => 1000 + i);
    const before = fake.stats.requests;
    const products = await ss.getProductsByStyleIds(ids);
    expect(products).toHaveLength(120 * 10);
    expect(fake.stats.requests - before).toBe(3);
    expect(products[0]).toMatchObject({
      styleID: 1000,
      skuID_Master: expect.any(Number),
      PolyPackQty: "12",
    });
    const byPart = await ss.getProductsByPartNumbers(["10003"]);
    expect(new Set(byPart.map((p) => p.styleID))).toEqual(new Set([1003]));
  });

  it("treats a 404 on a filtered request as no results", async () => {
    const { ss } = client();
    expect(await ss.getProductsByStyle("does-not-exist")).toEqual([]);
  });

  it("refuses bad credentials with a non-retryable auth error and never logs the key", async () => {
    const { ss, log } = client({ apiKey: "wrong-key" });
    const error = await ss.categories().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect(error).toMatchObject({
      supplier: "ss-activewear",
      kind: "auth",
      status: 401,
      retryable: false,
    });
    expect(log.text()).not.toContain("wrong-key");
    expect(log.text()).not.toContain(
      Buffer.from(`${fake.accountNumber}:wrong-key`).toString("base64"),
    );
  });

  it("times out a slow answer as a retryable timeout", async () => {
    fake.set({ delayMs: 500 });
    const { ss } = client({
      timeoutMs: 100,
      retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 20 },
    });
    await expect(ss.categories()).rejects.toMatchObject({ kind: "timeout", retryable: true });
    // Let the fake answer the abandoned requests so they do not count against later tests.
    await vi.waitFor(() => expect(fake.stats.delayed).toBe(0), { timeout: 5_000 });
  });

  it("reports malformed JSON without retrying", async () => {
    fake.set({ fault: "malformed", faultCount: 1 });
    const { ss } = client();
    const before = fake.stats.requests;
    await expect(ss.brands()).rejects.toMatchObject({ kind: "malformed", retryable: false });
    expect(fake.stats.requests - before).toBe(1);
  });

  it("retries a connection dropped mid-response and then succeeds", async () => {
    fake.set({ fault: "drop", faultCount: 1 });
    const { ss, log } = client();
    expect((await ss.getProductsByStyleIds([1001])).length).toBe(10);
    expect(log.text()).toContain("retrying");
  });

  it("gives up on a connection that keeps dropping with a network error", async () => {
    fake.set({ fault: "drop", faultCount: 5 });
    const { ss } = client();
    await expect(ss.getProductsByStyleIds([1001])).rejects.toMatchObject({
      kind: "network",
      retryable: true,
    });
  });

  it("retries a 5xx", async () => {
    fake.set({ fault: "500", faultCount: 1 });
    const { ss } = client();
    expect(await ss.categories()).toHaveLength(5);
  });

  it("waits out a 429 honouring Retry-After, then succeeds", async () => {
    const { ss } = client();
    // Two requests, then one 429 (Retry-After: 1), after which the supplier serves again.
    fake.set({ rateBudget: 2, refusalsUntilReset: 1, retryAfterSeconds: 1 });
    await ss.categories();
    await ss.categories();
    const refusedBefore = fake.stats.rateLimited;
    const started = Date.now();
    expect(await ss.brands()).toHaveLength(5);
    expect(fake.stats.rateLimited - refusedBefore).toBe(1);
    // The retry came after the second the supplier asked for, not at once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("fails with rate_limited when the supplier keeps refusing", async () => {
    fake.set({ rateBudget: 0, retryAfterSeconds: 0 });
    const { ss } = client({ retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 20 } });
    await expect(ss.categories()).rejects.toMatchObject({ kind: "rate_limited", status: 429 });
  });

  it("slows down as X-Rate-Limit-Remaining falls", async () => {
    fake.set({ rateBudget: 8 });
    // A 600-per-minute budget: one slot is 100 ms; with 8 allowed and lowWater 5 the last calls wait.
    const { ss } = client({
      budget: new RateBudget({ limit: 600, windowMs: 60_000, lowWater: 5 }),
    });
    const refusedBefore = fake.stats.rateLimited;
    const started = Date.now();
    for (let i = 0; i < 6; i++) await ss.categories();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(fake.stats.rateLimited - refusedBefore).toBe(0);
  });
});

describe("the shared rate budget", () => {
  it("lets no more than the limit through per window", async () => {
    const budget = new RateBudget({ limit: 5, windowMs: 1000, lowWater: 0 });
    const started = Date.now();
    for (let i = 0; i < 8; i++) await budget.acquire();
    // 5 immediately, the next 3 at 200 ms intervals.
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });
});
