CREATE TABLE "document_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"reporter_user_id" uuid,
	"reporter_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decision_comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reports_decided" CHECK (("document_reports"."status" = 'open') = ("document_reports"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "submission_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"version" integer,
	"comment" text,
	"actor" text NOT NULL,
	"actor_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"working" boolean DEFAULT true NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"pages" integer,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_files_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "submission_files_sha256" CHECK ("submission_files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "submission_files_size" CHECK ("submission_files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "submission_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"file_ids" uuid[] NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"section" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"working" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version_count" integer DEFAULT 0 NOT NULL,
	"product_id" integer,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"unpublish_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_product_unique" UNIQUE("product_id"),
	CONSTRAINT "submissions_kind_section" CHECK (("submissions"."kind" = 'book') = ("submissions"."section" = 'book')),
	CONSTRAINT "submissions_version_count" CHECK ("submissions"."version_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sample_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "document_reports" ADD CONSTRAINT "document_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reports" ADD CONSTRAINT "document_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reports" ADD CONSTRAINT "document_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_reports_status_idx" ON "document_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "document_reports_product_idx" ON "document_reports" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "submission_events_submission_idx" ON "submission_events" USING btree ("submission_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_files_working_slot_unique" ON "submission_files" USING btree ("submission_id","slot") WHERE working;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_versions_number_unique" ON "submission_versions" USING btree ("submission_id","number");--> statement-breakpoint
CREATE INDEX "submissions_author_idx" ON "submissions" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_queue_idx" ON "submissions" USING btree ("status","submitted_at","id");