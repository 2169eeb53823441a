CREATE TABLE "admin_statistics_snapshot" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"refreshing_until" timestamp with time zone,
	CONSTRAINT "admin_statistics_snapshot_one_row" CHECK ("admin_statistics_snapshot"."id" = 1)
);
