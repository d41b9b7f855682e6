CREATE TABLE "quote_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"company" text,
	"total_cents" integer NOT NULL,
	"deposit_paid_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_orders_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "quote_orders_amounts_not_negative" CHECK ("quote_orders"."total_cents" >= 0 and "quote_orders"."deposit_paid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_session_id" text,
	"checkout_url" text,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_payments_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "quote_payments_amount_positive" CHECK ("quote_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "final_lines" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "final_total_cents" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "buyer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_orders" ADD CONSTRAINT "quote_orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_orders" ADD CONSTRAINT "quote_orders_payment_id_quote_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."quote_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD CONSTRAINT "quote_payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_orders_created_idx" ON "quote_orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_payments_quote_idx" ON "quote_payments" USING btree ("quote_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_valid_until_idx" ON "quotes" USING btree ("valid_until");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_final_amounts_not_negative" CHECK (("quotes"."final_total_cents" is null or "quotes"."final_total_cents" >= 0) and ("quotes"."deposit_cents" is null or "quotes"."deposit_cents" >= 0));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_percent_range" CHECK ("quotes"."deposit_percent" is null or "quotes"."deposit_percent" between 1 and 100);