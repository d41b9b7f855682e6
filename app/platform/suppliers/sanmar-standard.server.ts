import type { Client } from "soap";
import { SupplierError } from "./errors";
import {
  DEFAULT_RETRY,
  type RetryPolicy,
  type SupplierLogger,
  sharedRateBudget,
} from "./resilience.server";
import { type SoapCallOptions, callSoap, soapClient } from "./soap.server";

export const SANMAR_HOSTS = {
  production: "https://ws.sanmar.com:8080",
  // Renamed from edev-ws.sanmar.com in 2025 per third-party notes (reference §2.1): configurable.
  test: "https://test-ws.sanmar.com:8080",
} as const;

export const SANMAR_PRODUCT_INFO_PATH = "/SanMarWebService/SanMarProductInfoServicePort";

export const SANMAR_STANDARD_METHODS = [
  "getProductInfoByStyleColorSize",
  "getProductBulkInfo",
  "getProductDeltaInfo",
  "getProductInfoByBrand",
  "getProductInfoByCategory",
] as const;
export type SanMarStandardMethod = (typeof SANMAR_STANDARD_METHODS)[number];

export interface SanMarProductInfo {
  productBasicInfo?: Record<string, unknown> & {
    style?: string;
    color?: string;
    size?: string;
    productTitle?: string;
  };
  productImageInfo?: Record<string, unknown>;
  productPriceInfo?: Record<string, unknown>;
}

export interface SanMarStandardResult {
  errorOccured: boolean;
  message: string;
  products: SanMarProductInfo[];
  raw: string;
}

export interface SanMarStandardConfig {
  /** Host with port, e.g. SANMAR_HOSTS.production; the service path is appended. */
  baseUrl: string;
  customerNumber: string;
  username: string;
  password: string;
  logger: SupplierLogger;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

export type SanMarStandardClient = ReturnType<typeof createSanMarStandardClient>;

const AUTH_MESSAGE = /authenticat|unauthenticated|unauthorized/i;
const NOT_FOUND_MESSAGE = /invalid style|data not found|not found/i;

/** SanMar Standard Web Services, Product Information Service (reference §2). */
export function createSanMarStandardClient(config: SanMarStandardConfig) {
  const endpoint = config.baseUrl.replace(/\/+$/, "") + SANMAR_PRODUCT_INFO_PATH;
  let client: Promise<Client> | undefined;
  const options: SoapCallOptions = {
    supplier: "sanmar-standard",
    logger: config.logger,
    timeoutMs: config.timeoutMs ?? 30_000,
    // No hard limit at SanMar, but "avoid excessive calls" (reference §2.6).
    retry: config.retry ?? { ...DEFAULT_RETRY, retries: 2 },
    budget: sharedRateBudget(`sanmar-standard:${endpoint}:${config.customerNumber}`, {
      limit: 120,
      windowMs: 60_000,
      lowWater: 0,
    }),
  };
  const login = {
    sanMarCustomerNumber: config.customerNumber,
    sanMarUserName: config.username,
    sanMarUserPassword: config.password,
  };

  async function call(
    operation: SanMarStandardMethod,
    args: Record<string, unknown>,
  ): Promise<SanMarStandardResult> {
    client ??= soapClient("SanMarProductInfoService.wsdl", endpoint);
    const { result, raw } = await callSoap<{ return?: Record<string, unknown> }>(
      await client,
      operation,
      args,
      options,
    );
    const body = result.return;
    if (!body || typeof body !== "object") {
      throw new SupplierError(
        "sanmar-standard",
        "malformed",
        "SanMar answered without a return element.",
      );
    }
    const errorOccured = body.errorOccured === true || body.errorOccured === "true";
    const message = typeof body.message === "string" ? body.message.trim() : "";
    if (errorOccured) {
      const kind = AUTH_MESSAGE.test(message)
        ? "auth"
        : NOT_FOUND_MESSAGE.test(message)
          ? "not_found"
          : "remote";
      throw new SupplierError(
        "sanmar-standard",
        kind,
        message || "SanMar reported an error without a message.",
      );
    }
    const list = body.listResponse;
    const products = (Array.isArray(list) ? list : list ? [list] : []) as SanMarProductInfo[];
    return { errorOccured, message, products, raw };
  }

  return {
    supplier: "sanmar-standard" as const,
    endpoint,
    getProductInfoByStyleColorSize: (product: { style: string; color?: string; size?: string }) =>
      call("getProductInfoByStyleColorSize", {
        arg0: { color: product.color, size: product.size, style: product.style },
        arg1: login,
      }),
    /** Asks SanMar to write the whole catalogue to SFTP; allowed once a month. */
    getProductBulkInfo: () => call("getProductBulkInfo", { arg0: login }),
    getProductDeltaInfo: () => call("getProductDeltaInfo", { arg0: login }),
    getProductInfoByBrand: (brandName: string) =>
      call("getProductInfoByBrand", { arg0: { brandName }, arg1: login }),
    getProductInfoByCategory: (category: string) =>
      call("getProductInfoByCategory", { arg0: { category }, arg1: login }),
  };
}
