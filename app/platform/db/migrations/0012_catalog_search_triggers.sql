-- catalog_search and catalog_search_state follow products (statement triggers, transition tables).
-- A product on sale has one catalog_search row; a row whose searched text or name changes, or a
-- product going on or off sale, gets a new row (a new n) at the end of the table: `n`s up to
-- catalog_search_state.ordered_n are in name order, the search's tie-break. The version rises when
-- anything the search filters, counts or sorts on changes, in the writing transaction: an instance
-- whose in-memory columns are older sees the new number with the committed rows. An upsert that
-- changes nothing the search uses (a sync's unchanged products) leaves both alone.
CREATE FUNCTION "catalog_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed integer;
BEGIN
	INSERT INTO "catalog_search" ("n", "product_id", "style", "search_vector")
	SELECT nextval('catalog_search_n_seq'), "id", lower("style_number"), "search_vector"
	FROM "new_products" WHERE "discontinued_at" IS NULL;
	GET DIAGNOSTICS changed = ROW_COUNT;
	IF changed > 0 THEN
		UPDATE "catalog_search_state" SET "version" = "version" + 1 WHERE "id" = 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM "new_products" n JOIN "old_products" o ON o."id" = n."id"
		WHERE (n."discontinued_at" IS NULL, n."search_vector", n."style_number", n."name", n."category",
			n."brand", n."price_cents", n."rating", n."colors", n."sizes")
			IS DISTINCT FROM (o."discontinued_at" IS NULL, o."search_vector", o."style_number", o."name",
			o."category", o."brand", o."price_cents", o."rating", o."colors", o."sizes")
	) THEN
		RETURN NULL;
	END IF;
	DELETE FROM "catalog_search" s USING "new_products" n, "old_products" o
	WHERE s."product_id" = n."id" AND o."id" = n."id"
		AND (n."discontinued_at" IS NOT NULL OR n."search_vector" IS DISTINCT FROM o."search_vector"
			OR n."style_number" IS DISTINCT FROM o."style_number" OR n."name" IS DISTINCT FROM o."name");
	INSERT INTO "catalog_search" ("n", "product_id", "style", "search_vector")
	SELECT nextval('catalog_search_n_seq'), n."id", lower(n."style_number"), n."search_vector"
	FROM "new_products" n
	WHERE n."discontinued_at" IS NULL
		AND NOT EXISTS (SELECT 1 FROM "catalog_search" s WHERE s."product_id" = n."id");
	UPDATE "catalog_search_state" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_search_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed integer;
BEGIN
	DELETE FROM "catalog_search" s USING "old_products" o WHERE s."product_id" = o."id";
	GET DIAGNOSTICS changed = ROW_COUNT;
	IF changed > 0 THEN
		UPDATE "catalog_search_state" SET "version" = "version" + 1 WHERE "id" = 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_search_insert"();
--> statement-breakpoint
CREATE TRIGGER "products_search_update" AFTER UPDATE ON "products"
	REFERENCING NEW TABLE AS "new_products" OLD TABLE AS "old_products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_search_update"();
--> statement-breakpoint
CREATE TRIGGER "products_search_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS "old_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_search_delete"();
--> statement-breakpoint
INSERT INTO "catalog_search_state" ("id", "version", "ordered_n") VALUES (1, 1, 0);
--> statement-breakpoint
-- As search-order.server.ts writes it: rows in catalogue order (category, brand, name), numbered
-- in name order.
INSERT INTO "catalog_search" ("n", "product_id", "style", "search_vector")
SELECT row_number() OVER (ORDER BY "name", "id"), "id", lower("style_number"), "search_vector"
FROM "products" WHERE "discontinued_at" IS NULL
ORDER BY "category", "brand", "name", "id";
--> statement-breakpoint
UPDATE "catalog_search_state" SET "ordered_n" = (SELECT coalesce(max("n"), 0) FROM "catalog_search");
--> statement-breakpoint
SELECT setval('catalog_search_n_seq', (SELECT "ordered_n" FROM "catalog_search_state") + 1, false);
