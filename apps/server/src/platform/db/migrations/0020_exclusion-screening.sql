CREATE TABLE "exclusion" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"source" text NOT NULL,
	"entry_key" text NOT NULL,
	"last_name" text,
	"first_name" text,
	"middle_name" text,
	"business_name" text,
	"general" text,
	"specialty" text,
	"upin" text,
	"npi" text,
	"dob" date,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"excl_type" text NOT NULL,
	"excl_date" date,
	"rein_date" date,
	"waiver_date" date,
	"waiver_state" text,
	"first_norm" text DEFAULT '' NOT NULL,
	"middle_norm" text DEFAULT '' NOT NULL,
	"last_norm" text DEFAULT '' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exclusion_check" (
	"report_id" text NOT NULL,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	CONSTRAINT "exclusion_check_report_id_source_pk" PRIMARY KEY("report_id","source")
);
--> statement-breakpoint
CREATE TABLE "exclusion_event" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"exclusion_id" text NOT NULL,
	"kind" text NOT NULL,
	"run_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exclusion_ingest_run" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"source" text NOT NULL,
	"file_kind" text NOT NULL,
	"period" text,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_upserted" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"events_recorded" integer DEFAULT 0 NOT NULL,
	"rejections" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "exclusion_match" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"report_id" text NOT NULL,
	"exclusion_id" text NOT NULL,
	"basis" text NOT NULL,
	"status" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"reinstatement_alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "first_norm" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "middle_norm" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "last_norm" text;--> statement-breakpoint
ALTER TABLE "exclusion_check" ADD CONSTRAINT "exclusion_check_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_event" ADD CONSTRAINT "exclusion_event_exclusion_id_exclusion_id_fk" FOREIGN KEY ("exclusion_id") REFERENCES "public"."exclusion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_match" ADD CONSTRAINT "exclusion_match_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_match" ADD CONSTRAINT "exclusion_match_exclusion_id_exclusion_id_fk" FOREIGN KEY ("exclusion_id") REFERENCES "public"."exclusion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_match" ADD CONSTRAINT "exclusion_match_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exclusion_source_entry_idx" ON "exclusion" USING btree ("source","entry_key");--> statement-breakpoint
CREATE INDEX "exclusion_npi_idx" ON "exclusion" USING btree ("npi") WHERE npi is not null;--> statement-breakpoint
CREATE INDEX "exclusion_name_idx" ON "exclusion" USING btree ("last_norm","first_norm");--> statement-breakpoint
CREATE INDEX "exclusion_event_exclusion_idx" ON "exclusion_event" USING btree ("exclusion_id","occurred_at");--> statement-breakpoint
CREATE INDEX "exclusion_ingest_run_source_idx" ON "exclusion_ingest_run" USING btree ("source","file_kind","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exclusion_match_report_exclusion_idx" ON "exclusion_match" USING btree ("report_id","exclusion_id");--> statement-breakpoint
CREATE INDEX "exclusion_match_exclusion_idx" ON "exclusion_match" USING btree ("exclusion_id");