ALTER TABLE "lesson_progress" ADD COLUMN "study_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "study_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_courses" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;