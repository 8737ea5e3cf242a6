-- Multi-column GIN indexes over the search vector and plain columns (PGlite loads btree_gin at creation;
-- PostgreSQL needs postgresql-contrib, as for pg_trgm).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "book_editions_price_idx";--> statement-breakpoint
DROP INDEX "products_language_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_title_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_filters_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "paper_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ebook_price_cents" integer;--> statement-breakpoint
UPDATE "products" p SET "paper_price_cents" = e."paper", "ebook_price_cents" = e."ebook" FROM (
  SELECT "product_id",
    min("final_price_cents") FILTER (WHERE "format" = 'paper') AS "paper",
    min("final_price_cents") FILTER (WHERE "format" = 'ebook') AS "ebook"
  FROM "book_editions" GROUP BY "product_id"
) e WHERE e."product_id" = p."id";--> statement-breakpoint
CREATE INDEX "products_search_academic_idx" ON "products" USING gin ("search_vector","category_id","subcategory_id","language","file_type") WHERE status = 'published' AND section = 'academic';--> statement-breakpoint
CREATE INDEX "products_search_professional_idx" ON "products" USING gin ("search_vector","category_id","subcategory_id","language","file_type") WHERE status = 'published' AND section = 'professional';--> statement-breakpoint
CREATE INDEX "products_search_book_idx" ON "products" USING gin ("search_vector","category_id","subcategory_id","language","file_type") WHERE status = 'published' AND section = 'book';--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("section","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","subcategory_id","language","file_type","min_price_cents","paper_price_cents","ebook_price_cents") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("section","min_price_cents","id","category_id","subcategory_id","language","file_type","paper_price_cents","ebook_price_cents") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("section","title","id","category_id","subcategory_id","language","file_type","min_price_cents","paper_price_cents","ebook_price_cents") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("section","category_id","subcategory_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"language","file_type","min_price_cents","paper_price_cents","ebook_price_cents") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_filters_idx" ON "products" USING btree ("section","category_id","subcategory_id","language","file_type","min_price_cents","paper_price_cents","ebook_price_cents","published_at","id") WHERE status = 'published';--> statement-breakpoint
-- A subcategory belongs to one category, a category to one section: without these statistics the planner takes
-- them for independent, expects a category's list to be a handful of products, and reads it from the table.
-- (drizzle-kit does not write statistics objects; it leaves this one alone.)
CREATE STATISTICS IF NOT EXISTS "products_list_stats" (dependencies, mcv)
  ON "section", "category_id", "subcategory_id", "language" FROM "products";--> statement-breakpoint
ANALYZE "products";
