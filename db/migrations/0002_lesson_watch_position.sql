ALTER TABLE "lesson_progress" ADD COLUMN "watch_position_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watch_furthest_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watch_saved_at" timestamp with time zone;