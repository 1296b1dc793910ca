CREATE TABLE "organisation" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_invitation_role_check" CHECK ("organisation_invitation"."role" IN ('admin', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "organisation_member" (
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_member_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "organisation_member_role_check" CHECK ("organisation_member"."role" IN ('owner', 'admin', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Written by hand (ADR 019): every user already here gets their own workspace, with the user's id,
-- before the foreign keys below point at it.
INSERT INTO "workspace" ("id", "kind", "created_at") SELECT "id", 'user', "created_at" FROM "user";--> statement-breakpoint
ALTER TABLE "credit_ledger" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "report" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "user_credit" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "user_plan" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "user_credit" DROP CONSTRAINT "user_credit_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "user_plan" DROP CONSTRAINT "user_plan_user_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "credit_ledger_user_idx";--> statement-breakpoint
DROP INDEX "report_user_idx";--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_organisation_id" text;--> statement-breakpoint
ALTER TABLE "organisation_invitation" ADD CONSTRAINT "organisation_invitation_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitation" ADD CONSTRAINT "organisation_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member" ADD CONSTRAINT "organisation_member_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member" ADD CONSTRAINT "organisation_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_invitation_org_idx" ON "organisation_invitation" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "organisation_member_user_idx" ON "organisation_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_member_owner_idx" ON "organisation_member" USING btree ("organisation_id") WHERE role = 'owner';--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_active_organisation_id_organisation_id_fk" FOREIGN KEY ("active_organisation_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credit" ADD CONSTRAINT "user_credit_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plan" ADD CONSTRAINT "user_plan_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_workspace_idx" ON "credit_ledger" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "report_workspace_idx" ON "report" USING btree ("workspace_id","created_at");--> statement-breakpoint
-- Written by hand (ADR 019): a user and an organisation each have a workspace from the moment they
-- exist until they are deleted, however they are created (better-auth, the CLI, a test's SQL).
-- Deleting the workspace deletes what it owns (reports, plan, credits) through the foreign keys.
CREATE FUNCTION "keep_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "workspace" ("id", "kind") VALUES (NEW."id", TG_ARGV[0]);
    RETURN NEW;
  END IF;
  DELETE FROM "workspace" WHERE "id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_workspace" AFTER INSERT OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "keep_workspace"('user');--> statement-breakpoint
CREATE TRIGGER "organisation_workspace" AFTER INSERT OR DELETE ON "organisation" FOR EACH ROW EXECUTE FUNCTION "keep_workspace"('organisation');