CREATE TABLE "manual_verification" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"license_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"report_id" text,
	"verified_by" text,
	"verified_by_name" text NOT NULL,
	"checked_on" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_number" text NOT NULL,
	"raw_status" text NOT NULL,
	"status" text NOT NULL,
	"issue_date" date,
	"expiry_date" date,
	"discipline" text,
	"evidence_name" text NOT NULL,
	"evidence_type" text NOT NULL,
	"evidence_size" integer NOT NULL,
	"evidence_sha256" text NOT NULL,
	"due_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manual_verification_evidence" (
	"verification_id" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license" ALTER COLUMN "license_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "license" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "source_health" ADD COLUMN "probe_outcome" text;--> statement-breakpoint
ALTER TABLE "source_health" ADD COLUMN "probed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "source_health" ADD COLUMN "probe_failures" jsonb;--> statement-breakpoint
ALTER TABLE "source_health" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manual_verification" ADD CONSTRAINT "manual_verification_license_id_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."license"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_verification" ADD CONSTRAINT "manual_verification_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_verification" ADD CONSTRAINT "manual_verification_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_verification" ADD CONSTRAINT "manual_verification_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_verification_evidence" ADD CONSTRAINT "manual_verification_evidence_verification_id_manual_verification_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."manual_verification"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_verification_license_idx" ON "manual_verification" USING btree ("license_id","checked_on");--> statement-breakpoint
CREATE INDEX "manual_verification_workspace_idx" ON "manual_verification" USING btree ("workspace_id","checked_on");--> statement-breakpoint
ALTER TABLE "license" ADD CONSTRAINT "license_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_workspace_idx" ON "license" USING btree ("workspace_id") WHERE workspace_id IS NOT NULL;