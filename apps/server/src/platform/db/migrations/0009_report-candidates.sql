CREATE TABLE "report_candidate" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"report_id" text NOT NULL,
	"license_id" text NOT NULL,
	"state" text NOT NULL,
	"kind" text NOT NULL,
	"confidence" real NOT NULL,
	"match_reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_candidate" ADD CONSTRAINT "report_candidate_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_candidate" ADD CONSTRAINT "report_candidate_license_id_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."license"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_candidate_report_license_idx" ON "report_candidate" USING btree ("report_id","license_id");--> statement-breakpoint
CREATE INDEX "report_candidate_license_idx" ON "report_candidate" USING btree ("license_id");