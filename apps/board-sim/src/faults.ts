import { z } from 'zod';
import { hash32, hashString } from './prng.ts';

export const faultSchema = z.object({
  /** A board id, 'nppes', or '*' for every board and NPPES. */
  boardId: z.string().min(1),
  latencyMs: z.number().int().min(0).max(600_000).default(0),
  errorRate: z.number().min(0).max(1).default(0),
  down: z.boolean().default(false),
  /**
   * Only look-ups for this last name (any case) are affected: one test can take a board down for
   * its own physician while other tests, sharing the simulator, search the same board.
   */
  lastName: z.string().min(1).optional(),
});
export type Fault = z.infer<typeof faultSchema>;

export type FaultDecision = { latencyMs: number; outcome: 'ok' | 'error' | 'down' };

/**
 * Faults per board. A board's own setting replaces the '*' one (POSTing a board again replaces
 * its setting). Errors come from a counter-based hash, so the same sequence of requests gets
 * the same 500s on every run.
 */
export class FaultTable {
  private readonly faults = new Map<string, Fault>();
  private readonly counters = new Map<string, number>();

  constructor(private readonly seed: number) {}

  set(fault: Fault) {
    this.faults.set(fault.boardId, fault);
    this.counters.clear();
  }

  clear(boardId?: string) {
    if (boardId === undefined) this.faults.clear();
    else this.faults.delete(boardId);
    this.counters.clear();
  }

  /** `lastName`: the look-up's, when the request is one (a scoped fault spares every other request). */
  decide(boardId: string, lastName?: string): FaultDecision {
    const fault = this.faults.get(boardId) ?? this.faults.get('*');
    if (!fault) return { latencyMs: 0, outcome: 'ok' };
    if (fault.lastName !== undefined && fault.lastName.toLowerCase() !== lastName?.trim().toLowerCase()) {
      return { latencyMs: 0, outcome: 'ok' };
    }
    if (fault.down) return { latencyMs: fault.latencyMs, outcome: 'down' };
    if (fault.errorRate > 0) {
      const n = this.counters.get(boardId) ?? 0;
      this.counters.set(boardId, n + 1);
      const draw = hash32(this.seed, hashString(boardId), n) / 4294967296;
      if (draw < fault.errorRate) return { latencyMs: fault.latencyMs, outcome: 'error' };
    }
    return { latencyMs: fault.latencyMs, outcome: 'ok' };
  }
}
