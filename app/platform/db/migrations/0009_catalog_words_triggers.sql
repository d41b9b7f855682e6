-- The catalogue's word list (catalog_words) follows products: every statement that inserts or
-- updates products adds the new words of their search_text (one insert per statement, through the
-- transition table). Words with digits (style numbers) are left out: the search matches those by
-- prefix in the full-text index.
CREATE FUNCTION "catalog_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "catalog_words" ("word")
	SELECT DISTINCT w FROM "changed_products", regexp_split_to_table("changed_products"."search_text", '[^[:alnum:]]+') AS w
	WHERE length(w) >= 2 AND w !~ '[[:digit:]]'
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS "changed_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_words_add"();
--> statement-breakpoint
CREATE TRIGGER "products_words_update" AFTER UPDATE ON "products"
	REFERENCING NEW TABLE AS "changed_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_words_add"();
--> statement-breakpoint
INSERT INTO "catalog_words" ("word")
SELECT DISTINCT w FROM "products", regexp_split_to_table("products"."search_text", '[^[:alnum:]]+') AS w
WHERE length(w) >= 2 AND w !~ '[[:digit:]]'
ON CONFLICT DO NOTHING;
