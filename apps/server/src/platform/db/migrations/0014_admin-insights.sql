CREATE TABLE "billing_event" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"customer_id" text,
	"subscription_id" text,
	"object_id" text,
	"plan_name" text,
	"amount_cents" integer,
	"currency" text,
	"attempt" integer,
	"next_attempt_at" timestamp with time zone,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_event" ADD CONSTRAINT "billing_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_event_kind_idx" ON "billing_event" USING btree ("kind","occurred_at");--> statement-breakpoint
CREATE INDEX "api_usage_created_idx" ON "api_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_spend_idx" ON "credit_ledger" USING btree ("created_at","delta") WHERE delta < 0;--> statement-breakpoint
CREATE INDEX "credit_ledger_reason_idx" ON "credit_ledger" USING btree ("reason","created_at");--> statement-breakpoint
CREATE INDEX "outbound_message_alert_idx" ON "outbound_message" USING btree ("created_at") WHERE kind = 'alert';