import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type Board, type BoardInput, boardSchema, type htmlLookupSourceSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { simulateAddresses } from '../config/simulator-sources.ts';

// Test support only, like fixture-server.ts: what the *-layouts.test.ts contract tests share, so each
// states only what its boards prove — a simulator with the ground truth to compare against, a real
// board's configuration read against it, and the generic look-up every board had before the evidence.

type HtmlLookupInput = z.input<typeof htmlLookupSourceSchema>;

/** A simulator of `size` physicians, and its ground truth: who holds which licence. */
export async function startSimulatorWithTruth(
  size: number,
): Promise<{ sim: BoardSimulator; truth: GroundTruthPerson[] }> {
  const sim = await startBoardSimulator({ port: 0, size });
  const text = await (await fetch(`${sim.url}/ground-truth.jsonl`)).text();
  const truth = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
  return { sim, truth };
}

/** Sets a fault on the simulator at `simUrl` (faults.ts: moved, changed, blocked, slow; scoped by board, surname). */
export async function setSimulatorFault(simUrl: string, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${simUrl}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(204);
}

/** Clears every fault set on the simulator at `simUrl`. */
export async function clearSimulatorFaults(simUrl: string): Promise<void> {
  await fetch(`${simUrl}/_control/faults`, { method: 'DELETE' });
}

/**
 * A real board's configuration (jurisdictions.ts), `change`d, its addresses pointed at the copy of its
 * pages the simulator at `simUrl` serves (`${simUrl}/sites/<real host>/<real path>`).
 */
export function realBoardAt(
  id: string,
  simUrl: string,
  change: (source: Record<string, unknown>) => Record<string, unknown> = (s) => s,
): Board {
  const real = BOARDS.find((b) => b.id === id) as BoardInput;
  return boardSchema.parse({
    ...real,
    source: simulateAddresses(change(real.source as Record<string, unknown>), simUrl),
  });
}

/**
 * The configuration every look-up board had before the evidence: a form sending LastName, FirstName and
 * LicenseNumber to `searchUrl`, read through `table tbody tr`, one field a cell (name, number, type,
 * status, expiry), never retried. `overrides`: what each board's earlier entry said beside it (method,
 * license-type words, a fixed type, a date format).
 */
export function genericLookupSource(searchUrl: string, overrides: Partial<HtmlLookupInput> = {}): HtmlLookupInput {
  return {
    kind: 'html-lookup',
    searchUrl,
    params: { lastName: 'LastName', firstName: 'FirstName', licenseNumber: 'LicenseNumber' },
    selectors: {
      row: 'table tbody tr',
      name: 'td:nth-child(1)',
      licenseNumber: 'td:nth-child(2)',
      licenseType: 'td:nth-child(3)',
      status: 'td:nth-child(4)',
      expiryDate: 'td:nth-child(5)',
    },
    retries: 0,
    ...overrides,
  };
}
