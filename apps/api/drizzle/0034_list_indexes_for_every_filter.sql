DROP INDEX "products_filters_idx";--> statement-breakpoint
DROP INDEX "products_file_type_idx";--> statement-breakpoint
CREATE INDEX "products_filters_idx" ON "products" USING btree ("section","category_id","subcategory_id","language","file_type","min_price_cents","paper_price_cents","ebook_price_cents","published_at","id","title") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_file_type_idx" ON "products" USING btree ("section","file_type","category_id","subcategory_id","language","min_price_cents","published_at","id") WHERE status = 'published' AND file_type IS NOT NULL;--> statement-breakpoint
-- A file's type goes with its category and language (a category's files are mostly of a few types): without it in
-- the statistics, the planner expects a type in a category to be an eighth of it, and walks a sort's index for
-- matches that are not there.
DROP STATISTICS IF EXISTS "products_list_stats";--> statement-breakpoint
CREATE STATISTICS "products_list_stats" (dependencies, mcv)
  ON "section", "category_id", "subcategory_id", "language", "file_type" FROM "products";--> statement-breakpoint
ANALYZE "products";
