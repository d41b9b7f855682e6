CREATE TABLE "catalog_stock" (
	"sku" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_artwork" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"line_index" integer NOT NULL,
	"location" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_artwork_line_index" CHECK ("quote_artwork"."line_index" >= 0),
	CONSTRAINT "quote_artwork_location" CHECK ("quote_artwork"."location" in ('front', 'back', 'left_chest', 'right_chest', 'sleeve'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "catalog_stock" ADD CONSTRAINT "catalog_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_artwork" ADD CONSTRAINT "quote_artwork_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_artwork" ADD CONSTRAINT "quote_artwork_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_stock_product_idx" ON "catalog_stock" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_artwork_line_location_idx" ON "quote_artwork" USING btree ("quote_id","line_index","location");--> statement-breakpoint
CREATE INDEX "quote_artwork_upload_idx" ON "quote_artwork" USING btree ("upload_id");