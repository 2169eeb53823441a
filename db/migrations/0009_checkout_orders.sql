CREATE TYPE "public"."coupon_kind" AS ENUM('percent', 'amount');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('created', 'awaiting_payment', 'paid', 'refunded', 'partly_refunded', 'cancelled', 'expired', 'failed');--> statement-breakpoint
CREATE TYPE "public"."test_payment_state" AS ENUM('pending', 'authorized', 'captured', 'cancelled', 'expired', 'failed');--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "coupon_kind" NOT NULL,
	"percent_off" integer,
	"amount_off_ore" integer,
	"product_id" text,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_value" CHECK (("coupons"."kind" = 'percent' AND "coupons"."percent_off" BETWEEN 1 AND 100 AND "coupons"."amount_off_ore" IS NULL) OR ("coupons"."kind" = 'amount' AND "coupons"."amount_off_ore" > 0 AND "coupons"."percent_off" IS NULL)),
	CONSTRAINT "coupons_used_within_max" CHECK ("coupons"."used_count" >= 0 AND ("coupons"."max_uses" IS NULL OR "coupons"."used_count" <= "coupons"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"trigger" text NOT NULL,
	"actor_id" uuid,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_ore" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_positive" CHECK ("order_refunds"."amount_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"buyer_first_name" text NOT NULL,
	"buyer_last_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"guest" boolean DEFAULT false NOT NULL,
	"account_created" boolean DEFAULT false NOT NULL,
	"checkout_token_hash" text,
	"product_id" text NOT NULL,
	"course_id" text,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"list_price_ore" integer NOT NULL,
	"discount_ore" integer DEFAULT 0 NOT NULL,
	"total_ore" integer NOT NULL,
	"vat" "product_vat" NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"coupon_id" uuid,
	"coupon_code" text,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"redirect_url" text,
	"status" "order_status" DEFAULT 'created' NOT NULL,
	"consent_version" text NOT NULL,
	"consent_text" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text,
	"consent_user_agent" text,
	"idempotency_key" text NOT NULL,
	"captured_ore" integer DEFAULT 0 NOT NULL,
	"refunded_ore" integer DEFAULT 0 NOT NULL,
	"receipt_number" integer,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts" CHECK ("orders"."list_price_ore" >= 0 AND "orders"."discount_ore" >= 0 AND "orders"."total_ore" = "orders"."list_price_ore" - "orders"."discount_ore" AND "orders"."vat_ore" >= 0 AND "orders"."vat_ore" <= "orders"."total_ore"),
	CONSTRAINT "orders_refund_within_capture" CHECK ("orders"."refunded_ore" >= 0 AND "orders"."refunded_ore" <= "orders"."captured_ore"),
	CONSTRAINT "orders_currency_nok" CHECK ("orders"."currency" = 'NOK'),
	CONSTRAINT "orders_paid_has_receipt" CHECK (("orders"."status" IN ('paid', 'refunded', 'partly_refunded')) = ("orders"."receipt_number" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "receipt_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counter_single_row" CHECK ("receipt_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "test_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_ore" integer NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"state" "test_payment_state" DEFAULT 'pending' NOT NULL,
	"captured_ore" integer DEFAULT 0 NOT NULL,
	"refunded_ore" integer DEFAULT 0 NOT NULL,
	"keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pending_event" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idempotency_key" ON "order_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_number_key" ON "orders" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree ("buyer_email");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" IN ('created', 'awaiting_payment');--> statement-breakpoint
INSERT INTO "receipt_counter" ("id", "last_number") VALUES (1, 0) ON CONFLICT DO NOTHING;