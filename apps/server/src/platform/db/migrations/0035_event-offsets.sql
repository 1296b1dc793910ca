ALTER TABLE "workspace" ALTER COLUMN "expiry_notice_days" SET DEFAULT '{90,60,30,14,7,3,0}'::int[];--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "expired_after_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
-- ADR 046: a workspace holding exactly the old default {60,30,14,7,0} almost surely never chose it
-- (ADR 039 shipped it as the default two releases ago), so it moves to the new default with the rest.
UPDATE "workspace" SET "expiry_notice_days" = '{90,60,30,14,7,3,0}'::int[]
WHERE "expiry_notice_days" = '{60,30,14,7,0}'::int[];
