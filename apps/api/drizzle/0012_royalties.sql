CREATE SEQUENCE "public"."payout_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."payout_run_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"iban_encrypted" text NOT NULL,
	"iban_masked" text NOT NULL,
	"bic" text NOT NULL,
	"bank_name" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"detail" text,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"execution_date" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "payout_runs_money" CHECK ("payout_runs"."total_cents" > 0 AND "payout_runs"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entries" integer NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"holder" text NOT NULL,
	"iban_encrypted" text NOT NULL,
	"iban_masked" text NOT NULL,
	"bic" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "royalty_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "royalty_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"quantity" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"royalty_cents" integer NOT NULL,
	"reverses_id" integer,
	"available_at" timestamp with time zone,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_entries_sign" CHECK (("royalty_entries"."kind" = 'accrual' AND "royalty_entries"."net_cents" >= 0 AND "royalty_entries"."royalty_cents" >= 0 AND "royalty_entries"."reverses_id" IS NULL)
        OR ("royalty_entries"."kind" = 'reversal' AND "royalty_entries"."net_cents" <= 0 AND "royalty_entries"."royalty_cents" <= 0 AND "royalty_entries"."reverses_id" IS NOT NULL)),
	CONSTRAINT "royalty_entries_net" CHECK ("royalty_entries"."net_cents" = "royalty_entries"."gross_cents" - "royalty_entries"."vat_cents"),
	CONSTRAINT "royalty_entries_bp" CHECK ("royalty_entries"."rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "royalty_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "royalty_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"format" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "royalty_rates_bp" CHECK ("royalty_rates"."rate_bp" BETWEEN 0 AND 10000),
	CONSTRAINT "royalty_rates_not_retroactive" CHECK ("royalty_rates"."effective_from" >= "royalty_rates"."created_at" - interval '1 minute')
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_audit" ADD CONSTRAINT "bank_audit_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_audit" ADD CONSTRAINT "bank_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_rates" ADD CONSTRAINT "royalty_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_audit_owner_idx" ON "bank_audit" USING btree ("owner_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_audit_at_idx" ON "bank_audit" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_reference_unique" ON "payout_runs" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_author_unique" ON "payouts" USING btree ("run_id","author_id");--> statement-breakpoint
CREATE INDEX "payouts_author_idx" ON "payouts" USING btree ("author_id","paid_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_entries_accrual_unique" ON "royalty_entries" USING btree ("order_line_id") WHERE kind = 'accrual';--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_entries_reversal_unique" ON "royalty_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "royalty_entries_author_created_idx" ON "royalty_entries" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "royalty_entries_unpaid_idx" ON "royalty_entries" USING btree ("author_id","available_at") WHERE payout_id IS NULL;--> statement-breakpoint
CREATE INDEX "royalty_entries_order_idx" ON "royalty_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "royalty_entries_payout_idx" ON "royalty_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_rates_format_from_unique" ON "royalty_rates" USING btree ("format","effective_from");