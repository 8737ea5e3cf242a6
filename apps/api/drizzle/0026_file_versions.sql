CREATE TABLE "file_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"number" integer NOT NULL,
	"file_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"pages" integer,
	"macros" boolean DEFAULT false NOT NULL,
	"note" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_versions_number" CHECK ("file_versions"."number" > 0),
	CONSTRAINT "file_versions_size" CHECK ("file_versions"."size_bytes" >= 0),
	CONSTRAINT "file_versions_sha256" CHECK ("file_versions"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "stamped_copies" (
	"entitlement_id" uuid NOT NULL,
	"version_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"sha256" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamped_copies_pk" PRIMARY KEY("entitlement_id","version_id"),
	CONSTRAINT "stamped_copies_ready" CHECK ("stamped_copies"."status" <> 'ready' OR ("stamped_copies"."storage_key" IS NOT NULL AND "stamped_copies"."sha256" IS NOT NULL AND "stamped_copies"."size_bytes" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "version_notices" (
	"user_id" uuid NOT NULL,
	"version_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_notices_pk" PRIMARY KEY("user_id","version_id")
);
--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_notices" ADD CONSTRAINT "version_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_notices" ADD CONSTRAINT "version_notices_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_versions_number_unique" ON "file_versions" USING btree ("product_id","number");--> statement-breakpoint
CREATE INDEX "stamped_copies_version_idx" ON "stamped_copies" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "version_notices_version_idx" ON "version_notices" USING btree ("version_id");--> statement-breakpoint
INSERT INTO "file_versions" ("product_id", "number", "file_type", "storage_key", "original_name", "mime", "size_bytes", "sha256", "pages", "macros", "published_at")
SELECT a."product_id", 1, a."file_type", a."storage_key", a."original_name", a."mime", a."size_bytes", a."sha256", a."pages", a."macros", p."revised_at"
FROM "file_assets" a JOIN "products" p ON p."id" = a."product_id";--> statement-breakpoint
INSERT INTO "stamped_copies" ("entitlement_id", "version_id", "status", "storage_key", "sha256", "size_bytes", "created_at", "updated_at")
SELECT e."id", v."id", e."stamp_status", e."stamped_key", e."stamped_sha256", e."stamped_size_bytes", e."created_at", e."updated_at"
FROM "entitlements" e JOIN "file_versions" v ON v."product_id" = e."product_id" AND v."number" = 1
WHERE e."stamp_status" <> 'none';
