CREATE TABLE "catalog_images" (
	"source_url" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"key_prefix" text,
	"url" text,
	"srcset" text,
	"width" integer,
	"height" integer,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
