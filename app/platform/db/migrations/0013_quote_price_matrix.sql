CREATE TABLE "quote_price_matrix" (
	"id" integer PRIMARY KEY NOT NULL,
	"matrix" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_price_matrix_one_row" CHECK ("quote_price_matrix"."id" = 1)
);
