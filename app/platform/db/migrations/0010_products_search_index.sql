DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
DROP INDEX "products_colors_idx";--> statement-breakpoint
DROP INDEX "products_sizes_idx";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector","colors","sizes") WITH (fastupdate=false);