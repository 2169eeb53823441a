CREATE TABLE "content_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watch_viewing_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watch_viewing_base_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_audit_log" ADD CONSTRAINT "content_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_audit_log_created_idx" ON "content_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "content_audit_log_actor_id_idx" ON "content_audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "content_audit_log_target_idx" ON "content_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "user_audit_log_created_idx" ON "user_audit_log" USING btree ("created_at","id");