import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { describe, expect, it } from 'vitest';
import { boardProbe, boardStatus } from './board-health-display';

type Board = AdminDashboard['boards']['list'][number];
type Probe = NonNullable<Board['probe']>;
const at = '2026-11-20T10:00:00.000Z';
const board = (patch: Partial<Board>): Board => ({
  board_id: 'ny-med',
  name: 'New York',
  jurisdiction: 'NY',
  method: 'lookup',
  method_detail: null,
  available: true,
  checked_at: at,
  last_error: null,
  probe: null,
  source_unavailable: false,
  last_successful_ingest_at: null,
  ...patch,
});

describe('the board health table', () => {
  it('says a board users see as unavailable is Site Not Available, whatever failed', () => {
    expect(boardStatus(board({ available: false, source_unavailable: true }))).toEqual({
      text: 'Site Not Available',
      tone: 'bad',
    });
    const blocked: Probe = { outcome: 'blocked', probed_at: at, failures: ['a CAPTCHA'], verified_at: null };
    expect(boardStatus(board({ probe: blocked, source_unavailable: true })).text).toBe('Site Not Available');
    expect(boardStatus(board({}))).toEqual({ text: 'Confirmed', tone: 'good' });
    expect(boardStatus(board({ available: null }))).toEqual({ text: 'Not checked yet', tone: 'neutral' });
  });

  it('names boards no machine reads by how they are verified, with no probe', () => {
    const manual = board({ method: 'manual', method_detail: 'CAPTCHA', available: null });
    expect(boardStatus(manual)).toEqual({ text: 'Verified by hand', tone: 'neutral' });
    expect(boardProbe(manual)).toEqual({ outcome: null, tone: 'neutral', verified: null });
    expect(boardStatus(board({ method: 'off', available: null })).text).toBe('Source off');
  });

  it('gives the last probe’s outcome and when the board last passed one', () => {
    expect(boardProbe(board({}))).toEqual({ outcome: 'Never probed', tone: 'neutral', verified: null });
    const moved: Probe = {
      outcome: 'moved',
      probed_at: at,
      failures: ['HTTP 404'],
      verified_at: '2026-11-01T00:00:00.000Z',
    };
    expect(boardProbe(board({ probe: moved }))).toEqual({
      outcome: 'Moved',
      tone: 'bad',
      verified: '2026-11-01T00:00:00.000Z',
    });
    const ok: Probe = { outcome: 'ok', probed_at: at, failures: null, verified_at: at };
    expect(boardProbe(board({ probe: ok }))).toEqual({ outcome: 'Passed', tone: 'good', verified: at });
  });
});
