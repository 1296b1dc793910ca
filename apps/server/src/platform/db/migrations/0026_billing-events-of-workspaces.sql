ALTER TABLE "billing_event" DROP CONSTRAINT "billing_event_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_event" ADD CONSTRAINT "billing_event_user_id_workspace_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspace"("id") ON DELETE set null ON UPDATE no action;