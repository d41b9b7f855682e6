import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, tsvector, updatedAt } from "./columns";

// Supplier products and the history of their synchronisation.

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Which supplier the row was synchronised from, e.g. 'ss_activewear', 'sanmar', 'sample'. */
    source: text("source").notNull(),
    /** The supplier's own key (S&S: 'ss:' + styleID); style numbers repeat across brands. */
    externalId: text("external_id"),
    styleNumber: text("style_number").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    priceCents: integer("price_cents").notNull(),
    colors: text("colors")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text("sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text("image_url"),
    material: text("material"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: real("rating"),
    /** The supplier record(s) the row was normalized from, kept for debugging and re-mapping. */
    raw: jsonb("raw"),
    /** Hash of the normalized fields: a sync tells an updated product from an unchanged one. */
    contentHash: text("content_hash"),
    /** Shipped demonstration data; the first real sync replaces it. */
    sample: boolean("sample").notNull().default(false),
    /** Set when a sync no longer finds the product in the feed; hidden from search. */
    discontinuedAt: timestamp("discontinued_at", { withTimezone: true }),
    /** The sync run that last saw the product (marks what disappeared from the feed). */
    lastSyncJobId: uuid("last_sync_job_id"),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${products.styleNumber}, '') || ' ' || coalesce(${products.brand}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.category}, '')), 'B') || setweight(to_tsvector('english', coalesce(${products.description}, '')), 'D')`,
      ),
    /** Lower-cased words of the style number, brand, name and category: the source of catalog_words. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(coalesce(${products.styleNumber}, '') || ' ' || coalesce(${products.brand}, '') || ' ' || coalesce(${products.name}, '') || ' ' || coalesce(${products.category}, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_source_style_idx").on(t.source, t.styleNumber),
    uniqueIndex("products_source_external_idx").on(t.source, t.externalId),
    index("products_brand_idx").on(t.brand),
    index("products_category_idx").on(t.category),
    index("products_price_idx").on(t.priceCents),
    // The search columns load in (name, id) order, a page at a time (search-columns.server.ts).
    index("products_name_idx").on(t.name, t.id),
    check("products_price_not_negative", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * Stock a SKU (one colour and size of a product) as the last inventory refresh read it from
 * S&S `/v2/inventory/` (the sum over warehouses). The refresh writes only rows whose quantity
 * changed; the product page prefers these figures to those the last full sync kept in `raw`.
 */
export const catalogStock = pgTable(
  "catalog_stock",
  {
    sku: text("sku").primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    qty: integer("qty").notNull(),
    /** When the quantity last changed (not when it was last read). */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalog_stock_product_idx").on(t.productId)],
);

export const productSyncHistory = pgTable(
  "product_sync_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    ssProcessed: integer("ss_processed").notNull().default(0),
    ssAdded: integer("ss_added").notNull().default(0),
    ssUpdated: integer("ss_updated").notNull().default(0),
    ssErrors: integer("ss_errors").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    /** Products no longer in the feed, marked discontinued by this run. */
    ssRemoved: integer("ss_removed").notNull().default(0),
    /** The job run that wrote this row. */
    jobId: uuid("job_id").unique(),
  },
  (t) => [index("product_sync_history_created_idx").on(t.createdAt.desc())],
);

/**
 * The catalogue's distinct words (of style numbers, brands, names and categories; no words with
 * digits), kept by triggers on products (migration 0009). A few hundred rows: the search expands
 * each query word to its near matches here ("hoody" → hooded, hoodie) with the trigram index, then
 * asks the products' full-text index once, instead of comparing trigrams with every product.
 * Words of removed products stay: they only widen a query with a word nothing matches.
 */
export const catalogWords = pgTable("catalog_words", { word: text("word").primaryKey() }, (t) => [
  index("catalog_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

/**
 * What the catalogue search matches text in: one narrow row per product on sale (its full-text
 * document and lower-cased style number), kept by triggers on products (migration 0012). The
 * search's in-memory postings and columns (search-columns.server.ts, in name order) are loaded from
 * it; its GIN index serves the SQL answer while those are older than the catalogue. Rows sit in
 * the order they were written (a sync's feed order): rewriting the table in catalogue order after
 * each sync saved the SQL answer 3-6 % at 58,000 products, and held PGlite's one connection for
 * seconds at the sync's end, so it is not done (docs/catalog.md).
 */
export const catalogSearchN = pgSequence("catalog_search_n_seq");

export const catalogSearch = pgTable(
  "catalog_search",
  {
    n: integer("n").primaryKey(),
    productId: uuid("product_id").notNull(),
    style: text("style").notNull(),
    searchVector: tsvector("search_vector").notNull(),
  },
  (t) => [
    uniqueIndex("catalog_search_product_idx").on(t.productId),
    // fastupdate off: a pending list left by a sync would be read by every search until a vacuum,
    // and PGlite has no autovacuum.
    index("catalog_search_vector_idx").using("gin", t.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * One row: a number the products triggers raise in the writing transaction whenever what the
 * search filters, counts or sorts on changes. Each server instance keeps its in-memory columns
 * for one version and reloads them when a search sees another.
 */
export const catalogSearchState = pgTable("catalog_search_state", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * The site's own copies of catalogue pictures, by the supplier address a product names
 * (products.image_url): WebP at several widths in file storage, fetched by the catalogue-images
 * job, never by a visitor's request. A failed fetch is kept with its reason and retried later.
 */
export const catalogImages = pgTable("catalog_images", {
  sourceUrl: text("source_url").primaryKey(),
  /** 'ready' or 'failed'. */
  status: text("status").notNull(),
  keyPrefix: text("key_prefix"),
  url: text("url"),
  srcset: text("srcset"),
  width: integer("width"),
  height: integer("height"),
  error: text("error"),
  attempts: integer("attempts").notNull().default(1),
  updatedAt: updatedAt(),
});
