CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"format" text NOT NULL,
	"edition_id" integer,
	"title" text NOT NULL,
	"cover_url" text NOT NULL,
	"kind" text NOT NULL,
	"section" text NOT NULL,
	"file_type" text,
	"author_id" uuid NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"unit_final_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"stock_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_money" CHECK ("order_lines"."unit_price_cents" >= 0 AND "order_lines"."unit_final_cents" >= 0 AND "order_lines"."total_cents" >= 0 AND "order_lines"."refunded_cents" >= 0 AND "order_lines"."refunded_cents" <= "order_lines"."total_cents" AND "order_lines"."discount_percent" BETWEEN 0 AND 100),
	CONSTRAINT "order_lines_total" CHECK ("order_lines"."total_cents" = "order_lines"."unit_final_cents" * "order_lines"."quantity"),
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" >= 1 AND ("order_lines"."format" = 'paper' OR "order_lines"."quantity" = 1)),
	CONSTRAINT "order_lines_edition" CHECK (("order_lines"."format" = 'file') = ("order_lines"."edition_id" IS NULL)),
	CONSTRAINT "order_lines_stock_state" CHECK (("order_lines"."format" = 'paper') = ("order_lines"."stock_state" <> 'none'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"needs_address" boolean NOT NULL,
	"has_digital" boolean NOT NULL,
	"shipping_address" jsonb,
	"consent" jsonb,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"withdrawal_requested_at" timestamp with time zone,
	"withdrawal_line_ids" integer[],
	"withdrawal_refunded_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_provider" text,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_currency" CHECK ("orders"."currency" = 'EUR'),
	CONSTRAINT "orders_money" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."discount_cents" >= 0 AND "orders"."total_cents" >= 0 AND "orders"."refunded_cents" >= 0 AND ("orders"."vat_cents" IS NULL OR "orders"."vat_cents" >= 0)),
	CONSTRAINT "orders_total" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents"),
	CONSTRAINT "orders_refunded" CHECK ("orders"."refunded_cents" <= "orders"."total_cents"),
	CONSTRAINT "orders_paid" CHECK ("orders"."status" IN ('pending_payment', 'cancelled') OR "orders"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_edition_id_book_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."book_editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_product_format_unique" ON "order_lines" USING btree ("order_id","product_id","format");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("expires_at") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_withdrawal_idx" ON "orders" USING btree ("withdrawal_requested_at" DESC NULLS LAST) WHERE withdrawal_requested_at IS NOT NULL;