import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, tsvector, updatedAt } from "./columns";
import { uploads } from "./uploads";

/**
 * The upload a record's picture is, when it is one (ON DELETE RESTRICT: an upload a record shows
 * cannot be deleted; the collector relies on that, docs/decisions/015-uploaded-images.md). The
 * record's URL column still holds the address it shows; bundled pictures (/media/...) have no
 * upload.
 */
const uploadId = (name: string) =>
  uuid(name).references(() => uploads.id, { onDelete: "restrict" });

// The public site's editable content: FAQs, webstore examples, success stories, brand logos,
// and each page's SEO settings.

export const faqPage = pgEnum("faq_page", [
  "index",
  "about",
  "webstores",
  "bulk-orders",
  "contact",
  "pricing",
]);

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
    /** Question weighs more than answer; the answer's HTML tags are not indexed as words. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', answer), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("faqs_page_active_order_idx").on(t.page, t.isActive, t.displayOrder),
    index("faqs_order_idx").on(t.displayOrder),
    index("faqs_search_idx").using("gin", t.searchVector),
    index("faqs_question_trgm_idx").using("gin", t.question.op("gin_trgm_ops")),
  ],
);

export const clientWebstoreExamples = pgTable(
  "client_webstore_examples",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    headerText: text("header_text").notNull(),
    logoUrl: text("logo_url").notNull(),
    logoUploadId: uploadId("logo_upload_id"),
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
    index("client_webstore_examples_logo_upload_idx").on(t.logoUploadId),
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
    imageUploadId: uploadId("image_upload_id"),
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
    index("success_stories_image_upload_idx").on(t.imageUploadId),
  ],
);

export const brandLogos = pgTable(
  "brand_logos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    logoUploadId: uploadId("logo_upload_id"),
    active: boolean("active").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("brand_logos_active_order_idx").on(t.active, t.orderIndex),
    index("brand_logos_order_idx").on(t.orderIndex),
    index("brand_logos_logo_upload_idx").on(t.logoUploadId),
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

/**
 * One row: a counter every admin write bumps (with its audit row, in the same transaction), so
 * each server instance knows when its cache of rendered public pages is out of date (issue 13).
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check("content_version_single_row", sql`${t.id} = 1`)],
);
