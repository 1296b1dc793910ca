import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { JURISDICTIONS } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { LicenseBoard } from '../../licensing/license-sources.ts';
import { listBoardCoverage } from '../../licensing/list-board-coverage.ts';
import { listStateStatuses } from '../../licensing/list-state-statuses.ts';

type BoardHealth = AdminDashboard['boards']['list'][number];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Board health over the boards the server was started with (ctx.licensing; none when sources are not
 * wired): how each is read and why when no machine reads it, its last health check, its last probe
 * with what failed and when it last passed, and its last successful ingest (ingest_run: succeeded, or
 * warned — read to the end). States are counted by the public /states/status rule
 * (list-state-statuses.ts), so the dashboard and users see the same Site Not Available; of the
 * others, those no check, probe or read has ever reached are 'not checked yet'.
 */
export async function readBoardHealth(db: Db, boards: readonly LicenseBoard[]): Promise<AdminDashboard['boards']> {
  const [coverage, states, ingests] = await Promise.all([
    listBoardCoverage(db, boards),
    listStateStatuses(db, boards),
    db.execute<{ board_id: string; last_ingest: Date | string }>(sql`
      select board_id, max(finished_at) as last_ingest from ingest_run
      where status in ('succeeded', 'warned') group by board_id`),
  ]);
  const lastIngest = new Map(ingests.rows.map((row) => [row.board_id, row.last_ingest]));
  const list = coverage.map(
    (b): BoardHealth => ({
      board_id: b.boardId,
      name: b.name,
      jurisdiction: b.jurisdiction,
      method: b.method,
      // Operators read what would turn an off board on; users read why it is off (list-state-statuses.ts).
      method_detail: b.operatorNote ?? b.methodDetail,
      available: b.available,
      checked_at: iso(b.checkedAt),
      last_error: b.lastError,
      probe: b.probe && {
        outcome: b.probe.outcome,
        probed_at: b.probe.probedAt.toISOString(),
        failures: b.probe.failures,
        verified_at: iso(b.probe.verifiedAt),
      },
      source_unavailable: !b.readable,
      last_successful_ingest_at: iso(lastIngest.get(b.boardId) ?? null),
    }),
  );
  list.sort(byProblemsFirst);
  const methods = { bulk: 0, lookup: 0, manual: 0, off: 0 };
  for (const b of coverage) methods[b.method]++;
  const unavailable = states.filter((s) => !s.status).length;
  // An available state none of whose boards was ever checked, probed or read is not known to be
  // up: the operator is told 'not checked yet', not 'Confirmed' (users keep the public rule).
  const everChecked = (b: (typeof coverage)[number]) =>
    b.checkedAt !== null || b.probe !== null || lastIngest.has(b.boardId);
  const notChecked = states.filter(
    (s, i) => s.status && !coverage.some((b) => b.jurisdiction === JURISDICTIONS[i]?.code && everChecked(b)),
  ).length;
  return {
    states_confirmed: states.length - unavailable - notChecked,
    states_not_checked: notChecked,
    states_unavailable: unavailable,
    methods,
    list,
  };
}

/**
 * Boards users see as "source unavailable" first (a failed check or probe), then boards a machine
 * reads that were never ingested, then the oldest last ingest; boards no machine reads last.
 */
function byProblemsFirst(a: BoardHealth, b: BoardHealth): number {
  const rank = (x: BoardHealth) =>
    x.source_unavailable
      ? 0
      : x.method === 'manual' || x.method === 'off'
        ? 3
        : x.last_successful_ingest_at === null
          ? 1
          : 2;
  return (
    rank(a) - rank(b) ||
    (a.last_successful_ingest_at ?? '').localeCompare(b.last_successful_ingest_at ?? '') ||
    a.board_id.localeCompare(b.board_id)
  );
}
