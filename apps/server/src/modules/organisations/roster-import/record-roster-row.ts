import type { RosterRowFailure } from '@licensewatch/shared/roster-import';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';

export type RowOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

/** Thrown inside a row's transaction when another run of the import has counted the row already. */
export class RowAlreadyRecorded extends Error {
  constructor(readonly row: number) {
    super(`row ${row} was imported by another run of the import`);
  }
}

/**
 * Counts one row of an import, once: its number joins `done_rows` and its outcome's counter goes
 * up, unless a run of the import has counted it already (false then). For a created or updated
 * row this runs in the transaction that makes the change, so a worker killed at any moment leaves
 * either the change and its count or neither (docs/security.md, Nothing is lost). Rows of one
 * import counted side by side wait on the import's row for each other, for one statement.
 */
export async function recordRosterRow(
  db: Db | Tx,
  importId: string,
  row: number,
  outcome: RowOutcome,
  failure: RosterRowFailure | null = null,
): Promise<boolean> {
  const counter = (name: RowOutcome) => sql.raw(outcome === name ? '+ 1' : '+ 0');
  const { rows } = await db.execute(sql`
    UPDATE roster_import SET
      done_rows = array_append(done_rows, ${row}::integer),
      processed_rows = processed_rows + 1,
      created_count = created_count ${counter('created')},
      updated_count = updated_count ${counter('updated')},
      unchanged_count = unchanged_count ${counter('unchanged')},
      failed_count = failed_count ${counter('failed')},
      failures = ${failure ? sql`failures || ${JSON.stringify([failure])}::jsonb` : sql`failures`}
    WHERE id = ${importId} AND NOT (${row}::integer = ANY (done_rows))
    RETURNING id`);
  return rows.length > 0;
}
