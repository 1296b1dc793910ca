CREATE TABLE "compliance_entry" (
	"workspace_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"report_id" text,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"license_number" text,
	"source" text NOT NULL,
	"source_url" text,
	"method" text NOT NULL,
	"result" jsonb NOT NULL,
	"evidence_sha256" text,
	"checked_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "compliance_entry_workspace_id_seq_pk" PRIMARY KEY("workspace_id","seq")
);
--> statement-breakpoint
ALTER TABLE "compliance_entry" ADD CONSTRAINT "compliance_entry_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_entry_workspace_checked_idx" ON "compliance_entry" USING btree ("workspace_id","checked_at");