CREATE TABLE "license_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text,
	"user_id" text NOT NULL,
	"license_ids" text[] NOT NULL,
	"snapshot" text NOT NULL,
	"sha256" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license_verification" ADD CONSTRAINT "license_verification_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_verification" ADD CONSTRAINT "license_verification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_verification_user_idx" ON "license_verification" USING btree ("user_id","issued_at");