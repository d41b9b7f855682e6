ALTER TABLE "knowledge_base" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', answer), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_base_search_idx" ON "knowledge_base" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_base_title_trgm_idx" ON "knowledge_base" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "faqs_search_idx" ON "faqs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "faqs_question_trgm_idx" ON "faqs" USING gin ("question" gin_trgm_ops);