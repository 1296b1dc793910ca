CREATE TABLE "compliance_month_head" (
	"workspace_id" text NOT NULL,
	"month" date NOT NULL,
	"last_seq" bigint NOT NULL,
	CONSTRAINT "compliance_month_head_workspace_id_month_pk" PRIMARY KEY("workspace_id","month")
);
--> statement-breakpoint
CREATE TABLE "compliance_month_line" (
	"workspace_id" text NOT NULL,
	"month" date NOT NULL,
	"report_id" text NOT NULL,
	"kind" text NOT NULL,
	"line" text NOT NULL,
	"last_seq" bigint NOT NULL,
	"source" text NOT NULL,
	"method" text NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "compliance_month_line_workspace_id_month_report_id_kind_line_pk" PRIMARY KEY("workspace_id","month","report_id","kind","line")
);
--> statement-breakpoint
ALTER TABLE "compliance_month_head" ADD CONSTRAINT "compliance_month_head_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_month_line" ADD CONSTRAINT "compliance_month_line_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months already in the ledger (the append keeps both tables from now on; ADR 043).
INSERT INTO "compliance_month_head" ("workspace_id", "month", "last_seq")
SELECT "workspace_id", date_trunc('month', "checked_at" AT TIME ZONE 'UTC')::date, max("seq")
FROM "compliance_entry" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "compliance_month_line" ("workspace_id", "month", "report_id", "kind", "line", "last_seq", "source", "method", "result", "checked_at")
SELECT DISTINCT ON (1, 2, 3, 4, 5) "workspace_id", date_trunc('month', "checked_at" AT TIME ZONE 'UTC')::date, "report_id", "kind",
  CASE WHEN "kind" = 'license' THEN "state" || ':' || "license_number" ELSE "source" END, "seq", "source", "method", "result", "checked_at"
FROM "compliance_entry"
WHERE "report_id" IS NOT NULL AND ("kind" <> 'license' OR ("state" IS NOT NULL AND "license_number" IS NOT NULL))
ORDER BY 1, 2, 3, 4, 5, "checked_at" DESC, "seq" DESC;
