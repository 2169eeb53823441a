CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"course_hours" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoked_reason" text,
	CONSTRAINT "certificates_code_format" CHECK ("certificates"."code" ~ '^[0-9A-F]{20}$'),
	CONSTRAINT "certificates_revoked_with_reason" CHECK (("certificates"."revoked_at" IS NULL) = ("certificates"."revoked_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at","id");--> statement-breakpoint
-- Courses completed before certificates existed get theirs now (decision 33), with the same
-- facts the completion step copies: the first twelve hex digits of a v4 UUID are random, so two
-- of them give the 80 random bits of a code.
INSERT INTO "certificates" ("code", "user_id", "course_id", "learner_name", "course_title", "course_hours", "completed_at", "issued_at")
SELECT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)),
  e."user_id", e."course_id", btrim(u."first_name" || ' ' || u."last_name"), c."title", c."duration", e."completed_at", e."completed_at"
FROM "enrollments" e
JOIN "users" u ON u."id" = e."user_id"
JOIN "courses" c ON c."id" = e."course_id"
WHERE e."completed_at" IS NOT NULL
ON CONFLICT DO NOTHING;
