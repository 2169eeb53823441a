ALTER TABLE "lessons" ALTER COLUMN "type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "content" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "admin_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "admin_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "admin_edited_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand: one place for a video's URL. It moves into the content before its column goes,
-- and the sample video's measured length (db/media.ts) joins it, so existing rows meet the
-- lesson-content contract (src/schemas/lesson-content.ts) before the next seed.
UPDATE "lessons" SET "content" = jsonb_set("content", '{videoUrl}', to_jsonb("video_url"))
  WHERE "video_url" IS NOT NULL AND "content" -> 'videoUrl' IS NULL;--> statement-breakpoint
UPDATE "lessons" SET "content" = jsonb_set("content", '{durationSeconds}', '28'::jsonb)
  WHERE "type" = 'video' AND "content" ->> 'videoUrl' = '/media/demo-leksjon.mp4' AND "content" -> 'durationSeconds' IS NULL;--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "video_url";