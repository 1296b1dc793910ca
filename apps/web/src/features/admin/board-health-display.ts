import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { PROBE_OUTCOME_LABELS } from '@licensewatch/shared/license-sources';

type Board = AdminDashboard['boards']['list'][number];
export type Tone = 'bad' | 'warn' | 'good' | 'neutral';

/**
 * A board's status as users meet it: Site Not Available when a board a machine reads failed its last
 * check or probe (the public rule), Verified by hand or Source off for one no machine reads.
 */
export function boardStatus(board: Board): { text: string; tone: Tone } {
  if (board.method === 'manual') return { text: 'Verified by hand', tone: 'neutral' };
  if (board.method === 'off') return { text: 'Source off', tone: 'warn' };
  if (board.source_unavailable) return { text: 'Site Not Available', tone: 'bad' };
  if (board.available === null && board.probe === null) return { text: 'Not checked yet', tone: 'neutral' };
  return { text: 'Confirmed', tone: 'good' };
}

/** The last probe in words: its outcome (null for none), and when the board last passed one. */
export function boardProbe(board: Board): { outcome: string | null; tone: Tone; verified: string | null } {
  if (board.method === 'manual' || board.method === 'off') return { outcome: null, tone: 'neutral', verified: null };
  if (!board.probe) return { outcome: 'Never probed', tone: 'neutral', verified: null };
  return {
    outcome: PROBE_OUTCOME_LABELS[board.probe.outcome],
    tone: board.probe.outcome === 'ok' ? 'good' : 'bad',
    verified: board.probe.verified_at,
  };
}

export const TONE_CLASSES: Record<Tone, string> = {
  bad: 'bg-red-50 text-red-800',
  warn: 'bg-amber-50 text-amber-900',
  good: 'bg-emerald-50 text-emerald-800',
  neutral: 'bg-slate-100 text-slate-700',
};
