CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"params" jsonb,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"checkpoint" jsonb,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"error" text,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_progress_not_negative" CHECK ("jobs"."progress_done" >= 0)
);
--> statement-breakpoint
DROP INDEX "products_source_style_idx";--> statement-breakpoint
ALTER TABLE "product_sync_history" ADD COLUMN "ss_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sync_history" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "raw" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discontinued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "last_sync_job_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("products"."name", '')), 'A') || setweight(to_tsvector('simple', coalesce("products"."style_number", '') || ' ' || coalesce("products"."brand", '')), 'A') || setweight(to_tsvector('english', coalesce("products"."category", '')), 'B') || setweight(to_tsvector('english', coalesce("products"."description", '')), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("products"."style_number", '') || ' ' || coalesce("products"."brand", '') || ' ' || coalesce("products"."name", '') || ' ' || coalesce("products"."category", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_active_per_kind" ON "jobs" USING btree ("kind") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","lease_until");--> statement-breakpoint
CREATE UNIQUE INDEX "products_source_external_idx" ON "products" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_colors_idx" ON "products" USING gin ("colors");--> statement-breakpoint
CREATE INDEX "products_sizes_idx" ON "products" USING gin ("sizes");--> statement-breakpoint
CREATE INDEX "products_source_style_idx" ON "products" USING btree ("source","style_number");--> statement-breakpoint
ALTER TABLE "product_sync_history" ADD CONSTRAINT "product_sync_history_job_id_unique" UNIQUE("job_id");