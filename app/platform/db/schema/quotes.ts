import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

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
