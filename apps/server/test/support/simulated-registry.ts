import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import type { AppContext } from '../../src/context.ts';
import { loadBoardConfig } from '../../src/modules/licensing/config/load-board-config.ts';
import { ingestBoard } from '../../src/modules/licensing/ingest/ingest-board.ts';
import type { GroundTruthPerson } from '../../src/modules/licensing/matching/evaluate-accuracy.ts';
import { type BoardSources, createBoardSources } from '../../src/modules/licensing/sources/create-source.ts';
import { upsertLookedUpLicenses } from '../../src/modules/licensing/upsert-looked-up-licenses.ts';

export type SimulatedRegistry = {
  sim: BoardSimulator;
  /** The connectors, pointed at `sim`. */
  sources: BoardSources;
  /**
   * The ground truth as a machine can know it: each person's licenses on boards the product reads
   * (bulk or look-up). Licenses on boards verified by hand are a person's to record, not the matcher's
   * to find, so they are left out; so is anyone holding only such licenses.
   */
  persons: GroundTruthPerson[];
  /** Jurisdictions with at least one board a machine reads. */
  machineReadJurisdictions: number;
  /** Bulk-file rows read and look-up searches made while loading, for reports. */
  bulkFileRows: number;
  lookups: number;
  lookupFailures: string[];
};

type Ctx = Pick<AppContext, 'db' | 'pool' | 'log'>;

/**
 * A registry filled from the board simulator the way production fills it from real boards:
 * every board with a bulk file ingested through its connector, and every look-up-only board searched by
 * name (as a report would) for each simulated physician licensed there. The ground truth comes
 * from the simulator's own export, so accuracy is measured end to end — connectors' name
 * parsing included — against people the matcher never saw.
 */
export async function loadSimulatedRegistry(
  ctx: Ctx,
  { size, seed = 42, concurrency = 8 }: { size: number; seed?: number; concurrency?: number },
): Promise<SimulatedRegistry> {
  const sim = await startBoardSimulator({ port: 0, seed, size });
  try {
    const sources = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
    let bulkFileRows = 0;
    const lookupBoards = new Set(sources.boards.filter((b) => b.method === 'lookup').map((b) => b.id));
    const machineRead = sources.boards.filter((b) => b.method === 'bulk' || b.method === 'lookup');
    const readBoards = new Set(machineRead.map((b) => b.id));
    // A board that publishes its active licensees only holds no other: nothing to find there.
    const activeOnly = new Set(machineRead.filter((b) => b.activeOnly).map((b) => b.id));
    const published = (l: GroundTruthPerson['licenses'][number]) =>
      readBoards.has(l.boardId) && (!activeOnly.has(l.boardId) || l.status === 'active' || l.status === 'probation');
    for (const board of sources.boards) {
      const counts = await ingestBoard(ctx, sources, board);
      if (counts) bulkFileRows += counts.rowsRead;
    }

    const res = await fetch(`${sim.url}/ground-truth.jsonl`);
    const persons = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as GroundTruthPerson)
      .map((person) => ({ ...person, licenses: person.licenses.filter(published) }))
      .filter((person) => person.licenses.length > 0);

    const searches = new Map<string, { boardId: string; person: GroundTruthPerson; licenseType: 'MD' | 'DO' }>();
    for (const person of persons) {
      for (const license of person.licenses) {
        if (!lookupBoards.has(license.boardId)) continue;
        const key = `${license.boardId}|${person.firstName}|${person.lastName}|${license.licenseType}`;
        searches.set(key, { boardId: license.boardId, person, licenseType: license.licenseType });
      }
    }
    const queue = [...searches.values()];
    const lookupFailures: string[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let job = queue.pop(); job; job = queue.pop()) {
          const source = sources.sourceFor(job.boardId);
          const found = await source.search({
            firstName: job.person.firstName,
            lastName: job.person.lastName,
            licenseType: job.licenseType,
          });
          if (!found.ok) lookupFailures.push(`${job.boardId}: ${found.error.message}`);
          else if (found.value.length > 0) {
            const kind = sources.boards.find((b) => b.id === job.boardId)?.sourceKind ?? 'html-lookup';
            await upsertLookedUpLicenses(ctx, { records: found.value, sourceKind: kind });
          }
        }
      }),
    );
    const machineReadJurisdictions = new Set(machineRead.map((b) => b.jurisdiction)).size;
    return { sim, sources, persons, machineReadJurisdictions, bulkFileRows, lookups: searches.size, lookupFailures };
  } catch (error) {
    await sim.close();
    throw error;
  }
}
