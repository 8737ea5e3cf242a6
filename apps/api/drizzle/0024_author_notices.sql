CREATE TABLE "author_notices" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "author_notices_kind_key_author_id_pk" PRIMARY KEY("kind","key","author_id")
);
--> statement-breakpoint
ALTER TABLE "author_notices" ADD CONSTRAINT "author_notices_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_notices_author_idx" ON "author_notices" USING btree ("author_id");