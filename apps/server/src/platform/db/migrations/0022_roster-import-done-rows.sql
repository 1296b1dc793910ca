ALTER TABLE "roster_import" ADD COLUMN "done_rows" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Imports checkpointed before this column counted their first processed_rows rows, in file order.
UPDATE "roster_import" SET "done_rows" = ARRAY(
  SELECT (e.value->>'row')::integer FROM jsonb_array_elements("rows") WITH ORDINALITY AS e(value, n)
  WHERE e.n <= "processed_rows" ORDER BY e.n
) WHERE "processed_rows" > 0;
