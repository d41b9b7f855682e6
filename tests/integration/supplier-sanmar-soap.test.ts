import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SupplierError } from "~/platform/suppliers/errors";
import { createPromoStandardsClient } from "~/platform/suppliers/promostandards.server";
import { createSanMarStandardClient } from "~/platform/suppliers/sanmar-standard.server";
import { startFakeSanMarSoap } from "../fakes/sanmar-soap";
import { captureLogger } from "../support/supplier-logger";

let fake: Awaited<ReturnType<typeof startFakeSanMarSoap>>;
const retry = { retries: 2, baseDelayMs: 10, maxDelayMs: 50 };

beforeAll(async () => {
  fake = await startFakeSanMarSoap();
});
afterAll(() => fake.close());
afterEach(() => fake.set({ delayMs: 0, fault: null, faultCount: 1 }));

function standard(overrides: { password?: string; timeoutMs?: number } = {}) {
  const log = captureLogger();
  const client = createSanMarStandardClient({
    baseUrl: fake.url,
    customerNumber: fake.customerNumber,
    username: fake.username,
    password: overrides.password ?? fake.password,
    logger: log.logger,
    timeoutMs: overrides.timeoutMs ?? 3000,
    retry,
  });
  return { client, log };
}

function promo(overrides: { password?: string; timeoutMs?: number } = {}) {
  return createPromoStandardsClient({
    baseUrl: fake.url,
    id: fake.username,
    password: overrides.password ?? fake.password,
    logger: captureLogger().logger,
    timeoutMs: overrides.timeoutMs ?? 3000,
    retry,
  });
}

describe("SanMar Standard Web Services client against the fake", () => {
  it("returns every colour and size of a style by its catalogue colour", async () => {
    const { client } = standard();
    const all = await client.getProductInfoByStyleColorSize({ style: "PC61" });
    expect(all.products).toHaveLength(8);
    expect(all.message).toBe("Product Info sent successfully.");
    const navy = await client.getProductInfoByStyleColorSize({
      style: "pc61",
      color: "Navy",
      size: "M",
    });
    expect(navy.products).toHaveLength(1);
    expect(navy.products[0]!.productBasicInfo).toMatchObject({
      style: "PC61",
      color: "Navy",
      size: "M",
      uniqueKey: "118032",
    });
    expect(navy.raw).toContain("errorOccured");
  });

  it("runs the four file-request operations and surfaces SanMar's message", async () => {
    const { client } = standard();
    for (const result of [
      await client.getProductBulkInfo(),
      await client.getProductDeltaInfo(),
      await client.getProductInfoByBrand("Port & Company"),
      await client.getProductInfoByCategory("T-Shirts"),
    ]) {
      expect(result.message).toContain("SanMarPI folder");
    }
  });

  it("surfaces errorOccured with SanMar's message: unknown style", async () => {
    const { client } = standard();
    await expect(client.getProductInfoByStyleColorSize({ style: "NOPE" })).rejects.toMatchObject({
      kind: "not_found",
      message: "Invalid Style + Color + Size specified.",
    });
  });

  it("maps a login refusal to an auth error and keeps the password out of logs", async () => {
    const { client, log } = standard({ password: "wrong-pass-123" });
    const error = await client.getProductBulkInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect(error).toMatchObject({
      supplier: "sanmar-standard",
      kind: "auth",
      message: "User authentication failed.",
      retryable: false,
    });
    expect(log.text()).not.toContain("wrong-pass-123");
  });

  it("times out a slow answer", async () => {
    fake.set({ delayMs: 600 });
    const { client } = standard({ timeoutMs: 150 });
    await expect(client.getProductBulkInfo()).rejects.toMatchObject({
      kind: "timeout",
      retryable: true,
    });
    // Let the fake answer the abandoned requests so they do not count against later tests.
    await vi.waitFor(() => expect(fake.stats.delayed).toBe(0), { timeout: 5_000 });
  });

  it("reports a malformed envelope", async () => {
    fake.set({ fault: "malformed" });
    const { client } = standard();
    await expect(client.getProductDeltaInfo()).rejects.toMatchObject({ kind: "malformed" });
  });

  it("retries a connection dropped mid-response and a 503, then succeeds", async () => {
    const { client } = standard();
    fake.set({ fault: "drop", faultCount: 1 });
    expect((await client.getProductInfoByStyleColorSize({ style: "ST100" })).products).toHaveLength(
      4,
    );
    fake.set({ fault: "503", faultCount: 1 });
    expect((await client.getProductInfoByStyleColorSize({ style: "ST100" })).products).toHaveLength(
      4,
    );
  });

  it("fails with a network error when the connection keeps dropping", async () => {
    fake.set({ fault: "drop", faultCount: 5 });
    const { client } = standard();
    await expect(client.getProductBulkInfo()).rejects.toMatchObject({ kind: "network" });
  });

  it("fails with a server error when SanMar stays unavailable (its throttling answer)", async () => {
    fake.set({ fault: "503", faultCount: 5 });
    const { client } = standard();
    await expect(client.getProductBulkInfo()).rejects.toMatchObject({
      kind: "server",
      status: 503,
    });
  });

  it("surfaces a SOAP Fault's faultstring", async () => {
    fake.set({ fault: "soap-fault" });
    const { client } = standard();
    await expect(client.getProductBulkInfo()).rejects.toMatchObject({
      kind: "remote",
      message: expect.stringContaining("Unmarshalling Error"),
    });
  });
});

describe("PromoStandards Product Data 2.0.0 client against the fake", () => {
  it("GetProduct returns the product with its parts", async () => {
    const result = await promo().getProduct("PC61");
    expect(result.data).toMatchObject({ productId: "PC61", productBrand: "Port & Company" });
    expect(JSON.stringify(result.data)).toContain("Athletic Hthr");
  });

  it("GetProductSellable, GetProductCloseOut and GetProductDateModified list product refs", async () => {
    const client = promo();
    expect((await client.getProductSellable({ productId: "ST100" })).data).toHaveLength(4);
    expect((await client.getProductCloseOut()).data).toEqual([
      { productId: "ST100", partId: "555011" },
    ]);
    expect((await client.getProductDateModified(new Date("2025-06-01T00:00:00Z"))).data).toEqual([
      { productId: "PC61" },
    ]);
  });

  it("surfaces ServiceMessage code 130 as not found", async () => {
    await expect(promo().getProduct("NOPE")).rejects.toMatchObject({
      kind: "not_found",
      code: "130",
      message: "130: Product Id not found",
    });
  });

  it("surfaces ServiceMessage code 105 as an auth error", async () => {
    await expect(promo({ password: "bad" }).getProductCloseOut()).rejects.toMatchObject({
      kind: "auth",
      code: "105",
    });
  });

  it("times out, reports malformed answers and retries a dropped connection", async () => {
    fake.set({ delayMs: 600 });
    await expect(promo({ timeoutMs: 150 }).getProductCloseOut()).rejects.toMatchObject({
      kind: "timeout",
    });
    // Let the fake answer the abandoned requests so they do not count against later tests.
    await vi.waitFor(() => expect(fake.stats.delayed).toBe(0), { timeout: 5_000 });
    fake.set({ delayMs: 0, fault: "malformed" });
    await expect(promo().getProductCloseOut()).rejects.toMatchObject({ kind: "malformed" });
    fake.set({ fault: "drop", faultCount: 1 });
    expect((await promo().getProductCloseOut()).data).toHaveLength(1);
  });
});
