CREATE TABLE "report_name_norm" (
	"report_id" text PRIMARY KEY NOT NULL,
	"first_norm" text NOT NULL,
	"middle_norm" text NOT NULL,
	"last_norm" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_name_norm" ADD CONSTRAINT "report_name_norm_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The names the screening already spelt move with it (ADR 035); a report without them gets them at its next screening.
INSERT INTO "report_name_norm" ("report_id", "first_norm", "middle_norm", "last_norm")
  SELECT "id", "first_norm", coalesce("middle_norm", ''), "last_norm" FROM "report"
  WHERE "first_norm" IS NOT NULL AND "last_norm" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "report" DROP COLUMN "first_norm";--> statement-breakpoint
ALTER TABLE "report" DROP COLUMN "middle_norm";--> statement-breakpoint
ALTER TABLE "report" DROP COLUMN "last_norm";