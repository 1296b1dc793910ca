import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { loadBoardConfig } from '../../src/modules/licensing/config/load-board-config.ts';
import { ingestBoard } from '../../src/modules/licensing/ingest/ingest-board.ts';
import type { GroundTruthPerson } from '../../src/modules/licensing/matching/evaluate-accuracy.ts';
import { normalizeNamePart } from '../../src/modules/licensing/matching/normalize-name.ts';
import { createBoardSources } from '../../src/modules/licensing/sources/create-source.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export type SimulatedBoards = {
  sim: BoardSimulator;
  persons: GroundTruthPerson[];
  /** Board faults for every board ('*') or one: latency, errors, maintenance. */
  setFaults: (faults: {
    boardId?: string;
    latencyMs?: number;
    errorRate?: number;
    down?: boolean;
    /** Only look-ups for this last name. */
    lastName?: string;
  }) => Promise<void>;
  clearFaults: () => Promise<void>;
};

/**
 * The board simulator wired into a server as its license sources, the way `npm start` does:
 * roster boards ingested into the registry, look-up-only boards left to be searched live.
 */
export async function startSimulatedBoards(
  ctx: AppContext,
  { size = 1500, seed = 42 }: { size?: number; seed?: number } = {},
): Promise<SimulatedBoards> {
  const sim = await startBoardSimulator({ port: 0, seed, size });
  const sources = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
  for (const board of sources.boards) await ingestBoard(ctx, sources, board);
  ctx.licensing = sources;
  const text = await (await fetch(`${sim.url}/ground-truth.jsonl`)).text();
  const persons = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
  const control = (method: string, body?: unknown) =>
    fetch(`${sim.url}/_control/faults`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then(() => undefined);
  return {
    sim,
    persons,
    setFaults: ({ boardId = '*', ...faults }) => control('POST', { boardId, ...faults }),
    clearFaults: () => control('DELETE'),
  };
}

/**
 * For a test file: a test server with the simulator wired in, started before its tests (handed to
 * `started`, which keeps them) and closed after them.
 */
export function withSimulatedBoards(
  options: { size: number; seed: number },
  started: (running: { server: TestServer; boards: SimulatedBoards }) => void,
) {
  let running: { server: TestServer; boards: SimulatedBoards } | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    running = { server, boards: await startSimulatedBoards(server.ctx, options) };
    started(running);
  });
  afterAll(async () => {
    await server?.close();
    await running?.boards.sim.close();
  });
}

const ROSTER_STATES = new Set(['WA', 'CO', 'FL', 'MO', 'CA']);
const nameKey = (p: Pick<GroundTruthPerson, 'firstName' | 'lastName'>) =>
  `${normalizeNamePart(p.firstName)}|${normalizeNamePart(p.lastName)}`;

/**
 * A physician nobody else in the population is named like, with a middle name, at least
 * `minLicenses` numbered licenses of one type, on roster boards and on look-up-only boards: one
 * whose licenses a report must find, all of them, with no namesake to excuse a miss.
 */
export function pickPhysician(persons: readonly GroundTruthPerson[], { minLicenses = 3 } = {}): GroundTruthPerson {
  const sharing = new Map<string, number>();
  for (const p of persons) sharing.set(nameKey(p), (sharing.get(nameKey(p)) ?? 0) + 1);
  const found = persons.find(
    (p) =>
      sharing.get(nameKey(p)) === 1 &&
      p.middleName &&
      !p.suffix &&
      p.licenses.length >= minLicenses &&
      p.licenses.every((l) => l.licenseNumber && l.licenseType === p.licenses[0]?.licenseType) &&
      p.licenses.some((l) => ROSTER_STATES.has(l.jurisdiction)) &&
      p.licenses.some((l) => !ROSTER_STATES.has(l.jurisdiction)),
  );
  if (!found) throw new Error('no suitable physician in the simulator');
  return found;
}
