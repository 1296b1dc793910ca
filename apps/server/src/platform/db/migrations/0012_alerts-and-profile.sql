CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_change" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_change_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "phone_verification" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_reminder" (
	"user_id" text NOT NULL,
	"week" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "weekly_reminder_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
DROP INDEX "outbound_message_pending_idx";--> statement-breakpoint
ALTER TABLE "outbound_message" ADD COLUMN "kind" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_message" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "outbound_message" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "outbound_message" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_message" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "weekly_email_report" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sms_renewal_notice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "status_alert_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "weekly_all_clear" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verification" ADD CONSTRAINT "phone_verification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reminder" ADD CONSTRAINT "weekly_reminder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_reminder_queued_idx" ON "weekly_reminder" USING btree ("created_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "outbound_message_user_idx" ON "outbound_message" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_message_pending_idx" ON "outbound_message" USING btree ("status") WHERE status IN ('pending', 'paused');--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
-- The known settings with their defaults (packages/shared/src/settings.ts), so the admin area lists them.
INSERT INTO "app_setting" ("key", "value", "description") VALUES
  ('application_name', 'LicenseWatch', 'The name shown in the top bar, page titles and emails'),
  ('default_user_role', 'user', 'The role a new sign-up gets'),
  ('user_registration_enabled', 'true', 'Whether new accounts may sign up'),
  ('email_notifications_enabled', 'true', 'Whether alert emails are sent; while off they are kept and sent when it is turned on'),
  ('session_timeout_minutes', '10080', 'How long a signed-in session lasts without use, in minutes')
ON CONFLICT ("key") DO NOTHING;
