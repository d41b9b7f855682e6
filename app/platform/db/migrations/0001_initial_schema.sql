CREATE TYPE "public"."faq_page" AS ENUM('index', 'about', 'webstores', 'bulk-orders', 'contact', 'pricing');--> statement-breakpoint
CREATE TYPE "public"."knowledge_category" AS ENUM('products', 'pricing', 'services', 'company', 'webstores', 'bulk-orders', 'support', 'policies', 'shipping', 'returns', 'other');--> statement-breakpoint
CREATE TYPE "public"."plan_name" AS ENUM('core', 'pro', 'elite');--> statement-breakpoint
CREATE TABLE "brand_logos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"contact_email" text,
	"contact_name" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_text" text NOT NULL,
	"is_user_message" boolean NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_webstore_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"header_text" text NOT NULL,
	"logo_url" text NOT NULL,
	"company_name" text NOT NULL,
	"description" text NOT NULL,
	"webstore_url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"discount_percentage" integer,
	"discount_amount_cents" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"allow_on_checkout" boolean DEFAULT true NOT NULL,
	"first_transaction_only" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_one_discount_kind" CHECK (("coupon_codes"."discount_percentage" is null) <> ("coupon_codes"."discount_amount_cents" is null)),
	CONSTRAINT "coupon_codes_percentage_range" CHECK ("coupon_codes"."discount_percentage" is null or "coupon_codes"."discount_percentage" between 0 and 100),
	CONSTRAINT "coupon_codes_amount_not_negative" CHECK ("coupon_codes"."discount_amount_cents" is null or "coupon_codes"."discount_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" "faq_page" DEFAULT 'index' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_base" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" "knowledge_category" DEFAULT 'products' NOT NULL,
	"importance" integer DEFAULT 1 NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_base_importance_range" CHECK ("knowledge_base"."importance" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "page_seo_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_path" text NOT NULL,
	"page_name" text NOT NULL,
	"title" text NOT NULL,
	"meta_description" text,
	"meta_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"og_title" text,
	"og_description" text,
	"og_image_url" text,
	"twitter_title" text,
	"twitter_description" text,
	"twitter_image_url" text,
	"canonical_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_seo_settings_page_path_unique" UNIQUE("page_path")
);
--> statement-breakpoint
CREATE TABLE "pricing_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" "plan_name" NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"annual_price_cents" integer NOT NULL,
	"setup_fee_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_tiers_name_unique" UNIQUE("name"),
	CONSTRAINT "pricing_tiers_amounts_not_negative" CHECK ("pricing_tiers"."monthly_price_cents" >= 0 and "pricing_tiers"."annual_price_cents" >= 0 and "pricing_tiers"."setup_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_sync_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ss_processed" integer DEFAULT 0 NOT NULL,
	"ss_added" integer DEFAULT 0 NOT NULL,
	"ss_updated" integer DEFAULT 0 NOT NULL,
	"ss_errors" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"style_number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"material" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "success_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"company_name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"link_url" text,
	"link_text" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_logos_active_order_idx" ON "brand_logos" USING btree ("active","order_index");--> statement-breakpoint
CREATE INDEX "chat_conversations_updated_idx" ON "chat_conversations" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_time_idx" ON "chat_messages" USING btree ("conversation_id","timestamp");--> statement-breakpoint
CREATE INDEX "client_webstore_examples_active_order_idx" ON "client_webstore_examples" USING btree ("is_active","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_lower_idx" ON "coupon_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupon_codes_created_idx" ON "coupon_codes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "faqs_page_active_order_idx" ON "faqs" USING btree ("page","is_active","display_order");--> statement-breakpoint
CREATE INDEX "knowledge_base_listing_idx" ON "knowledge_base" USING btree ("category","importance" DESC NULLS LAST,"title");--> statement-breakpoint
CREATE INDEX "knowledge_base_source_idx" ON "knowledge_base" USING btree ("source_url");--> statement-breakpoint
CREATE INDEX "product_sync_history_created_idx" ON "product_sync_history" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_source_style_idx" ON "products" USING btree ("source","style_number");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "success_stories_active_order_idx" ON "success_stories" USING btree ("is_active","display_order");