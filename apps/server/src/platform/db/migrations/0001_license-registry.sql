CREATE TABLE "ingest_run" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"board_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_upserted" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "license" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"jurisdiction" text NOT NULL,
	"board_id" text NOT NULL,
	"license_type" text NOT NULL,
	"license_number" text,
	"record_key" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"suffix" text,
	"first_norm" text NOT NULL,
	"middle_norm" text DEFAULT '' NOT NULL,
	"last_norm" text NOT NULL,
	"raw_status" text,
	"status" text DEFAULT 'unknown' NOT NULL,
	"issue_date" date,
	"expiry_date" date,
	"discipline" text,
	"source_kind" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_event" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"license_id" text NOT NULL,
	"kind" text NOT NULL,
	"before" text,
	"after" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_health" (
	"board_id" text PRIMARY KEY NOT NULL,
	"jurisdiction" text NOT NULL,
	"available" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latency_ms" integer,
	"last_error" text,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "license_event" ADD CONSTRAINT "license_event_license_id_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."license"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_run_board_idx" ON "ingest_run" USING btree ("board_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "license_board_record_key_idx" ON "license" USING btree ("board_id","record_key");--> statement-breakpoint
CREATE INDEX "license_name_idx" ON "license" USING btree ("last_norm","first_norm");--> statement-breakpoint
CREATE INDEX "license_jurisdiction_name_idx" ON "license" USING btree ("jurisdiction","last_norm","first_norm");--> statement-breakpoint
CREATE INDEX "license_jurisdiction_number_idx" ON "license" USING btree ("jurisdiction","license_number");--> statement-breakpoint
CREATE INDEX "license_event_license_idx" ON "license_event" USING btree ("license_id","occurred_at");--> statement-breakpoint
CREATE INDEX "license_event_occurred_at_idx" ON "license_event" USING btree ("occurred_at");--> statement-breakpoint
-- Each roster run rewrites last_seen_at of every row it sees; free room in each page lets those be
-- HOT updates (no index writes), which keeps an unchanged re-ingest cheap.
ALTER TABLE "license" SET (fillfactor = 85);