CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"quantity" integer NOT NULL,
	"category" text NOT NULL,
	"country" text NOT NULL,
	"treatment" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_amount" CHECK ("invoice_lines"."amount_cents" = "invoice_lines"."net_cents" + "invoice_lines"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"credits_invoice_id" uuid,
	"refund_key" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_cents" = "invoices"."net_cents" + "invoices"."vat_cents"),
	CONSTRAINT "invoices_kind" CHECK (("invoices"."kind" = 'invoice') = ("invoices"."credits_invoice_id" IS NULL AND "invoices"."refund_key" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vat_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_from" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "vat_rates_bp" CHECK ("vat_rates"."rate_bp" BETWEEN 0 AND 5000),
	CONSTRAINT "vat_rates_country" CHECK ("vat_rates"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_money";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
UPDATE "order_lines" SET "amount_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_treatment" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_unique" ON "invoices" USING btree ("order_id") WHERE kind = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_unique" ON "invoices" USING btree ("order_id","refund_key");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_country_category_from_unique" ON "vat_rates" USING btree ("country","category","valid_from");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax" CHECK (("order_lines"."net_cents" IS NULL AND "order_lines"."amount_cents" = "order_lines"."total_cents") OR ("order_lines"."net_cents" IS NOT NULL AND "order_lines"."amount_cents" = "order_lines"."net_cents" + "order_lines"."vat_cents"));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_money" CHECK ("order_lines"."unit_price_cents" >= 0 AND "order_lines"."unit_final_cents" >= 0 AND "order_lines"."total_cents" >= 0 AND "order_lines"."refunded_cents" >= 0 AND "order_lines"."refunded_cents" <= "order_lines"."amount_cents" AND "order_lines"."discount_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total" CHECK (("orders"."net_cents" IS NULL AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents") OR ("orders"."net_cents" IS NOT NULL AND "orders"."vat_cents" IS NOT NULL AND "orders"."total_cents" = "orders"."net_cents" + "orders"."vat_cents"));--> statement-breakpoint
-- The EU's published rates (and the UK's) for the three categories HLS sells, from 2024 on; admins add the next ones.
INSERT INTO "vat_rates" ("country", "category", "rate_bp", "valid_from", "source") VALUES
('AT', 'standard', 2000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('AT', 'ebook', 1000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('AT', 'printed_book', 1000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('BE', 'standard', 2100, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('BE', 'ebook', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('BE', 'printed_book', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('BG', 'standard', 2000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('BG', 'ebook', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('BG', 'printed_book', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('CY', 'standard', 1900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('CY', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('CY', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('CZ', 'standard', 2100, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('CZ', 'ebook', 0, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('CZ', 'printed_book', 0, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('DE', 'standard', 1900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('DE', 'ebook', 700, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('DE', 'printed_book', 700, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('DK', 'standard', 2500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('DK', 'ebook', 2500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('DK', 'printed_book', 2500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('EE', 'standard', 2200, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('EE', 'standard', 2400, '2025-07-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('EE', 'ebook', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('EE', 'ebook', 1300, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('EE', 'printed_book', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('EE', 'printed_book', 1300, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('ES', 'standard', 2100, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('ES', 'ebook', 400, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('ES', 'printed_book', 400, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FI', 'standard', 2400, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FI', 'standard', 2550, '2024-09-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FI', 'ebook', 1000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FI', 'ebook', 1400, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FI', 'printed_book', 1000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FI', 'printed_book', 1400, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FR', 'standard', 2000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FR', 'ebook', 550, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('FR', 'printed_book', 550, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('GR', 'standard', 2400, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('GR', 'ebook', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('GR', 'printed_book', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('HR', 'standard', 2500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('HR', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('HR', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('HU', 'standard', 2700, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('HU', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('HU', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('IE', 'standard', 2300, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('IE', 'ebook', 0, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('IE', 'printed_book', 0, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('IT', 'standard', 2200, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('IT', 'ebook', 400, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('IT', 'printed_book', 400, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LT', 'standard', 2100, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LT', 'ebook', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LT', 'printed_book', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LU', 'standard', 1700, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LU', 'ebook', 300, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LU', 'printed_book', 300, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LV', 'standard', 2100, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LV', 'ebook', 1200, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('LV', 'printed_book', 1200, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('MT', 'standard', 1800, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('MT', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('MT', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('NL', 'standard', 2100, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('NL', 'ebook', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('NL', 'printed_book', 900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('PL', 'standard', 2300, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('PL', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('PL', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('PT', 'standard', 2300, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('PT', 'ebook', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('PT', 'printed_book', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('RO', 'standard', 1900, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('RO', 'standard', 2100, '2025-08-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('RO', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('RO', 'ebook', 1100, '2025-08-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('RO', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('RO', 'printed_book', 1100, '2025-08-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SE', 'standard', 2500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SE', 'ebook', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SE', 'printed_book', 600, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SI', 'standard', 2200, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SI', 'ebook', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SI', 'printed_book', 500, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SK', 'standard', 2000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SK', 'standard', 2300, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SK', 'ebook', 1000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SK', 'ebook', 500, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SK', 'printed_book', 1000, '2024-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('SK', 'printed_book', 500, '2025-01-01', 'European Commission, VAT rates applied in the Member States (taxud, 2025)'),
('GB', 'standard', 2000, '2024-01-01', 'HMRC VAT rates on goods and services'),
('GB', 'ebook', 0, '2024-01-01', 'HMRC VAT rates on goods and services'),
('GB', 'printed_book', 0, '2024-01-01', 'HMRC VAT rates on goods and services');
