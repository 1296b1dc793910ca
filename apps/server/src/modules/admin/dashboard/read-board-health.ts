import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { JURISDICTIONS } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { describeBoard } from '../../licensing/config/describe-board.ts';
import { BOARDS } from '../../licensing/config/jurisdictions.ts';

type Row = {
  board_id: string;
  jurisdiction: string | null;
  available: boolean | null;
  checked_at: Date | string | null;
  last_error: string | null;
  last_ingest: Date | string | null;
};

type BoardHealth = AdminDashboard['boards']['list'][number];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Board health: each board's last known reachability (source_health) beside its last successful
 * roster ingest (ingest_run: succeeded, or warned — read to the end), in one query. States are
 * counted with the public /states page's rule (licensing/health/list-state-statuses.ts): Site Not
 * Available when any of the state's boards was last found unavailable; never checked = Confirmed.
 * Every built-in board is listed, checked or not, problems first.
 */
export async function readBoardHealth(db: Db): Promise<AdminDashboard['boards']> {
  const { rows } = await db.execute<Row>(sql`
    select coalesce(h.board_id, r.board_id) as board_id, h.jurisdiction, h.available, h.checked_at,
      h.last_error, r.last_ingest
    from source_health h
    full join (
      select board_id, max(finished_at) as last_ingest from ingest_run
      where status in ('succeeded', 'warned') group by board_id
    ) r on r.board_id = h.board_id
  `);
  const known = new Map(rows.map((row) => [row.board_id, row]));
  const ids = [...new Set([...BOARDS.map((b) => b.id), ...known.keys()])];
  const list: BoardHealth[] = ids.map((id) => {
    const row = known.get(id);
    const config = BOARDS.find((b) => b.id === id);
    return {
      board_id: id,
      name: describeBoard(id).name,
      jurisdiction: row?.jurisdiction ?? config?.jurisdiction ?? id.slice(0, 2).toUpperCase(),
      available: row?.available ?? null,
      checked_at: iso(row?.checked_at ?? null),
      last_error: row?.available === false ? (row.last_error ?? null) : null,
      last_successful_ingest_at: iso(row?.last_ingest ?? null),
    };
  });
  list.sort(byProblemsFirst);
  const down = new Set(list.filter((b) => b.available === false).map((b) => b.jurisdiction));
  const unavailable = JURISDICTIONS.filter((j) => down.has(j.code)).length;
  return { states_confirmed: JURISDICTIONS.length - unavailable, states_unavailable: unavailable, list };
}

/** Unreachable first, then never ingested, then the oldest last ingest; then by board id. */
function byProblemsFirst(a: BoardHealth, b: BoardHealth): number {
  const rank = (x: BoardHealth) => (x.available === false ? 0 : x.last_successful_ingest_at === null ? 1 : 2);
  return (
    rank(a) - rank(b) ||
    (a.last_successful_ingest_at ?? '').localeCompare(b.last_successful_ingest_at ?? '') ||
    a.board_id.localeCompare(b.board_id)
  );
}
