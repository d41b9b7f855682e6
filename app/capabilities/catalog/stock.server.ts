import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import { recentJobs } from "~/platform/jobs/jobs.server";
import type { JobHandler, JobSchedule } from "~/platform/jobs/jobs.server";
import type { SupplierClients } from "~/platform/suppliers/clients.server";
import { PRODUCT_DEFAULTS } from "./normalize";

// The S&S inventory refresh (issues 23 and 24): per-SKU stock from `GET /v2/inventory/` without a
// full sync, writing only the rows whose quantity changed.

export const STOCK_REFRESH_JOB = "catalog-stock-refresh";

/** Hourly: stock moves during the day; a refresh of 1,000,000 SKUs is about 80 requests. */
export const stockRefreshSchedule: JobSchedule = {
  kind: STOCK_REFRESH_JOB,
  everyMs: 60 * 60 * 1000,
};

/** Styles per /v2/inventory/ request: ~12,500 SKUs (about 2 MB of JSON), a 3 KB address. */
export const STYLES_PER_INVENTORY_REQUEST = 500;

/** One row of S&S `/v2/inventory/` (reference §1.4): a SKU and its stock by warehouse. */
export interface SsInventoryRow {
  sku?: unknown;
  styleID?: unknown;
  qty?: unknown;
  warehouses?: Array<{ warehouseAbbr?: unknown; qty?: unknown }>;
}

export interface InventoryFeed {
  /** The inventory rows of these styles (one request, or a few, through the client's budget). */
  getInventory(styleIds: number[]): Promise<SsInventoryRow[]>;
}

/** The S&S client as an inventory feed; undefined while S&S is not configured. */
export function inventoryFeed(
  suppliers: Pick<SupplierClients, "ssActivewear">,
): InventoryFeed | undefined {
  const client = suppliers.ssActivewear;
  if (!client) return undefined;
  return {
    getInventory: async (ids) =>
      (await client.getInventoryByStyleIds(ids)) as unknown as SsInventoryRow[],
  };
}

const wholeCount = (v: unknown) =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 2_000_000_000 ? v : null;

/** Stock of one SKU: the sum over its warehouses (S&S's `qty` when none are listed). */
export function inventoryQuantity(row: SsInventoryRow): number | null {
  if (Array.isArray(row.warehouses) && row.warehouses.length) {
    let total = 0;
    for (const w of row.warehouses) {
      const q = wholeCount(w?.qty);
      if (q === null) return null;
      total += q;
    }
    return total;
  }
  return wholeCount(row.qty);
}

