CREATE TYPE "public"."company_trial_status" AS ENUM('active', 'converted', 'ended');--> statement-breakpoint
CREATE TABLE "company_trials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"org_number" text NOT NULL,
	"started_by" uuid,
	"seats" integer NOT NULL,
	"status" "company_trial_status" DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"closed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"end_mail_sent_at" timestamp with time zone,
	CONSTRAINT "company_trials_seats_check" CHECK ("company_trials"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_trials" ADD CONSTRAINT "company_trials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_trials" ADD CONSTRAINT "company_trials_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_trials" ADD CONSTRAINT "company_trials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_trials_org_number_key" ON "company_trials" USING btree ("org_number");--> statement-breakpoint
CREATE UNIQUE INDEX "company_trials_started_by_key" ON "company_trials" USING btree ("started_by");--> statement-breakpoint
CREATE UNIQUE INDEX "company_trials_company_key" ON "company_trials" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_trials_active_idx" ON "company_trials" USING btree ("ends_at") WHERE "company_trials"."status" = 'active';