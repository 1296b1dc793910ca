import type { ExclusionSource } from '@licensewatch/shared/exclusions';
import type pg from 'pg';
import type { StageColumns } from '../../licensing/stage-rows.ts';
import type { LeieEntry } from '../leie/parse-leie-row.ts';

/**
 * One list entry as the exclusion table stores it: an LEIE row, or a SAM.gov record
 * (sam-records.ts `samStoredEntry`), whose activation date may be unknown.
 */
export type StagedExclusion = Omit<LeieEntry, 'exclDate'> & { exclDate: string | null };

/** The stage table of a list file: one row per entry read, in the file's order (`row_no`). */
export const EXCLUSION_STAGE_COLUMNS = [
  ['row_no', 'integer'],
  ['entry_key', 'text'],
  ['last_name', 'text'],
  ['first_name', 'text'],
  ['middle_name', 'text'],
  ['business_name', 'text'],
  ['general', 'text'],
  ['specialty', 'text'],
  ['upin', 'text'],
  ['npi', 'text'],
  ['dob', 'date'],
  ['address', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip', 'text'],
  ['excl_type', 'text'],
  ['excl_date', 'date'],
  ['rein_date', 'date'],
  ['waiver_date', 'date'],
  ['waiver_state', 'text'],
  ['first_norm', 'text'],
  ['middle_norm', 'text'],
  ['last_norm', 'text'],
] as const satisfies StageColumns;

export function exclusionStageRow(row: number, e: StagedExclusion): (string | number | null)[] {
  return [
    row,
    e.entryKey,
    e.lastName,
    e.firstName,
    e.middleName,
    e.businessName,
    e.general,
    e.specialty,
    e.upin,
    e.npi,
    e.dob,
    e.address,
    e.city,
    e.state,
    e.zip,
    e.exclType,
    e.exclDate,
    e.reinDate,
    e.waiverDate,
    e.waiverState,
    e.firstNorm,
    e.middleNorm,
    e.lastNorm,
  ];
}

// Every column but row_no: what the exclusion table stores of a staged entry.
const STORED = EXCLUSION_STAGE_COLUMNS.slice(1).map(([name]) => name);
// A file repeating an entry keeps its last line: ON CONFLICT may touch a row only once per statement.
const distinctStage = (stage: string) =>
  `(SELECT DISTINCT ON (entry_key) * FROM ${stage} ORDER BY entry_key, row_no DESC)`;

export type MergeCounts = { upserted: number; events: number };
/** The stage read, the run it belongs to, and the list it changes. */
export type MergeTarget = { stage: string; runId: string; seenAt: Date; source: ExclusionSource };

/**
 * The entries of a full file or an exclusions supplement, upserted: a new entry is listed and
 * recorded as 'added'; a known one is rewritten only when a field changed, so a monthly file that
 * repeats 80k unchanged rows writes little. An LEIE file never changes a reinstatement date (only
 * the reinstatements supplement does); a SAM extract carries each record's own end date.
 */
export async function mergeListedEntries(
  client: pg.PoolClient,
  { stage, runId, seenAt, source }: MergeTarget,
): Promise<MergeCounts> {
  const updated = STORED.filter((c) => c !== 'entry_key' && (source === 'sam' || c !== 'rein_date'));
  const changed = updated.map((c) => `e.${c} IS DISTINCT FROM excluded.${c}`).join(' OR ');
  const { rows } = await client.query<MergeCounts>(
    `WITH up AS (
       INSERT INTO exclusion AS e (source, ${STORED.join(', ')}, listed, first_seen_at, last_seen_at)
       SELECT $3, ${STORED.map((c) => `s.${c}`).join(', ')}, true, $2, $2 FROM ${distinctStage(stage)} s
       ON CONFLICT (source, entry_key) DO UPDATE SET
         ${updated.map((c) => `${c} = excluded.${c}`).join(', ')},
         listed = true, last_seen_at = excluded.last_seen_at
       WHERE ${changed} OR NOT e.listed
       RETURNING e.id, (xmax = 0) AS inserted
     ), events AS (
       INSERT INTO exclusion_event (exclusion_id, kind, run_id, occurred_at)
       SELECT id, 'added', $1, $2 FROM up WHERE inserted
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM up)::int AS upserted, (SELECT count(*) FROM events)::int AS events`,
    [runId, seenAt, source],
  );
  return rows[0] ?? { upserted: 0, events: 0 };
}

/**
 * A reinstatements supplement: each entry gains its reinstatement date and leaves the list,
 * recorded as 'reinstated' once (a repeated supplement changes nothing). An entry we never saw
 * listed is stored as it was, reinstated, so a report can show the history.
 */
export async function mergeReinstatedEntries(
  client: pg.PoolClient,
  { stage, runId, seenAt }: MergeTarget,
): Promise<MergeCounts> {
  const { rows } = await client.query<MergeCounts>(
    `WITH s AS ${distinctStage(stage)},
     reinstated AS (
       UPDATE exclusion e SET rein_date = s.rein_date, listed = false, last_seen_at = $2
       FROM s
       WHERE e.source = 'leie' AND e.entry_key = s.entry_key AND s.rein_date IS NOT NULL
         AND e.rein_date IS DISTINCT FROM s.rein_date
       RETURNING e.id
     ), added AS (
       INSERT INTO exclusion (source, ${STORED.join(', ')}, listed, first_seen_at, last_seen_at)
       SELECT 'leie', ${STORED.map((c) => `s.${c}`).join(', ')}, false, $2, $2 FROM s
       WHERE s.rein_date IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM exclusion e WHERE e.source = 'leie' AND e.entry_key = s.entry_key)
       ON CONFLICT (source, entry_key) DO NOTHING
       RETURNING id
     ), events AS (
       INSERT INTO exclusion_event (exclusion_id, kind, run_id, occurred_at)
       SELECT id, 'reinstated', $1, $2 FROM (SELECT id FROM reinstated UNION ALL SELECT id FROM added) r
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM reinstated) + (SELECT count(*) FROM added))::int AS upserted,
            (SELECT count(*) FROM events)::int AS events`,
    [runId, seenAt],
  );
  return rows[0] ?? { upserted: 0, events: 0 };
}

/** Listed entries of the source a complete full file no longer carries. */
export async function countUnlistedEntries(
  client: pg.PoolClient,
  { stage, source }: Pick<MergeTarget, 'stage' | 'source'>,
): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM exclusion e
     WHERE e.source = $1 AND e.listed AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE s.entry_key = e.entry_key)`,
    [source],
  );
  return rows[0]?.n ?? 0;
}

/** Takes them off the list, each recorded as 'delisted'. */
export async function delistEntries(
  client: pg.PoolClient,
  { stage, runId, seenAt, source }: MergeTarget,
): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `WITH gone AS (
       UPDATE exclusion e SET listed = false
       WHERE e.source = $3 AND e.listed AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE s.entry_key = e.entry_key)
       RETURNING e.id
     ), events AS (
       INSERT INTO exclusion_event (exclusion_id, kind, run_id, occurred_at)
       SELECT id, 'delisted', $1, $2 FROM gone RETURNING 1
     )
     SELECT count(*)::int AS n FROM events`,
    [runId, seenAt, source],
  );
  return rows[0]?.n ?? 0;
}
