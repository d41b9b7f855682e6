CREATE SEQUENCE "public"."catalog_search_n_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalog_search" (
	"n" integer PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"style" text NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_search_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"ordered_n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_search_product_idx" ON "catalog_search" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "catalog_search_vector_idx" ON "catalog_search" USING gin ("search_vector") WITH (fastupdate=false);