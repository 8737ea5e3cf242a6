ALTER TABLE "users" ADD COLUMN "version_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sales_emails" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_emails" boolean DEFAULT true NOT NULL;