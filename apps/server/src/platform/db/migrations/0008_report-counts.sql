ALTER TABLE "report" ADD COLUMN "total_licenses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "active_licenses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "expiring_licenses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "expired_licenses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "needs_attention_licenses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "counts_valid_until" date;