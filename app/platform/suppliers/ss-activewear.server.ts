import { SupplierError } from "./errors";
import { type SupplierHttpOptions, supplierGetJson } from "./http.server";
import {
  DEFAULT_RETRY,
  type RateBudget,
  type RetryPolicy,
  type SupplierLogger,
  sharedRateBudget,
} from "./resilience.server";

export const SS_BASE_URLS = {
  us: "https://api.ssactivewear.com",
  ca: "https://api-ca.ssactivewear.com",
} as const;

/** Raw S&S records: the fields the app reads are typed, the rest passes through untouched. */
export interface SsCategory {
  categoryID: number;
  name: string;
  [field: string]: unknown;
}
export interface SsBrand {
  brandID: number;
  name: string;
  [field: string]: unknown;
}
export interface SsStyle {
  styleID: number;
  partNumber: string;
  brandName: string;
  styleName: string;
  title: string;
  description?: string;
  baseCategory?: string;
  [field: string]: unknown;
}
export interface SsProduct {
  sku: string;
  styleID: number;
  /** The docs list skuID; the example payload has skuID_Master. Either may come. */
  skuID?: number;
  skuID_Master?: number;
  colorName?: string;
  sizeName?: string;
  piecePrice?: number;
  customerPrice?: number;
  [field: string]: unknown;
}

/** A row of `/v2/inventory/` (reference §1.4): a SKU's stock by warehouse. */
export interface SsInventory {
  sku: string;
  styleID: number;
  skuID_Master?: number;
  warehouses?: Array<{ warehouseAbbr: string; skuID?: number; qty: number }>;
  [field: string]: unknown;
}

export interface SsActivewearConfig {
  baseUrl: string;
  accountNumber: string;
  apiKey: string;
  logger: SupplierLogger;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Ids per /v2/products request; keeps URLs short and answers bounded. */
  batchSize?: number;
  /**
   * Style ids per /v2/inventory request: its rows are small (a SKU and its warehouses), so a
   * request carries 500 styles (~12,500 SKUs) and 1,000,000 SKUs are about 80 requests.
   */
  inventoryBatchSize?: number;
  budget?: RateBudget;
}

export type SsActivewearClient = ReturnType<typeof createSsActivewearClient>;

/** S&S Activewear REST v2 (reference §1): basic auth with account number and API key. */
export function createSsActivewearClient(config: SsActivewearConfig) {
  const base = config.baseUrl.replace(/\/+$/, "");
  const batchSize = config.batchSize ?? 50;
  const http: SupplierHttpOptions = {
    supplier: "ss-activewear",
    logger: config.logger,
    timeoutMs: config.timeoutMs ?? 30_000,
    retry: config.retry ?? DEFAULT_RETRY,
    // 60 requests a minute per account (reference §1.6), shared by every caller in the process.
    budget:
      config.budget ??
      sharedRateBudget(`ss-activewear:${base}:${config.accountNumber}`, {
        limit: 60,
        windowMs: 60_000,
        lowWater: 5,
      }),
    headers: {
      Authorization: `Basic ${Buffer.from(`${config.accountNumber}:${config.apiKey}`).toString("base64")}`,
      Accept: "application/json",
      // S&S's firewall refuses Node's default User-Agent (reference §1.2).
      "User-Agent": "merch-simplified/1.0",
    },
  };

  /** A filtered GET: 404 means "none of those exist", an empty list (reference §1.5). */
  async function list<T>(path: string, query: Record<string, string>, operation: string) {
    const url = new URL(`${base}/v2/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await supplierGetJson(url, http, operation, [404]);
    if (response.status === 404) return [] as T[];
    if (!Array.isArray(response.body)) {
      throw new SupplierError(
        "ss-activewear",
        "malformed",
        "S&S Activewear answered with something other than a list.",
        {
          status: response.status,
        },
      );
    }
    return response.body as T[];
  }

  async function inBatches<T>(
    ids: readonly (string | number)[],
    fetchBatch: (ids: string) => Promise<T[]>,
    size = batchSize,
  ) {
    const results: T[] = [];
    for (let i = 0; i < ids.length; i += size) {
      for (const row of await fetchBatch(ids.slice(i, i + size).join(","))) results.push(row);
    }
    return results;
  }

  return {
    supplier: "ss-activewear" as const,
    categories: () => list<SsCategory>("categories/", {}, "categories"),
    brands: () => list<SsBrand>("brands/", {}, "brands"),
    searchStyles: (text: string) => list<SsStyle>("styles/", { search: text }, "styles.search"),
    /**
     * Every style, or those with the given StyleIDs (`perRequest` ids a request, the client's
     * `batchSize` unless given).
     */
    getStyles: (styleIds?: readonly number[], perRequest = batchSize) =>
      styleIds
        ? inBatches(
            styleIds,
            (ids) => list<SsStyle>("styles/", { styleid: ids }, "styles.byId"),
            perRequest,
          )
        : list<SsStyle>("styles/", {}, "styles.all"),
    /**
     * Every StyleID and nothing else (`fields`, reference §1.3): 20 bytes a style where the whole
     * list is 440 (25 MB at 58,000 styles). The answer's key is found regardless of case, as S&S
     * matches the field's name.
     */
    getStyleIds: async () =>
      (await list<Record<string, unknown>>("styles/", { fields: "StyleID" }, "styles.ids")).map(
        (row) => Object.entries(row).find(([key]) => key.toLowerCase() === "styleid")?.[1],
      ),
    /** `perRequest`: style ids a request carries (the client's `batchSize` unless given). */
    getProductsByStyleIds: (styleIds: readonly number[], perRequest = batchSize) =>
      inBatches(
        styleIds,
        (ids) => list<SsProduct>("products/", { styleid: ids }, "products.byStyleId"),
        perRequest,
      ),
    getProductsByPartNumbers: (partNumbers: readonly string[]) =>
      inBatches(partNumbers, (ids) =>
        list<SsProduct>("products/", { partnumber: ids }, "products.byPartNumber"),
      ),
    /** Stock by warehouse of every SKU of these styles (paged by style ids, within the budget). */
    getInventoryByStyleIds: (styleIds: readonly number[]) =>
      inBatches(
        styleIds,
        (ids) => list<SsInventory>("inventory/", { styleid: ids }, "inventory.byStyleId"),
        config.inventoryBatchSize ?? 500,
      ),
    /** Products of one style given as StyleID, PartNumber or "Brand Style". */
    getProductsByStyle: (style: string) =>
      list<SsProduct>("products/", { style }, "products.byStyle"),
  };
}
