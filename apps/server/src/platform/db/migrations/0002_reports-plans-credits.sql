CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer,
	"reason" text NOT NULL,
	"actor_id" text,
	"report_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"license_type" text NOT NULL,
	"states" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_executed_at" timestamp with time zone,
	"google_sheet_url" text,
	"airtable_base_url" text
);
--> statement-breakpoint
CREATE TABLE "report_license" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"report_id" text NOT NULL,
	"license_id" text NOT NULL,
	"confidence" real NOT NULL,
	"match_reason" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_state" (
	"report_id" text NOT NULL,
	"state" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"over_limit" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "report_state_report_id_state_pk" PRIMARY KEY("report_id","state")
);
--> statement-breakpoint
CREATE TABLE "user_credit" (
	"user_id" text PRIMARY KEY NOT NULL,
	"report_credits" integer,
	"temp_report_credits" integer DEFAULT 0 NOT NULL,
	"api_credits" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_credit_report_credits_check" CHECK ("user_credit"."report_credits" >= 0),
	CONSTRAINT "user_credit_temp_report_credits_check" CHECK ("user_credit"."temp_report_credits" >= 0),
	CONSTRAINT "user_credit_api_credits_check" CHECK ("user_credit"."api_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_plan" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"trial_started_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_plan_end_date_check" CHECK ("user_plan"."plan_name" = 'free' OR "user_plan"."end_date" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_license" ADD CONSTRAINT "report_license_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_license" ADD CONSTRAINT "report_license_license_id_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."license"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_state" ADD CONSTRAINT "report_state_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credit" ADD CONSTRAINT "user_credit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plan" ADD CONSTRAINT "user_plan_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_user_idx" ON "report" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_license_report_license_idx" ON "report_license" USING btree ("report_id","license_id");--> statement-breakpoint
CREATE INDEX "report_license_license_idx" ON "report_license" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "report_state_pending_idx" ON "report_state" USING btree ("report_id") WHERE status <> 'done';