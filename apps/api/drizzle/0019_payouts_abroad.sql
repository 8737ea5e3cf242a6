CREATE TABLE "payout_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"author_ids" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"run_id" uuid,
	CONSTRAINT "payout_proposals_month" CHECK ("payout_proposals"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "withholding_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withholding_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "withholding_rates_bp" CHECK ("withholding_rates"."rate_bp" BETWEEN 0 AND 5000),
	CONSTRAINT "withholding_rates_country" CHECK ("withholding_rates"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "account_kind" text DEFAULT 'iban' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bank_address" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "holder_street" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "holder_postcode" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "holder_city" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "holder_country" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "residence_country" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account_kind" text DEFAULT 'iban' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "scheme" text DEFAULT 'sepa' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "creditor" jsonb;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "residence_country" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "withholding_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "withholding_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_proposals" ADD CONSTRAINT "payout_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_proposals" ADD CONSTRAINT "payout_proposals_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_rates" ADD CONSTRAINT "withholding_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_proposals_month_unique" ON "payout_proposals" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "withholding_rates_country_from_unique" ON "withholding_rates" USING btree ("country","effective_from");--> statement-breakpoint
CREATE INDEX "payouts_run_idx" ON "payouts" USING btree ("run_id","scheme");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_withholding" CHECK ("payouts"."withholding_cents" >= 0 AND "payouts"."withholding_bp" BETWEEN 0 AND 5000);