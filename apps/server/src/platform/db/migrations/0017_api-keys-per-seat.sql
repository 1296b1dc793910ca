-- A key per user and workspace (ADR 022): the existing keys are their owners' own workspace's.
ALTER TABLE "api_key" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_key" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_key" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_key" DROP CONSTRAINT "api_key_pkey";--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_user_id_workspace_id_pk" PRIMARY KEY("user_id","workspace_id");--> statement-breakpoint
ALTER TABLE "api_usage" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_usage" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_usage" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_usage_workspace_idx" ON "api_usage" USING btree ("workspace_id","created_at");
