CREATE TABLE "webhook_event" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"workspace_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"feed_seq" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_event" ADD CONSTRAINT "webhook_event_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_event_workspace_event_idx" ON "webhook_event" USING btree ("workspace_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_event_feed_idx" ON "webhook_event" USING btree ("workspace_id","feed_seq");--> statement-breakpoint
CREATE INDEX "webhook_event_unsequenced_idx" ON "webhook_event" USING btree ("workspace_id","created_at") WHERE feed_seq IS NULL;--> statement-breakpoint
CREATE INDEX "webhook_event_created_idx" ON "webhook_event" USING btree ("created_at");