DROP INDEX "uploads_used_by_idx";--> statement-breakpoint
DROP INDEX "uploads_unused_idx";--> statement-breakpoint
ALTER TABLE "brand_logos" ADD COLUMN "logo_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "client_webstore_examples" ADD COLUMN "logo_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "success_stories" ADD COLUMN "image_upload_id" uuid;--> statement-breakpoint
-- Records that show an upload now point at it by id (the URL column keeps the address).
UPDATE "brand_logos" SET "logo_upload_id" = "uploads"."id" FROM "uploads" WHERE "uploads"."url" = "brand_logos"."logo_url";--> statement-breakpoint
UPDATE "client_webstore_examples" SET "logo_upload_id" = "uploads"."id" FROM "uploads" WHERE "uploads"."url" = "client_webstore_examples"."logo_url";--> statement-breakpoint
UPDATE "success_stories" SET "image_upload_id" = "uploads"."id" FROM "uploads" WHERE "uploads"."url" = "success_stories"."image_url";--> statement-breakpoint
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_webstore_examples" ADD CONSTRAINT "client_webstore_examples_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_logos_logo_upload_idx" ON "brand_logos" USING btree ("logo_upload_id");--> statement-breakpoint
CREATE INDEX "client_webstore_examples_logo_upload_idx" ON "client_webstore_examples" USING btree ("logo_upload_id");--> statement-breakpoint
CREATE INDEX "success_stories_image_upload_idx" ON "success_stories" USING btree ("image_upload_id");--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "used_by_type";--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "used_by_id";--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "released_at";