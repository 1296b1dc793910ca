CREATE TABLE "roster_license" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"report_id" text NOT NULL,
	"license_id" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"physician" text NOT NULL,
	"department" text,
	"last_key" text NOT NULL,
	"first_key" text NOT NULL,
	"middle_key" text NOT NULL,
	"department_key" text,
	"jurisdiction" text NOT NULL,
	"license_number" text NOT NULL,
	"license_type" text NOT NULL,
	"board_status" text NOT NULL,
	"issue_date" date,
	"expiry_date" date,
	"board_standing" text,
	"verified_on" date,
	"exclusion" text NOT NULL,
	"excluded" boolean NOT NULL,
	"exclusion_reviews" integer NOT NULL,
	"attention_licenses" integer NOT NULL,
	"matches" integer NOT NULL,
	"attention_undated" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_license" ADD CONSTRAINT "roster_license_id_report_license_id_fk" FOREIGN KEY ("id") REFERENCES "public"."report_license"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_license" ADD CONSTRAINT "roster_license_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_license_report_idx" ON "roster_license" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "roster_license_expiry_idx" ON "roster_license" USING btree ("workspace_id","expiry_date","last_key","first_key","report_id","jurisdiction","license_number","id","board_standing");--> statement-breakpoint
CREATE INDEX "roster_license_expiry_desc_idx" ON "roster_license" USING btree ("workspace_id","expiry_date" DESC NULLS LAST,"last_key","first_key","report_id","jurisdiction","license_number","id");--> statement-breakpoint
CREATE INDEX "roster_license_physician_idx" ON "roster_license" USING btree ("workspace_id","last_key","first_key","middle_key","report_id","expiry_date","jurisdiction","license_number","id");--> statement-breakpoint
CREATE INDEX "roster_license_physician_desc_idx" ON "roster_license" USING btree ("workspace_id","last_key" DESC NULLS FIRST,"first_key" DESC NULLS FIRST,"middle_key" DESC NULLS FIRST,"report_id" DESC NULLS FIRST,"expiry_date","jurisdiction","license_number","id");--> statement-breakpoint
CREATE INDEX "roster_license_state_idx" ON "roster_license" USING btree ("workspace_id","jurisdiction","expiry_date","last_key","first_key","report_id","license_number","id","board_standing");--> statement-breakpoint
CREATE INDEX "roster_license_standing_idx" ON "roster_license" USING btree ("workspace_id","board_standing","expiry_date");--> statement-breakpoint
CREATE INDEX "roster_license_department_idx" ON "roster_license" USING btree ("workspace_id","department_key","board_standing","expiry_date");--> statement-breakpoint
CREATE INDEX "roster_license_departments_idx" ON "roster_license" USING btree ("workspace_id","department");--> statement-breakpoint
CREATE INDEX "roster_license_verified_idx" ON "roster_license" USING btree ("workspace_id","verified_on") WHERE verified_on is not null;--> statement-breakpoint
-- The roster's rows of the given reports, derived from scratch and stored (ADR 047): rows no longer
-- tracked deleted, the others inserted or updated where they differ. The one writer of
-- roster_license; the triggers below call it in the statement that changes what it reads. It is
-- rosterRows as the roster read it per request before (list-roster-licenses.ts), less what depends
-- on the day (the read judges the dates), and test/roster-license-upkeep.test.ts holds it to a
-- derivation from scratch after every kind of write.
CREATE FUNCTION "roster_license_rederive"(report_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF report_ids IS NULL OR cardinality(report_ids) = 0 THEN
    RETURN;
  END IF;
  -- Two writers re-deriving one report take turns, and the second derives in a statement that sees
  -- the first's commit: its rows locked, or, for a report without any yet, the report's row.
  PERFORM 1 FROM roster_license t WHERE t.report_id = ANY(report_ids) ORDER BY t.id FOR UPDATE;
  PERFORM 1 FROM report r
  WHERE r.id = ANY(report_ids) AND NOT EXISTS (SELECT 1 FROM roster_license t WHERE t.report_id = r.id)
  ORDER BY r.id FOR NO KEY UPDATE;
  WITH rep AS MATERIALIZED (
    SELECT r.id, r.workspace_id, r.first_name, r.middle_name, r.last_name, r.department, r.license_type,
      coalesce(x.excluded, false) AS excluded, coalesce(x.exclusion_reviews, 0) AS exclusion_reviews,
      (SELECT count(*) FROM report_candidate c WHERE c.report_id = r.id AND c.status = 'open')::int AS matches,
      EXISTS (SELECT 1 FROM exclusion_check ec WHERE ec.report_id = r.id AND ec.checked_at IS NOT NULL) AS exclusion_checked
    FROM report r
    -- As selectReportAttention (select-report-attention.ts): matches on exclusions in force.
    LEFT JOIN LATERAL (
      SELECT bool_or(m.status = 'confirmed') AS excluded, (count(*) FILTER (WHERE m.status = 'possible'))::int AS exclusion_reviews
      FROM exclusion_match m JOIN exclusion e ON e.id = m.exclusion_id
      WHERE m.report_id = r.id AND m.status <> 'dismissed' AND e.listed AND e.rein_date IS NULL
    ) x ON true
    WHERE r.id = ANY(report_ids)
  ),
  tracked AS (
    SELECT rl.id, r.workspace_id, r.id AS report_id, l.id AS license_id, r.first_name, r.middle_name, r.last_name,
      concat_ws(' ', r.first_name, r.middle_name, r.last_name) AS physician, r.department,
      lower(r.last_name) AS last_key, lower(r.first_name) AS first_key, lower(coalesce(r.middle_name, '')) AS middle_key,
      lower(r.department) AS department_key,
      l.jurisdiction, l.license_number, coalesce(l.license_type, r.license_type) AS license_type, l.status AS board_status,
      l.issue_date, l.expiry_date,
      -- licenseStanding's verdicts that need no date (licenseNeedsAttention: neither active nor expired).
      CASE WHEN l.status = 'expired' THEN 'expired' WHEN l.status NOT IN ('active', 'expired') THEN 'needs_attention' END
        AS board_standing,
      -- verificationDue's date: the newest verification of a license read by hand.
      CASE WHEN l.source_kind = 'manual' THEN (SELECT max(v.checked_on) FROM manual_verification v WHERE v.license_id = l.id) END
        AS verified_on,
      -- As exclusionStanding (exclusions/present-exclusion-match.ts) words it.
      CASE
        WHEN r.excluded THEN 'excluded'
        WHEN r.exclusion_reviews > 0 THEN 'possible_match'
        WHEN r.exclusion_checked THEN 'not_excluded'
        ELSE 'not_checked'
      END AS exclusion,
      r.excluded, r.exclusion_reviews, r.matches
    FROM rep r
    JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    JOIN license l ON l.id = rl.license_id AND l.license_number IS NOT NULL
  ),
  derived AS (
    SELECT tracked.*,
      (count(*) FILTER (WHERE board_standing = 'needs_attention') OVER (PARTITION BY report_id))::int AS attention_licenses
    FROM tracked
  ),
  gone AS (
    DELETE FROM roster_license t
    WHERE t.report_id = ANY(report_ids) AND NOT EXISTS (SELECT 1 FROM derived d WHERE d.id = t.id)
    RETURNING 1
  )
  INSERT INTO roster_license AS t (id, workspace_id, report_id, license_id, first_name, middle_name, last_name, physician,
    department, last_key, first_key, middle_key, department_key, jurisdiction, license_number, license_type, board_status,
    issue_date, expiry_date, board_standing, verified_on, exclusion, excluded, exclusion_reviews, attention_licenses,
    matches, attention_undated)
  SELECT id, workspace_id, report_id, license_id, first_name, middle_name, last_name, physician,
    department, last_key, first_key, middle_key, department_key, jurisdiction, license_number, license_type, board_status,
    issue_date, expiry_date, board_standing, verified_on, exclusion, excluded, exclusion_reviews, attention_licenses,
    matches, excluded::int + exclusion_reviews + attention_licenses + matches
  FROM derived
  ON CONFLICT (id) DO UPDATE SET
    workspace_id = excluded.workspace_id, report_id = excluded.report_id, license_id = excluded.license_id,
    first_name = excluded.first_name, middle_name = excluded.middle_name, last_name = excluded.last_name,
    physician = excluded.physician, department = excluded.department, last_key = excluded.last_key,
    first_key = excluded.first_key, middle_key = excluded.middle_key, department_key = excluded.department_key,
    jurisdiction = excluded.jurisdiction, license_number = excluded.license_number, license_type = excluded.license_type,
    board_status = excluded.board_status, issue_date = excluded.issue_date, expiry_date = excluded.expiry_date,
    board_standing = excluded.board_standing, verified_on = excluded.verified_on, exclusion = excluded.exclusion,
    excluded = excluded.excluded, exclusion_reviews = excluded.exclusion_reviews,
    attention_licenses = excluded.attention_licenses, matches = excluded.matches,
    attention_undated = excluded.attention_undated
  -- A re-derivation that changes nothing writes nothing.
  WHERE (t.*) IS DISTINCT FROM (excluded.*);
END
$$;--> statement-breakpoint
-- The triggers: each table the roster's rows are derived from names the reports its statement
-- touched, and they are re-derived before the statement ends. Statement-level, over the statement's
-- changed rows (transition tables), so a bulk write (an ingest batch, a screening of every report)
-- re-derives its reports in one set-based call; an update re-derives only where a column the rows
-- read differs.
-- An update's changed rows are found with EXCEPT, never by joining old_rows to new_rows: PL/pgSQL
-- plans a function's statement once per session and keeps the plan, and a join planned for the
-- first, one-row update stays a nested loop, so a later 60,000-row ingest batch compared every old
-- row with every new one (ADR 047: over 11 minutes against 3 s). EXCEPT hashes or sorts whatever
-- plan it was given. Rows reached through another table are looked up by = ANY(array), an index
-- scan per id, for the same reason.
CREATE FUNCTION "roster_license_on_report_license"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM old_rows));
  ELSE
    -- Both sides: an attachment moved or hidden changes the report it left and the one it joined.
    PERFORM roster_license_rederive(ARRAY(
      SELECT DISTINCT report_id FROM (
        (SELECT n.id, n.report_id, n.license_id, n.hidden_at IS NULL FROM new_rows n
         EXCEPT SELECT o.id, o.report_id, o.license_id, o.hidden_at IS NULL FROM old_rows o)
        UNION ALL
        (SELECT o.id, o.report_id, o.license_id, o.hidden_at IS NULL FROM old_rows o
         EXCEPT SELECT n.id, n.report_id, n.license_id, n.hidden_at IS NULL FROM new_rows n)
      ) changed (id, report_id, license_id, shown)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "roster_license_report_license_insert" AFTER INSERT ON "report_license" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_license"();--> statement-breakpoint
CREATE TRIGGER "roster_license_report_license_update" AFTER UPDATE ON "report_license" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_license"();--> statement-breakpoint
CREATE TRIGGER "roster_license_report_license_delete" AFTER DELETE ON "report_license" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_license"();--> statement-breakpoint
-- A license's board data: every report it is attached to (a new license is attached to none yet; a
-- deleted one leaves by its attachments' cascade).
CREATE FUNCTION "roster_license_on_license"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  changed := ARRAY(
    SELECT id FROM (
      SELECT n.id, n.jurisdiction, n.license_number, n.license_type, n.status, n.issue_date, n.expiry_date, n.source_kind
      FROM new_rows n
      EXCEPT
      SELECT o.id, o.jurisdiction, o.license_number, o.license_type, o.status, o.issue_date, o.expiry_date, o.source_kind
      FROM old_rows o
    ) d);
  IF cardinality(changed) > 0 THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM report_license WHERE license_id = ANY(changed)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "roster_license_license_update" AFTER UPDATE ON "license" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_license"();--> statement-breakpoint
-- The physician's names, department and license type (a new report has no licenses yet; a deleted
-- one's rows leave by cascade).
CREATE FUNCTION "roster_license_on_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roster_license_rederive(ARRAY(
    SELECT id FROM (
      SELECT n.id, n.workspace_id, n.first_name, n.middle_name, n.last_name, n.department, n.license_type FROM new_rows n
      EXCEPT
      SELECT o.id, o.workspace_id, o.first_name, o.middle_name, o.last_name, o.department, o.license_type FROM old_rows o
    ) d));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "roster_license_report_update" AFTER UPDATE ON "report" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report"();--> statement-breakpoint
