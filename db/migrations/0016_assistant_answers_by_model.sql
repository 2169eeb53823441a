-- Issue 29, point 9 (decision 38): the superuser's usage chart tells answers by a model from the
-- offline assistant's. `requests` stays the questions counted against the daily limit (each one
-- answered, or given back); `model_answers` counts those a model answered, so the offline ones are
-- `requests - model_answers`. Earlier days: a day with tokens was a model's.
ALTER TABLE "ai_usage" ADD COLUMN "model_answers" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "ai_usage" SET "model_answers" = "requests" WHERE "input_tokens" + "output_tokens" > 0;
--> statement-breakpoint
-- The statistics snapshot holds the old shape of the usage figures: computed afresh on the next read.
DELETE FROM "admin_statistics_snapshot";