/** A PostgreSQL array literal of text, for `unnest(...::text[])` on both drivers. */
function textArray(values: string[]) {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

export interface StockRefreshResult {
  styles: number;
  requests: number;
  /** SKUs read from the feed with a usable quantity. */
  skus: number;
  /** Rows whose quantity changed (updated). */
  changed: number;
  /** SKUs seen for the first time (inserted). */
  added: number;
  /** Of the duration: waiting for and reading the feed, and writing to the database. */
  fetchMs: number;
  writeMs: number;
  durationMs: number;
}

/**
 * Writes one batch (the SKUs of a few hundred styles), in the caller's transaction, touching only
 * what changed:
 * 1. reads the batch's current rows by product (`catalog_stock_product_idx`, one probe a product);
 * 2. updates the rows whose quantity differs: one UPDATE … FROM unnest(…) … WHERE qty IS DISTINCT
 *    FROM, limited to those SKUs (`sku = any(…)`, the primary key);
 * 3. inserts the SKUs seen for the first time, for products the catalogue has.
 * Each statement's work is bounded by the batch, not the table: a join of the batch with
 * catalog_stock (hash or probe per SKU) cost either the whole table per batch or 24,000 probes,
 * which on PGlite was 25 s per 100,000 SKUs (docs/catalog.md, "Stock refresh").
 */
export async function applyStock(
  db: Queryable,
  rows: Array<{ sku: string; styleId: number; qty: number }>,
) {
  if (!rows.length) return { changed: 0, added: 0 };
  const externalIds = textArray([...new Set(rows.map((r) => `ss:${r.styleId}`))]);
  // `offset 0` keeps the lateral subquery a per-product index probe (never flattened into a join
  // the planner could answer with a scan of the whole table).
  const current = await db.execute(sql`
    select s.sku, s.qty from (
      select id from products
      where source = ${PRODUCT_DEFAULTS.source} and external_id = any(${externalIds}::text[])
    ) p
    cross join lateral (
      select sku, qty from catalog_stock where product_id = p.id offset 0
    ) s`);
  const known = new Map(
    (current as unknown as { rows: Array<{ sku: string; qty: number }> }).rows.map((r) => [
      r.sku,
      r.qty,
    ]),
  );
  const changed: typeof rows = [];
  const fresh: typeof rows = [];
  for (const row of rows) {
    const qty = known.get(row.sku);
    if (qty === undefined) fresh.push(row);
    else if (qty !== row.qty) changed.push(row);
  }
  const count = (r: unknown) => (r as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  let updated = 0;
  if (changed.length) {
    const skus = textArray(changed.map((r) => r.sku));
    updated = count(
      await db.execute(sql`
        with u as (
          update catalog_stock s set qty = v.qty, changed_at = now()
          from unnest(${skus}::text[], ${`{${changed.map((r) => r.qty).join(",")}}`}::int[]) as v(sku, qty)
          where s.sku = any(${skus}::text[]) and s.sku = v.sku and s.qty is distinct from v.qty
          returning 1
        )
        select count(*)::int as n from u`),
    );
  }
  let added = 0;
  if (fresh.length) {
    added = count(
      await db.execute(sql`
        with i as (
          insert into catalog_stock (sku, product_id, qty)
          select v.sku, p.id, v.qty
          from unnest(
            ${textArray(fresh.map((r) => r.sku))}::text[],
            ${textArray(fresh.map((r) => `ss:${r.styleId}`))}::text[],
            ${`{${fresh.map((r) => r.qty).join(",")}}`}::int[]
          ) as v(sku, ext, qty)
          join products p on p.source = ${PRODUCT_DEFAULTS.source} and p.external_id = v.ext
          on conflict (sku) do nothing
          returning 1
        )
        select count(*)::int as n from i`),
    );
  }
  return { changed: updated, added };
}

/** The S&S styles the catalogue carries (on sale), by StyleID. */
async function catalogueStyleIds(db: Queryable) {
  const result = await db.execute(sql`
    select substring(external_id from 4)::int as id from products
    where source = ${PRODUCT_DEFAULTS.source} and discontinued_at is null
      and external_id ~ '^ss:[0-9]{1,9}$'
    order by 1`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
}

interface StockCheckpoint {
  /** The last style of the last batch written. */
  after: number;
  totals: Omit<StockRefreshResult, "durationMs" | "styles">;
}

/**
 * Reads the inventory of every style on sale, a batch of styles per request, and writes the
 * changes batch by batch (one transaction each, then a checkpoint: a run taken over resumes).
 */
export async function refreshStock(
  db: Database,
  feed: InventoryFeed,
  options: {
    stylesPerRequest?: number;
    signal?: AbortSignal;
    resumeFrom?: StockCheckpoint | null;
    onBatch?: (done: number, total: number, checkpoint: StockCheckpoint) => Promise<void>;
  } = {},
): Promise<StockRefreshResult> {
  const started = performance.now();
  const size = options.stylesPerRequest ?? STYLES_PER_INVENTORY_REQUEST;
  const all = await catalogueStyleIds(db);
  const after = options.resumeFrom?.after ?? -1;
  const ids = all.filter((id) => id > after);
  const totals = {
    requests: 0,
    skus: 0,
    changed: 0,
    added: 0,
    fetchMs: 0,
    writeMs: 0,
    ...options.resumeFrom?.totals,
  };
  for (let i = 0; i < ids.length; i += size) {
    options.signal?.throwIfAborted();
    const batch = ids.slice(i, i + size);
    const fetchStart = performance.now();
    const inventory = await feed.getInventory(batch);
    totals.fetchMs += Math.round(performance.now() - fetchStart);
    totals.requests += 1;
    const wanted = new Set(batch);
    const rows: Array<{ sku: string; styleId: number; qty: number }> = [];
    const seen = new Set<string>();
    for (const row of inventory) {
      const sku = typeof row.sku === "string" ? row.sku.trim() : "";
      const styleId = Number(row.styleID);
      const qty = inventoryQuantity(row);
      if (!sku || sku.length > 64 || !wanted.has(styleId) || qty === null || seen.has(sku))
        continue;
      seen.add(sku);
      rows.push({ sku, styleId, qty });
    }
    const writeStart = performance.now();
    const written = await db.transaction((tx) => applyStock(tx, rows));
    totals.writeMs += Math.round(performance.now() - writeStart);
    totals.skus += rows.length;
    totals.changed += written.changed;
    totals.added += written.added;
    await options.onBatch?.(all.length - ids.length + i + batch.length, all.length, {
      after: batch[batch.length - 1]!,
      totals,
    });
  }
  return { styles: all.length, ...totals, durationMs: Math.round(performance.now() - started) };
}

export function stockRefreshHandler(db: Database, feed: InventoryFeed | undefined): JobHandler {
  return async ({ job, signal, saveCheckpoint }) => {
    // Without S&S credentials there is nothing to read; the sync screen says so.
    if (!feed) return { skipped: "S&S Activewear is not configured" };
    return refreshStock(db, feed, {
      signal,
      resumeFrom: (job.checkpoint as StockCheckpoint | null) ?? null,
      onBatch: (done, total, checkpoint) => saveCheckpoint(checkpoint, { done, total }),
    });
  };
}

/** The last finished refresh, for the Product Data Sync screen. */
export async function lastStockRefresh(db: Database) {
  const runs = await recentJobs(db, STOCK_REFRESH_JOB, 5);
  const run = runs.find((r) => r.status === "succeeded" || r.status === "failed");
  if (!run) return null;
  const result = (run.result ?? {}) as Partial<StockRefreshResult> & { skipped?: string };
  return {
    status: run.status,
    finishedAt: (run.finishedAt ?? run.updatedAt).toISOString(),
    skipped: result.skipped ?? null,
    error: run.error,
    skus: result.skus ?? 0,
    changed: result.changed ?? 0,
    added: result.added ?? 0,
    durationMs: result.durationMs ?? null,
  };
}

/** Fresh stock by SKU for one product (what the last refresh read). */
export async function stockBySku(db: Queryable, productId: string) {
  const result = await db.execute(
    sql`select sku, qty from catalog_stock where product_id = ${productId}`,
  );
  const rows = (result as unknown as { rows: Array<{ sku: string; qty: number }> }).rows;
  return new Map(rows.map((r) => [r.sku, r.qty]));
}
