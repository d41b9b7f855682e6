CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"facebook_url" text,
	"instagram_url" text,
	"linkedin_url" text,
	"shop_url" text NOT NULL,
	"promo_products_url" text NOT NULL,
	"booking_url" text NOT NULL,
	"quote_request_url" text NOT NULL,
	"intake_form_url" text NOT NULL,
	"reviews_url" text NOT NULL,
	"knowledge_base_website_url" text,
	"chat_assistant_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text DEFAULT 'admin-images' NOT NULL,
	"key_prefix" text NOT NULL,
	"url" text NOT NULL,
	"srcset" text NOT NULL,
	"variants" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"source_format" text NOT NULL,
	"source_bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"used_by_type" text,
	"used_by_id" text,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_prefix_unique" UNIQUE("key_prefix"),
	CONSTRAINT "uploads_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "uploads_used_by_idx" ON "uploads" USING btree ("used_by_type","used_by_id");--> statement-breakpoint
CREATE INDEX "uploads_unused_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."used_by_id" is null;--> statement-breakpoint
CREATE INDEX "chat_conversations_session_trgm_idx" ON "chat_conversations" USING gin ("session_id" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "chat_conversations_email_trgm_idx" ON "chat_conversations" USING gin ("contact_email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "chat_conversations_name_trgm_idx" ON "chat_conversations" USING gin ("contact_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_message_trgm_idx" ON "contact_messages" USING gin ("message" gin_trgm_ops) WITH (fastupdate=false);