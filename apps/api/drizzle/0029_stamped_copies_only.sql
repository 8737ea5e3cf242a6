-- Copies made before stamped_copies existed and not moved yet are moved to version 1 before the columns go.
INSERT INTO "stamped_copies" ("entitlement_id", "version_id", "status", "storage_key", "sha256", "size_bytes", "created_at", "updated_at")
SELECT e."id", v."id", e."stamp_status", e."stamped_key", e."stamped_sha256", e."stamped_size_bytes", e."created_at", e."updated_at"
FROM "entitlements" e JOIN "file_versions" v ON v."product_id" = e."product_id" AND v."number" = 1
WHERE e."stamp_status" <> 'none'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "entitlements" DROP CONSTRAINT "entitlements_stamped";--> statement-breakpoint
ALTER TABLE "entitlements" DROP COLUMN "stamp_status";--> statement-breakpoint
ALTER TABLE "entitlements" DROP COLUMN "stamped_key";--> statement-breakpoint
ALTER TABLE "entitlements" DROP COLUMN "stamped_sha256";--> statement-breakpoint
ALTER TABLE "entitlements" DROP COLUMN "stamped_size_bytes";