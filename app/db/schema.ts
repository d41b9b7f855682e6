import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  jsonb,
  primaryKey,
  bigint,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const planName = pgEnum("plan_name", ["core", "pro", "elite"]);
export const faqPage = pgEnum("faq_page", [
  "index",
  "about",
  "webstores",
  "bulk-orders",
  "contact",
  "pricing",
]);
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

/** Seeds that have run once; a seed never runs again, so admin edits and deletions stick. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

export const pricingTiers = pgTable(
  "pricing_tiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: planName("name").notNull().unique(),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    annualPriceCents: integer("annual_price_cents").notNull(),
    setupFeeCents: integer("setup_fee_cents").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "pricing_tiers_amounts_not_negative",
      sql`${t.monthlyPriceCents} >= 0 and ${t.annualPriceCents} >= 0 and ${t.setupFeeCents} >= 0`,
    ),
  ],
);

export const faqs = pgTable(
  "faqs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: faqPage("page").notNull().default("index"),
    question: text("question").notNull(),
    /** Trusted HTML written by admins. */
    answer: text("answer").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("faqs_page_active_order_idx").on(t.page, t.isActive, t.displayOrder),
    index("faqs_order_idx").on(t.displayOrder),
  ],
);

export const clientWebstoreExamples = pgTable(
  "client_webstore_examples",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    headerText: text("header_text").notNull(),
    logoUrl: text("logo_url").notNull(),
    companyName: text("company_name").notNull(),
    description: text("description").notNull(),
    webstoreUrl: text("webstore_url").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("client_webstore_examples_active_order_idx").on(t.isActive, t.displayOrder),
    index("client_webstore_examples_order_idx").on(t.displayOrder),
  ],
);

export const successStories = pgTable(
  "success_stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    companyName: text("company_name").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    linkUrl: text("link_url"),
    linkText: text("link_text"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("success_stories_active_order_idx").on(t.isActive, t.displayOrder),
    index("success_stories_order_idx").on(t.displayOrder),
  ],
);

export const brandLogos = pgTable(
  "brand_logos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    active: boolean("active").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("brand_logos_active_order_idx").on(t.active, t.orderIndex),
    index("brand_logos_order_idx").on(t.orderIndex),
  ],
);

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
  (t) => [index("chat_conversations_updated_idx").on(t.updatedAt.desc())],
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

export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    description: text("description"),
    /** Whole percent, 0–100; null when the coupon is a fixed amount. */
    discountPercentage: integer("discount_percentage"),
    /** Fixed discount in cents; null when the coupon is a percentage. */
    discountAmountCents: integer("discount_amount_cents"),
    isActive: boolean("is_active").notNull().default(true),
    allowOnCheckout: boolean("allow_on_checkout").notNull().default(true),
    firstTransactionOnly: boolean("first_transaction_only").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_codes_code_lower_idx").on(sql`lower(${t.code})`),
    index("coupon_codes_created_idx").on(t.createdAt.desc()),
    check(
      "coupon_codes_one_discount_kind",
      sql`(${t.discountPercentage} is null) <> (${t.discountAmountCents} is null)`,
    ),
    check(
      "coupon_codes_percentage_range",
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 0 and 100`,
    ),
    check(
      "coupon_codes_amount_not_negative",
      sql`${t.discountAmountCents} is null or ${t.discountAmountCents} >= 0`,
    ),
  ],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("knowledge_base_listing_idx").on(t.category, t.importance.desc(), t.title),
    index("knowledge_base_source_idx").on(t.sourceUrl),
    check("knowledge_base_importance_range", sql`${t.importance} between 1 and 10`),
  ],
);

export const pageSeoSettings = pgTable("page_seo_settings", {
  id: uuid("id").primaryKey().defaultRandom(),
  pagePath: text("page_path").notNull().unique(),
  pageName: text("page_name").notNull(),
  title: text("title").notNull(),
  metaDescription: text("meta_description"),
  metaKeywords: text("meta_keywords")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ogTitle: text("og_title"),
  ogDescription: text("og_description"),
  ogImageUrl: text("og_image_url"),
  twitterTitle: text("twitter_title"),
  twitterDescription: text("twitter_description"),
  twitterImageUrl: text("twitter_image_url"),
  canonicalUrl: text("canonical_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  },
  (t) => [index("product_sync_history_created_idx").on(t.createdAt.desc())],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Which supplier the row was synchronised from, e.g. 'ss_activewear', 'sanmar', 'sample'. */
    source: text("source").notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_source_style_idx").on(t.source, t.styleNumber),
    index("products_brand_idx").on(t.brand),
    index("products_category_idx").on(t.category),
    index("products_price_idx").on(t.priceCents),
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    check("products_price_not_negative", sql`${t.priceCents} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts and sessions (better-auth, with its admin plugin's role and ban fields).

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's own rate-limit store (sign-in attempts), kept in the database. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Every admin change: who, what, which record, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Leads, email, rate limits, orders.

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
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_status_idx").on(t.status),
  ],
);

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

/** Fixed-window request counters shared by every instance (contact form, coupon lookups, ...). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limits_window_idx").on(t.windowStart),
  ],
);

export const billingInterval = pgEnum("billing_interval", ["monthly", "annual"]);
export const orderStatus = pgEnum("order_status", ["pending", "paid", "expired"]);
export const paymentProvider = pgEnum("payment_provider", ["stripe", "test"]);

/** One row per checkout session; amounts are computed on the server from the database. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    plan: planName("plan").notNull(),
    interval: billingInterval("interval").notNull(),
    customerEmail: text("customer_email").notNull(),
    couponCode: text("coupon_code"),
    planPriceCents: integer("plan_price_cents").notNull(),
    setupFeeCents: integer("setup_fee_cents").notNull(),
    firstPaymentCents: integer("first_payment_cents").notNull(),
    recurringPaymentCents: integer("recurring_payment_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    provider: paymentProvider("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    status: orderStatus("status").notNull().default("pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_status_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_email_idx").on(t.customerEmail),
    check(
      "orders_amounts_not_negative",
      sql`${t.planPriceCents} >= 0 and ${t.setupFeeCents} >= 0 and ${t.firstPaymentCents} >= 0 and ${t.recurringPaymentCents} >= 0`,
    ),
  ],
);
