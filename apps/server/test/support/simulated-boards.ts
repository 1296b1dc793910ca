import type { BotWall } from '@licensewatch/board-sim/faults';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { loadBoardConfig } from '../../src/modules/licensing/config/load-board-config.ts';
import { ingestBoard } from '../../src/modules/licensing/ingest/ingest-board.ts';
import type { GroundTruthPerson } from '../../src/modules/licensing/matching/evaluate-accuracy.ts';
import { normalizeNamePart } from '../../src/modules/licensing/normalize-name.ts';
import { createBoardSources } from '../../src/modules/licensing/sources/create-source.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export type SimulatedBoards = {
  sim: BoardSimulator;
  persons: GroundTruthPerson[];
  /** Board faults for every board ('*') or one: latency, errors, maintenance, and a moved, changed or blocked board. */
  setFaults: (faults: {
    boardId?: string;
    latencyMs?: number;
    errorRate?: number;
    down?: boolean;
    moved?: 'not-found' | 'redirect';
    redirectTo?: string;
    changed?: boolean;
    blocked?: BotWall;
    /** Only look-ups for this last name. */
    lastName?: string;
  }) => Promise<void>;
  clearFaults: () => Promise<void>;
};

/**
 * The board simulator wired into a server as its license sources, the way `npm start` does:
 * boards with a bulk file ingested into the registry, look-up-only boards left to be searched live.
 */
export async function startSimulatedBoards(
  ctx: AppContext,
  { size = 1500, seed = 42 }: { size?: number; seed?: number } = {},
): Promise<SimulatedBoards> {
  const sim = await startBoardSimulator({ port: 0, seed, size });
  const sources = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
  const text = await (await fetch(`${sim.url}/ground-truth.jsonl`)).text();
  const persons = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
  // A small population may give a board no license at all; its empty list would fail the read, as a
  // real board's would (sources/tally-bulk-file-rows.ts), and there is nothing of it to test.
  const licensed = new Set(persons.flatMap((p) => p.licenses.map((l) => l.boardId)));
  for (const board of sources.boards) if (licensed.has(board.id)) await ingestBoard(ctx, sources, board);
  ctx.licensing = sources;
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

/** How simulator mode reads each board (the real configuration pointed at the simulator). */
const SIM_BOARDS = createBoardSources(loadBoardConfig({ simUrl: 'http://127.0.0.1:1' })).boards;

/** Boards whose whole list the registry reads ahead of time (bulk): searched nowhere live. */
export const BULK_BOARDS: ReadonlySet<string> = new Set(SIM_BOARDS.filter((b) => b.method === 'bulk').map((b) => b.id));

/** Boards a machine reads (bulk or look-up); the others a person verifies by hand (docs/sources.md). */
export const MACHINE_READ_BOARDS: ReadonlySet<string> = new Set(
  SIM_BOARDS.filter((b) => b.method === 'bulk' || b.method === 'lookup').map((b) => b.id),
);

/** Boards that publish their active licensees only (Maryland): their other licenses are nowhere to read. */
const ACTIVE_ONLY_BOARDS: ReadonlySet<string> = new Set(SIM_BOARDS.filter((b) => b.activeOnly).map((b) => b.id));

/** Whether a machine can find this license: its board is read by one, and publishes it. */
export function publishedByMachine(l: Pick<GroundTruthPerson['licenses'][number], 'boardId' | 'status'>): boolean {
  if (!MACHINE_READ_BOARDS.has(l.boardId)) return false;
  return !ACTIVE_ONLY_BOARDS.has(l.boardId) || l.status === 'active' || l.status === 'probation';
}

/** Whether a report can find every license of this person on its own: none is on a board verified by hand, or unpublished. */
export function readByMachine(p: Pick<GroundTruthPerson, 'licenses'>): boolean {
  return p.licenses.every(publishedByMachine);
}

const nameKey = (p: Pick<GroundTruthPerson, 'firstName' | 'lastName'>) =>
  `${normalizeNamePart(p.firstName)}|${normalizeNamePart(p.lastName)}`;

/**
 * A physician nobody else in the population is named like, with a middle name, at least
 * `minLicenses` numbered licenses of one type, on bulk boards and on look-up-only boards and none on
 * a board verified by hand: one whose licenses a report must find, all of them, with no namesake to
 * excuse a miss.
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
      readByMachine(p) &&
      p.licenses.some((l) => BULK_BOARDS.has(l.boardId)) &&
      p.licenses.some((l) => !BULK_BOARDS.has(l.boardId)),
  );
  if (!found) throw new Error('no suitable physician in the simulator');
  return found;
}
