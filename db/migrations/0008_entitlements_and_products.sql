CREATE TYPE "public"."enrollment_source" AS ENUM('free', 'purchase', 'seat', 'grant');--> statement-breakpoint
CREATE TYPE "public"."product_vat" AS ENUM('standard_25', 'exempt');--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"course_id" text,
	"price_ore" integer NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"vat" "product_vat" NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_ore_not_negative" CHECK ("products"."price_ore" >= 0),
	CONSTRAINT "products_currency_nok" CHECK ("products"."currency" = 'NOK')
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "source" "enrollment_source" DEFAULT 'grant' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "is_preview" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_course_id_key" ON "products" USING btree ("course_id");