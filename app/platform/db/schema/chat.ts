import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, tsvector, updatedAt } from "./columns";

// The chat assistant: conversations, their messages, and the knowledge base it answers from.

export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: text("session_id").notNull().unique(),
    contactEmail: text("contact_email"),
    contactName: text("contact_name"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("chat_conversations_updated_idx").on(t.updatedAt.desc()),
    // 'Search by session ID, email, or name...' is a case-insensitive substring match (ILIKE).
    index("chat_conversations_session_trgm_idx")
      .using("gin", t.sessionId.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("chat_conversations_email_trgm_idx")
      .using("gin", t.contactEmail.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("chat_conversations_name_trgm_idx")
      .using("gin", t.contactName.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    messageText: text("message_text").notNull(),
    isUserMessage: boolean("is_user_message").notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_conversation_time_idx").on(t.conversationId, t.timestamp)],
);

export const knowledgeCategory = pgEnum("knowledge_category", [
  "products",
  "pricing",
  "services",
  "company",
  "webstores",
  "bulk-orders",
  "support",
  "policies",
  "shipping",
  "returns",
  "other",
]);

export const knowledgeBase = pgTable(
  "knowledge_base",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    category: knowledgeCategory("category").notNull().default("products"),
    importance: integer("importance").notNull().default(1),
    /** The page a crawled chunk came from; null for entries written by hand. */
    sourceUrl: text("source_url"),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("knowledge_base_listing_idx").on(t.category, t.importance.desc(), t.title),
    index("knowledge_base_source_idx").on(t.sourceUrl),
    index("knowledge_base_search_idx").using("gin", t.searchVector),
    index("knowledge_base_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    check("knowledge_base_importance_range", sql`${t.importance} between 1 and 10`),
  ],
);
