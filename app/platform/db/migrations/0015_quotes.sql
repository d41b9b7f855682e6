CREATE TYPE "public"."quote_status" AS ENUM('requested', 'priced', 'sent', 'accepted', 'declined', 'expired', 'paid');--> statement-breakpoint
CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('quote_number_seq') NOT NULL,
	"status" "quote_status" DEFAULT 'requested' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"in_hands_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"price" jsonb NOT NULL,
	"computed_total_cents" integer NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_total_not_negative" CHECK ("quotes"."computed_total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status");