-- The snapshots are a cache: clear them, so none is read without its people rows.
DELETE FROM "company_view_snapshots";--> statement-breakpoint
CREATE TABLE "company_view_people" (
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"inactive" boolean NOT NULL,
	"person" text NOT NULL,
	CONSTRAINT "company_view_people_company_id_position_pk" PRIMARY KEY("company_id","position")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_org_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_po_reference" text;--> statement-breakpoint
ALTER TABLE "company_view_people" ADD CONSTRAINT "company_view_people_company_id_company_view_snapshots_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_view_snapshots"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_view_people_user_idx" ON "company_view_people" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "company_view_snapshots" DROP COLUMN "people";--> statement-breakpoint
ALTER TABLE "company_view_snapshots" ADD COLUMN "refreshing_until" timestamp with time zone;--> statement-breakpoint
-- Package orders made before: the company as it is now is the best record of it there is.
UPDATE "orders" o SET "buyer_company_name" = c."name", "buyer_org_number" = c."org_number", "buyer_po_reference" = c."po_reference"
FROM "companies" c WHERE o."company_id" = c."id";
