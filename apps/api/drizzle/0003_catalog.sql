CREATE TABLE "book_editions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_editions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"format" text NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"final_price_cents" integer GENERATED ALWAYS AS ((price_cents * (100 - discount_percent) + 50) / 100) STORED NOT NULL,
	"isbn" text,
	"pages" integer,
	"stock" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_editions_price" CHECK ("book_editions"."price_cents" >= 0),
	CONSTRAINT "book_editions_discount" CHECK ("book_editions"."discount_percent" BETWEEN 0 AND 90),
	CONSTRAINT "book_editions_stock" CHECK ("book_editions"."format" = 'paper' OR "book_editions"."stock" IS NULL),
	CONSTRAINT "book_editions_stock_positive" CHECK ("book_editions"."stock" IS NULL OR "book_editions"."stock" >= 0),
	CONSTRAINT "book_editions_pages" CHECK ("book_editions"."pages" IS NULL OR "book_editions"."pages" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section" text NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_section_parent_slug_unique" UNIQUE NULLS NOT DISTINCT("section","parent_id","slug"),
	CONSTRAINT "categories_slug_format" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "file_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"file_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_assets_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "file_assets_size" CHECK ("file_assets"."size_bytes" >= 0),
	CONSTRAINT "file_assets_sha256" CHECK ("file_assets"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "file_assets_not_cover" CHECK ("file_assets"."storage_key" NOT LIKE 'covers/%')
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"section" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"language" text NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"category_names" text DEFAULT '' NOT NULL,
	"cover_key" text NOT NULL,
	"cover_width" integer NOT NULL,
	"cover_height" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"popularity" integer DEFAULT 0 NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"min_price_cents" integer DEFAULT 0 NOT NULL,
	"file_type" text,
	"title_norm" text GENERATED ALWAYS AS (hls_unaccent(lower(title))) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('en_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, author_name || ' ' || category_names), 'B') || setweight(to_tsvector('en_unaccent'::regconfig, author_name || ' ' || category_names), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, description), 'C') || setweight(to_tsvector('en_unaccent'::regconfig, description), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_kind_section" CHECK (("products"."kind" = 'book') = ("products"."section" = 'book')),
	CONSTRAINT "products_file_type" CHECK (("products"."kind" = 'file') = ("products"."file_type" IS NOT NULL)),
	CONSTRAINT "products_academic_free" CHECK ("products"."section" <> 'academic' OR ("products"."price_cents" = 0 AND "products"."min_price_cents" = 0)),
	CONSTRAINT "products_prices" CHECK ("products"."price_cents" >= 0 AND "products"."min_price_cents" >= 0 AND "products"."discount_percent" BETWEEN 0 AND 90),
	CONSTRAINT "products_cover_key" CHECK ("products"."cover_key" LIKE 'covers/%'),
	CONSTRAINT "products_published_at" CHECK ("products"."status" <> 'published' OR "products"."published_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "book_editions" ADD CONSTRAINT "book_editions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_assets" ADD CONSTRAINT "file_assets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_id_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_editions_product_format_unique" ON "book_editions" USING btree ("product_id","format");--> statement-breakpoint
CREATE INDEX "categories_section_parent_idx" ON "categories" USING btree ("section","parent_id","position");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("section","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("section","min_price_cents","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("section","title","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("section","popularity" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("section","category_id","subcategory_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_discounted_idx" ON "products" USING btree ("section","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' AND discount_percent > 0;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_author_idx" ON "products" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","updated_at");--> statement-breakpoint
-- products.author_name and products.category_names are copies (cards and search read them without joins);
-- these triggers keep them in step when an author or a category is renamed.
CREATE FUNCTION hls_products_author_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products
     SET author_name = coalesce(nullif(btrim(NEW.display_name), ''), btrim(NEW.first_name || ' ' || NEW.last_name)),
         updated_at = now()
   WHERE author_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_products_author_name AFTER UPDATE OF display_name, first_name, last_name ON users
  FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.first_name IS DISTINCT FROM NEW.first_name
        OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION hls_products_author_name();
--> statement-breakpoint
CREATE FUNCTION hls_products_category_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
     SET category_names = coalesce((SELECT string_agg(c.name_fr || ' ' || c.name_en, ' ' ORDER BY c.parent_id NULLS FIRST)
                                      FROM categories c WHERE c.id IN (p.category_id, p.subcategory_id)), ''),
         updated_at = now()
   WHERE p.category_id = NEW.id OR p.subcategory_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_products_category_names AFTER UPDATE OF name_fr, name_en ON categories
  FOR EACH ROW
  WHEN (OLD.name_fr IS DISTINCT FROM NEW.name_fr OR OLD.name_en IS DISTINCT FROM NEW.name_en)
  EXECUTE FUNCTION hls_products_category_names();
