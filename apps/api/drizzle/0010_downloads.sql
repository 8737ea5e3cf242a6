CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" uuid,
	"order_line_id" integer,
	"order_number" text,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"revoked_at" timestamp with time zone,
	"stamp_status" text DEFAULT 'none' NOT NULL,
	"stamped_key" text,
	"stamped_sha256" text,
	"stamped_size_bytes" integer,
	"download_count" integer DEFAULT 0 NOT NULL,
	"first_download_at" timestamp with time zone,
	"last_download_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_order_line_unique" UNIQUE("order_line_id"),
	CONSTRAINT "entitlements_source" CHECK (("entitlements"."source" = 'purchase') = ("entitlements"."order_line_id" IS NOT NULL AND "entitlements"."order_id" IS NOT NULL)),
	CONSTRAINT "entitlements_stamped" CHECK ("entitlements"."stamp_status" <> 'ready' OR "entitlements"."stamped_key" IS NOT NULL),
	CONSTRAINT "entitlements_revoked" CHECK (("entitlements"."status" = 'revoked') = ("entitlements"."revoked_at" IS NOT NULL)),
	CONSTRAINT "entitlements_count" CHECK ("entitlements"."download_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlements_user_idx" ON "entitlements" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "entitlements_order_idx" ON "entitlements" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_free_unique" ON "entitlements" USING btree ("user_id","product_id") WHERE source = 'free';