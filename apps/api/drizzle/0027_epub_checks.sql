ALTER TABLE "file_assets" ADD COLUMN "accessibility" jsonb;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "epub_report" jsonb;