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
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { orderStatus, paymentProvider } from "./commerce";
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
    /**
     * The company's final price, once priced: one entry per requested line (its adjusted price)
     * then any lines the company added (a rush fee). Null until the company saves a price.
     */
    finalLines: jsonb("final_lines"),
    finalTotalCents: integer("final_total_cents"),
    /** Whole percent of the final total asked for on acceptance. */
    depositPercent: integer("deposit_percent"),
    depositCents: integer("deposit_cents"),
    /** What the company tells the buyer with its price. */
    buyerNote: text("buyer_note").notNull().default(""),
    /** The last day the buyer may accept (YYYY-MM-DD, the business's calendar). */
    validUntil: date("valid_until"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotes_created_idx").on(t.createdAt.desc()),
    index("quotes_status_idx").on(t.status),
    index("quotes_valid_until_idx").on(t.validUntil),
    check("quotes_total_not_negative", sql`${t.computedTotalCents} >= 0`),
    check(
      "quotes_final_amounts_not_negative",
      sql`(${t.finalTotalCents} is null or ${t.finalTotalCents} >= 0) and (${t.depositCents} is null or ${t.depositCents} >= 0)`,
    ),
    check(
      "quotes_deposit_percent_range",
      sql`${t.depositPercent} is null or ${t.depositPercent} between 1 and 100`,
    ),
  ],
);

/**
 * One payment session per attempt to pay a quote's deposit (a buyer may leave Stripe's page
 * and come back). The session id finds the quote when the provider reports the payment.
 */
export const quotePayments = pgTable(
  "quote_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    amountCents: integer("amount_cents").notNull(),
    provider: paymentProvider("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    status: orderStatus("status").notNull().default("pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quote_payments_quote_idx").on(t.quoteId, t.createdAt.desc()),
    check("quote_payments_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The order a paid quote becomes: one per quote (the unique quote id makes a replayed webhook
 * or a second return from the payment page create nothing more), shown on the Orders screen.
 */
export const quoteOrders = pgTable(
  "quote_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .unique()
      .references(() => quotes.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => quotePayments.id),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    company: text("company"),
    totalCents: integer("total_cents").notNull(),
    depositPaidCents: integer("deposit_paid_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("quote_orders_created_idx").on(t.createdAt.desc()),
    check(
      "quote_orders_amounts_not_negative",
      sql`${t.totalCents} >= 0 and ${t.depositPaidCents} >= 0`,
    ),
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
