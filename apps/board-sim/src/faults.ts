import { z } from 'zod';
import { hash32, hashString } from './prng.ts';

/** The bot walls real boards put up (real-sources BOARDS.md §6), each served as its vendor's page. */
export const BOT_WALLS = ['recaptcha', 'hcaptcha', 'turnstile', 'cloudflare', 'datadome', 'akamai', 'f5'] as const;
export type BotWall = (typeof BOT_WALLS)[number];

export const faultSchema = z.object({
  /** A board id, 'nppes', or '*' for every board and NPPES. */
  boardId: z.string().min(1),
  latencyMs: z.number().int().min(0).max(600_000).default(0),
  errorRate: z.number().min(0).max(1).default(0),
  down: z.boolean().default(false),
  /**
   * The board's search or file is no longer where it was: `not-found` answers 404, `redirect` sends the
   * request to another site (`redirectTo`, by default this simulator under its other loopback name),
   * which answers a page saying the service moved.
   */
  moved: z.enum(['not-found', 'redirect']).optional(),
  redirectTo: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The board changed its answer: a look-up page without result rows or the no-results marker, a
   * bulk file with another header, a Socrata dataset answering another JSON shape.
   */
  changed: z.boolean().default(false),
  /** A bot wall answers instead of the board: a CAPTCHA page, or a WAF's challenge or denial. */
  blocked: z.enum(BOT_WALLS).optional(),
  /**
   * Only look-ups for this last name (any case) are affected: one test can take a board down for
   * its own physician while other tests, sharing the simulator, search the same board.
   */
  lastName: z.string().min(1).optional(),
});
export type Fault = z.infer<typeof faultSchema>;

export type FaultDecision =
  | { latencyMs: number; outcome: 'ok' | 'error' | 'down' | 'changed' | 'not-found' }
  | { latencyMs: number; outcome: 'redirect'; redirectTo: string | undefined }
  | { latencyMs: number; outcome: 'blocked'; wall: BotWall };

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
  /** Of boards sharing one dataset, the one whose faults a request meets: one with its own, else the first. */
  faultIdOf(boardIds: readonly string[]): string {
    return boardIds.find((id) => this.faults.has(id)) ?? boardIds[0] ?? '*';
  }

  decide(boardId: string, lastName?: string): FaultDecision {
    const fault = this.faults.get(boardId) ?? this.faults.get('*');
    if (!fault) return { latencyMs: 0, outcome: 'ok' };
    if (fault.lastName !== undefined && fault.lastName.toLowerCase() !== lastName?.trim().toLowerCase()) {
      return { latencyMs: 0, outcome: 'ok' };
    }
    if (fault.down) return { latencyMs: fault.latencyMs, outcome: 'down' };
    if (fault.moved === 'not-found') return { latencyMs: fault.latencyMs, outcome: 'not-found' };
    if (fault.moved === 'redirect')
      return { latencyMs: fault.latencyMs, outcome: 'redirect', redirectTo: fault.redirectTo };
    if (fault.blocked) return { latencyMs: fault.latencyMs, outcome: 'blocked', wall: fault.blocked };
    if (fault.changed) return { latencyMs: fault.latencyMs, outcome: 'changed' };
    if (fault.errorRate > 0) {
      const n = this.counters.get(boardId) ?? 0;
      this.counters.set(boardId, n + 1);
      const draw = hash32(this.seed, hashString(boardId), n) / 4294967296;
      if (draw < fault.errorRate) return { latencyMs: fault.latencyMs, outcome: 'error' };
    }
    return { latencyMs: fault.latencyMs, outcome: 'ok' };
  }
}
