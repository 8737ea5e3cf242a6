ALTER TABLE "file_assets" ADD COLUMN "macros" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publisher" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publication_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usage_licence" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sheets" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slides" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archive_parts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "software" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revised_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "twin_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_twin_id_products_id_fk" FOREIGN KEY ("twin_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_twin_idx" ON "products" USING btree ("twin_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_contents" CHECK (coalesce("products"."sheets", 1) > 0 AND coalesce("products"."slides", 1) > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_twin" CHECK ("products"."twin_id" <> "products"."id");--> statement-breakpoint
-- Products listed before this migration: their content dates from their creation (first publication if earlier).
UPDATE "products" SET "revised_at" = least("created_at", coalesce("published_at", "created_at"));