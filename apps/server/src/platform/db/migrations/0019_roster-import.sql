CREATE TABLE "roster_import" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rows" jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "roster_import" ADD CONSTRAINT "roster_import_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_import" ADD CONSTRAINT "roster_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_import_workspace_idx" ON "roster_import" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_workspace_external_id_idx" ON "report" USING btree ("workspace_id","external_id") WHERE external_id is not null;