-- Rows of a report: its possible matches (open or decided), exclusion matches and exclusion checks.
-- `key_columns` names what the rows read of each; an update re-derives where they differ.
CREATE FUNCTION "roster_license_on_report_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM old_rows));
  ELSIF TG_TABLE_NAME = 'report_candidate' THEN
    PERFORM roster_license_rederive(ARRAY(
      SELECT DISTINCT report_id FROM (
        (SELECT n.id, n.report_id, n.status FROM new_rows n EXCEPT SELECT o.id, o.report_id, o.status FROM old_rows o)
        UNION ALL
        (SELECT o.id, o.report_id, o.status FROM old_rows o EXCEPT SELECT n.id, n.report_id, n.status FROM new_rows n)
      ) changed (id, report_id, status)));
  ELSIF TG_TABLE_NAME = 'exclusion_match' THEN
    PERFORM roster_license_rederive(ARRAY(
      SELECT DISTINCT report_id FROM (
        (SELECT n.id, n.report_id, n.exclusion_id, n.status FROM new_rows n
         EXCEPT SELECT o.id, o.report_id, o.exclusion_id, o.status FROM old_rows o)
        UNION ALL
        (SELECT o.id, o.report_id, o.exclusion_id, o.status FROM old_rows o
         EXCEPT SELECT n.id, n.report_id, n.exclusion_id, n.status FROM new_rows n)
      ) changed (id, report_id, exclusion_id, status)));
  ELSE
    -- exclusion_check, keyed by report and source: only whether it has been checked is read.
    PERFORM roster_license_rederive(ARRAY(
      SELECT DISTINCT report_id FROM (
        (SELECT n.report_id, n.source, n.checked_at IS NULL FROM new_rows n
         EXCEPT SELECT o.report_id, o.source, o.checked_at IS NULL FROM old_rows o)
        UNION ALL
        (SELECT o.report_id, o.source, o.checked_at IS NULL FROM old_rows o
         EXCEPT SELECT n.report_id, n.source, n.checked_at IS NULL FROM new_rows n)
      ) changed (report_id, source, unchecked)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "roster_license_report_candidate_insert" AFTER INSERT ON "report_candidate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_report_candidate_update" AFTER UPDATE ON "report_candidate" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_report_candidate_delete" AFTER DELETE ON "report_candidate" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_match_insert" AFTER INSERT ON "exclusion_match" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_match_update" AFTER UPDATE ON "exclusion_match" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_match_delete" AFTER DELETE ON "exclusion_match" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_check_insert" AFTER INSERT ON "exclusion_check" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_check_update" AFTER UPDATE ON "exclusion_check" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_check_delete" AFTER DELETE ON "exclusion_check" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_report_rows"();--> statement-breakpoint
-- An exclusion delisted or reinstated: the reports matched to it.
CREATE FUNCTION "roster_license_on_exclusion"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  changed := ARRAY(
    SELECT id FROM (
      SELECT n.id, n.listed, n.rein_date FROM new_rows n EXCEPT SELECT o.id, o.listed, o.rein_date FROM old_rows o
    ) d);
  IF cardinality(changed) > 0 THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM exclusion_match WHERE exclusion_id = ANY(changed)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "roster_license_exclusion_update" AFTER UPDATE ON "exclusion" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_exclusion"();--> statement-breakpoint
-- A verification by hand: every report its license is attached to.
CREATE FUNCTION "roster_license_on_manual_verification"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  licenses text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    licenses := ARRAY(SELECT DISTINCT license_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    licenses := ARRAY(SELECT DISTINCT license_id FROM old_rows);
  ELSE
    licenses := ARRAY(
      SELECT DISTINCT license_id FROM (
        (SELECT n.id, n.license_id, n.checked_on FROM new_rows n EXCEPT SELECT o.id, o.license_id, o.checked_on FROM old_rows o)
        UNION ALL
        (SELECT o.id, o.license_id, o.checked_on FROM old_rows o EXCEPT SELECT n.id, n.license_id, n.checked_on FROM new_rows n)
      ) changed (id, license_id, checked_on));
  END IF;
  IF cardinality(licenses) > 0 THEN
    PERFORM roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM report_license WHERE license_id = ANY(licenses)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "roster_license_manual_verification_insert" AFTER INSERT ON "manual_verification" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_manual_verification"();--> statement-breakpoint
CREATE TRIGGER "roster_license_manual_verification_update" AFTER UPDATE ON "manual_verification" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_manual_verification"();--> statement-breakpoint
CREATE TRIGGER "roster_license_manual_verification_delete" AFTER DELETE ON "manual_verification" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_license_on_manual_verification"();--> statement-breakpoint
-- The rows of what is stored already.
SELECT roster_license_rederive(ARRAY(SELECT DISTINCT report_id FROM report_license));
