import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const emailStatus = pgEnum("email_status", [
  "queued",
  "sending",
  "sent",
  "failed",
  "stored",
]);

/**
 * Every email, written before delivery. With SMTP configured a worker delivers queued rows with
 * retries and backoff; without it the row is the destination (status `stored`).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the email is, e.g. 'contact-notification', 'checkout-confirmation'. */
    kind: text("kind").notNull(),
    /** Makes an email idempotent: a second email with the same key is never written. */
    dedupeKey: text("dedupe_key").unique(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: emailStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker owns a `sending` row until this time; after it, another may take it over. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
  ],
);
