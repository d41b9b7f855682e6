import { index, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const contactMessageStatus = pgEnum("contact_message_status", ["new", "handled"]);

/** Every contact-form submission, stored before any email is attempted. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    sourcePath: text("source_path"),
    ipAddress: text("ip_address"),
    status: contactMessageStatus("status").notNull().default("new"),
    /** The sales team's own note on the lead. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_status_idx").on(t.status),
    // Admin search is a case-insensitive substring match on each of these (ILIKE uses trigrams).
    // fastupdate off: a new row is indexed at once, so search never scans a pending list.
    index("contact_messages_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("contact_messages_email_trgm_idx")
      .using("gin", t.email.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("contact_messages_message_trgm_idx")
      .using("gin", t.message.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);
