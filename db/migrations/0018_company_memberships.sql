CREATE TYPE "public"."company_role" AS ENUM('manager', 'member');--> statement-breakpoint
CREATE TABLE "company_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" uuid,
	"subject_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "company_role" NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_company_id_companies_id_fk";
--> statement-breakpoint
DROP INDEX "users_company_id_idx";--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_audit_log" ADD CONSTRAINT "company_audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_audit_log" ADD CONSTRAINT "company_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_audit_log" ADD CONSTRAINT "company_audit_log_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_audit_log_company_idx" ON "company_audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_memberships_company_user_key" ON "company_memberships" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_memberships_user_idx" ON "company_memberships" USING btree ("user_id");--> statement-breakpoint
-- Rights move from the user's column to memberships: a company admin becomes the manager of the
-- company the column named; everyone holding a seat becomes a member (a manager with a seat stays manager).
INSERT INTO "company_memberships" ("company_id", "user_id", "role", "created_at")
SELECT "company_id", "id", 'manager', "created_at" FROM "users" WHERE "company_id" IS NOT NULL AND "role" = 'company_admin';--> statement-breakpoint
INSERT INTO "company_memberships" ("company_id", "user_id", "role", "created_at")
SELECT "company_id", "user_id", 'member', min("assigned_at") FROM "company_seats" WHERE "revoked_at" IS NULL GROUP BY "company_id", "user_id"
ON CONFLICT ("company_id", "user_id") DO NOTHING;--> statement-breakpoint
-- A company admin tied to no company manages nothing: the label follows the memberships.
UPDATE "users" SET "role" = 'individual' WHERE "role" = 'company_admin' AND "company_id" IS NULL;--> statement-breakpoint
-- A company that has paid for seats has shown it is real; the others wait for a paid invoice or a superuser.
UPDATE "companies" c SET "approved_at" = now() WHERE EXISTS (SELECT 1 FROM "orders" o WHERE o."company_id" = c."id" AND o."paid_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company_id";
