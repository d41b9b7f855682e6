import type { Client } from "soap";
import { SupplierError, type SupplierErrorKind } from "./errors";
import {
  DEFAULT_RETRY,
  type RetryPolicy,
  type SupplierLogger,
  sharedRateBudget,
} from "./resilience.server";
import { type SoapCallOptions, callSoap, soapClient } from "./soap.server";

export const PROMOSTANDARDS_PRODUCT_DATA_PATH = "/promostandards/ProductDataServiceBindingV2";

export const PROMOSTANDARDS_METHODS = [
  "GetProductSellable",
  "GetProduct",
  "GetProductCloseOut",
  "GetProductDateModified",
] as const;
export type PromoStandardsMethod = (typeof PROMOSTANDARDS_METHODS)[number];

export interface ServiceMessage {
  code: number;
  description: string;
  severity: "Error" | "Information" | "Warning" | string;
}

export interface PromoStandardsResult<T> {
  data: T;
  /** Information and Warning messages that came with the data. */
  messages: ServiceMessage[];
  raw: string;
}

export interface ProductRef {
  productId: string;
  partId?: string;
}

export interface PromoStandardsConfig {
  baseUrl: string;
  /** SanMar.com username and password (not the FTP login). */
  id: string;
  password: string;
  logger: SupplierLogger;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

export type PromoStandardsClient = ReturnType<typeof createPromoStandardsClient>;

/** Reference §3.5: SanMar uses 130 for "Product Id not found". */
export function kindOfServiceCode(code: number): SupplierErrorKind {
  if ([100, 105, 110, 104].includes(code)) return "auth";
  if ([130, 135, 140, 145, 150, 160, 200].includes(code)) return "not_found";
  return "remote";
}

/** PromoStandards Product Data 2.0.0 at SanMar (reference §3). */
export function createPromoStandardsClient(config: PromoStandardsConfig) {
  const endpoint = config.baseUrl.replace(/\/+$/, "") + PROMOSTANDARDS_PRODUCT_DATA_PATH;
  let client: Promise<Client> | undefined;
  const options: SoapCallOptions = {
    supplier: "sanmar-promostandards",
    logger: config.logger,
    timeoutMs: config.timeoutMs ?? 30_000,
    retry: config.retry ?? { ...DEFAULT_RETRY, retries: 2 },
    budget: sharedRateBudget(`sanmar-promostandards:${endpoint}:${config.id}`, {
      limit: 120,
      windowMs: 60_000,
      lowWater: 0,
    }),
  };
  const login = { wsVersion: "2.0.0", id: config.id, password: config.password };

  async function call<T>(
    operation: string,
    args: Record<string, unknown>,
    pick: (body: Record<string, unknown>) => T,
  ) {
    client ??= soapClient("ProductDataServiceV2.wsdl", endpoint);
    const { result, raw } = await callSoap<Record<string, unknown>>(
      await client,
      operation,
      args,
      options,
    );
    const messages = serviceMessages(result);
    const error = messages.find((m) => m.severity === "Error");
    if (error) {
      throw new SupplierError(
        "sanmar-promostandards",
        kindOfServiceCode(error.code),
        `${error.code}: ${error.description}`,
        {
          code: String(error.code),
        },
      );
    }
    return { data: pick(result), messages, raw } satisfies PromoStandardsResult<T>;
  }

  const refs = (body: Record<string, unknown>, arrayName: string, itemName: string) =>
    asArray((body[arrayName] as Record<string, unknown> | undefined)?.[itemName]) as ProductRef[];

  return {
    supplier: "sanmar-promostandards" as const,
    endpoint,
    getProduct: (productId: string, filters: { partId?: string; colorName?: string } = {}) =>
      call(
        "getProduct",
        { ...login, localizationCountry: "US", localizationLanguage: "en", productId, ...filters },
        (body) => (body.Product ?? null) as Record<string, unknown> | null,
      ),
    getProductSellable: (filter: { productId?: string; isSellable?: boolean } = {}) =>
      call(
        "getProductSellable",
        { ...login, productId: filter.productId, isSellable: filter.isSellable ?? true },
        (body) => refs(body, "ProductSellableArray", "ProductSellable"),
      ),
    getProductCloseOut: () =>
      call("getProductCloseOut", login, (body) =>
        refs(body, "ProductCloseOutArray", "ProductCloseOut"),
      ),
    getProductDateModified: (since: Date) =>
      call("getProductDateModified", { ...login, changeTimeStamp: since.toISOString() }, (body) =>
        refs(body, "ProductDateModifiedArray", "ProductDateModified"),
      ),
  };
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function serviceMessages(body: Record<string, unknown>): ServiceMessage[] {
  const array = body.ServiceMessageArray as { ServiceMessage?: unknown } | undefined;
  return asArray(array?.ServiceMessage).map((m) => {
    const message = m as Record<string, unknown>;
    return {
      code: Number(message.code),
      description: String(message.description ?? ""),
      severity: String(message.severity ?? "Error"),
    };
  });
}
