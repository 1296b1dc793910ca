import type { ExclusionStatus } from '@licensewatch/shared/exclusions';

/** An exclusion standing's colour, wherever it is shown (a report, a verification document): neutral-green, amber to review, red when excluded, grey when not yet known. */
export const EXCLUSION_TONES: Record<ExclusionStatus, { dot: string; text: string }> = {
  not_excluded: { dot: 'bg-emerald-600', text: 'text-slate-800' },
  possible_match: { dot: 'bg-amber-500', text: 'text-amber-900' },
  excluded: { dot: 'bg-red-700', text: 'text-red-700' },
  not_checked: { dot: 'bg-slate-400', text: 'text-slate-700' },
};
