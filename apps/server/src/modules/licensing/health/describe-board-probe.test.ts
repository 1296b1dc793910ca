import { describe, expect, it } from 'vitest';
import { describeBoardProbe } from './describe-board-probe.ts';
import type { BoardProbe } from './probe-board.ts';

const probe = (patch: Partial<BoardProbe>): BoardProbe => ({
  boardId: 'ny-med',
  jurisdiction: 'NY',
  outcome: 'ok',
  latencyMs: 412,
  asked: 'Smith (MD)',
  rows: 20,
  failures: [],
  gaps: [],
  ...patch,
});

describe('describeBoardProbe', () => {
  it('says the outcome, the time, what was asked and what failed, on one line', () => {
    expect(describeBoardProbe(probe({}))).toBe('ny-med: ok in 412 ms (Smith (MD), 20 rows read): every field read');
    expect(describeBoardProbe(probe({ gaps: ['1 of 20 rows has no expiry date'] }))).toBe(
      'ny-med: ok in 412 ms (Smith (MD), 20 rows read): note: 1 of 20 rows has no expiry date',
    );
    expect(
      describeBoardProbe(
        probe({
          outcome: 'blocked',
          rows: 0,
          failures: ['blocked (HTTP 403): board.example answered a Cloudflare challenge page'],
        }),
      ),
    ).toBe(
      'ny-med: blocked in 412 ms (Smith (MD)): blocked (HTTP 403): board.example answered a Cloudflare challenge page',
    );
    expect(describeBoardProbe(probe({ outcome: null, rows: 0, failures: ['no field could be checked'] }))).toBe(
      'ny-med: not checked in 412 ms (Smith (MD)): no field could be checked',
    );
  });
});
