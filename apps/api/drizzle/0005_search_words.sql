CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- search_words holds the words of the product titles, as title_norm writes them (lower case, no accents), without
-- numbers (references and years are not typos to correct). New and changed titles add their words; words of a
-- title that changed stay (a correction towards one finds nothing, as the search it replaces did).
CREATE FUNCTION hls_collect_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_products p, regexp_split_to_table(p.title_norm, '[^[:alnum:]]+') w
   WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_title_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION hls_collect_title_words();
--> statement-breakpoint
CREATE TRIGGER products_title_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION hls_collect_title_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p, regexp_split_to_table(p.title_norm, '[^[:alnum:]]+') w
 WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
ON CONFLICT DO NOTHING;
