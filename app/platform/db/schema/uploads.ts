import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// Uploaded images and the single row of site settings.

/**
 * One uploaded image: the web versions made from it (WebP, several widths) live in file storage
 * under `key_prefix`. Records point at it with a foreign key (e.g. success_stories.image_upload_id);
 * one a day old that no record points at is collected (docs/decisions/015-uploaded-images.md).
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull().default("admin-images"),
    /** Storage keys of the variants start with this (e.g. admin-images/<uuid>). */
    keyPrefix: text("key_prefix").notNull().unique(),
    /** The URL a record stores: the largest web version. */
    url: text("url").notNull().unique(),
    srcset: text("srcset").notNull(),
    /** [{ key, width, height, bytes }] from the smallest to the largest. */
    variants: jsonb("variants").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    /** What the bytes were recognised as (png, jpeg, gif, webp). */
    sourceFormat: text("source_format").notNull(),
    sourceBytes: integer("source_bytes").notNull(),
    /** The name the file came with (quote artwork: shown to the buyer and the company), or null. */
    fileName: text("file_name"),
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_created_at_idx").on(t.createdAt)],
);

/** The company facts and outside links every page shows; exactly one row (id = 1). */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    street: text("street").notNull(),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("US"),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    facebookUrl: text("facebook_url"),
    instagramUrl: text("instagram_url"),
    linkedinUrl: text("linkedin_url"),
    shopUrl: text("shop_url").notNull(),
    promoProductsUrl: text("promo_products_url").notNull(),
    bookingUrl: text("booking_url").notNull(),
    quoteRequestUrl: text("quote_request_url").notNull(),
    intakeFormUrl: text("intake_form_url").notNull(),
    reviewsUrl: text("reviews_url").notNull(),
    knowledgeBaseWebsiteUrl: text("knowledge_base_website_url"),
    chatAssistantEnabled: boolean("chat_assistant_enabled").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);
