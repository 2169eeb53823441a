CREATE TABLE "company_view_snapshots" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"people" text NOT NULL,
	"counts" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_view_snapshots" ADD CONSTRAINT "company_view_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;