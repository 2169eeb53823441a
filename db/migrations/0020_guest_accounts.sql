ALTER TYPE "public"."user_audit_action" ADD VALUE 'email_changed';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'password_set';--> statement-breakpoint
ALTER TYPE "public"."user_token_purpose" ADD VALUE 'set_password';--> statement-breakpoint
ALTER TYPE "public"."user_token_purpose" ADD VALUE 'confirm_email_change';--> statement-breakpoint
ALTER TYPE "public"."user_token_purpose" ADD VALUE 'confirm_deletion';