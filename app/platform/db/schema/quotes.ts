import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { uploads } from "./uploads";

// Bulk-order quotes (issue 23).

/**
 * The price matrix: one row (id 1) holding the whole table as JSON, checked by the quotes
 * capability's schema on every read and write. It is read whole, by the builder and the server
 * alike, and edited whole on one admin screen, so rows per tier would only be reassembled.
 */
export const quotePriceMatrix = pgTable(
  "quote_price_matrix",
  {
    id: integer("id").primaryKey(),
    matrix: jsonb("matrix").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("quote_price_matrix_one_row", sql`${t.id} = 1`)],
);

export const QUOTE_STATUSES = [
  "requested",
  "priced",
  "sent",
  "accepted",
  "declined",
  "expired",
  "paid",
] as const;
export const quoteStatus = pgEnum("quote_status", QUOTE_STATUSES);

/** Quote numbers as people say them: Q-1001, Q-1002… */
export const quoteNumberSeq = pgSequence("quote_number_seq", { startWith: 1001 });

/**
 * A buyer's request, stored before anything is emailed (like contact messages). `lines` keeps
 * what was asked for with the product as it was then (name, colour, sizes, decoration), and
 * `price` the server's own breakdown of it, so a later sync or matrix change does not rewrite a
 * request the company is answering.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number")
      .notNull()
      .unique()
      .default(sql`nextval('quote_number_seq')`),
    status: quoteStatus("status").notNull().default("requested"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    /** The day the buyer needs the order in hand, as they gave it (YYYY-MM-DD). */
    inHandsDate: date("in_hands_date"),
    notes: text("notes").notNull().default(""),
    lines: jsonb("lines").notNull(),
    price: jsonb("price").notNull(),
    computedTotalCents: integer("computed_total_cents").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotes_created_idx").on(t.createdAt.desc()),
    index("quotes_status_idx").on(t.status),
    check("quotes_total_not_negative", sql`${t.computedTotalCents} >= 0`),
  ],
);

/**
 * The artwork a quote's line carries at one decoration location: an upload (PNG, JPEG or PDF in
 * the `quote-artwork` bucket) the buyer sent with the request. The foreign key keeps the upload
 * from the collector (docs/decisions/015-uploaded-images.md): uploads a builder made but no sent
 * quote points at are removed a day later.
 */
export const quoteArtwork = pgTable(
  "quote_artwork",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** The line's position in `quotes.lines`, from 0. */
    lineIndex: integer("line_index").notNull(),
    /** One of DECORATION_LOCATIONS (front, back, left_chest, right_chest, sleeve). */
    location: text("location").notNull(),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quote_artwork_line_location_idx").on(t.quoteId, t.lineIndex, t.location),
    index("quote_artwork_upload_idx").on(t.uploadId),
    check("quote_artwork_line_index", sql`${t.lineIndex} >= 0`),
    check(
      "quote_artwork_location",
      sql`${t.location} in ('front', 'back', 'left_chest', 'right_chest', 'sleeve')`,
    ),
  ],
);
