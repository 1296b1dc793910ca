import { isVerifiedByHand, SOURCE_METHOD_LABELS, SOURCE_METHOD_MEANINGS } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateStatus } from '@licensewatch/shared/states-api';

export type StateSource = { text: string; tone: 'good' | 'warn' | 'neutral'; meaning: string };

const UNAVAILABLE: StateSource = {
  text: 'Site Not Available',
  tone: 'warn',
  meaning: 'The board cannot be read right now: the report will say so rather than report no license.',
};

/**
 * How a state's board is read for the chosen license type, and whether it can be now
 * (docs/product-rules.md, State availability): its method (bulk list, look-up, by hand) or Site
 * Not Available. Null until the statuses are known: a guess would then change under the reader.
 */
export function stateSource(
  statuses: readonly StateStatus[] | undefined,
  stateName: string,
  licenseType?: LicenseType | '',
): StateSource | null {
  const entry = statuses?.find((s) => s.state_name === stateName);
  if (!entry) return null;
  const forType = licenseType ? entry.boards.filter((b) => b.license_types.includes(licenseType)) : [];
  const boards = forType.length > 0 ? forType : entry.boards;
  const unavailable = boards.some((b) => !isVerifiedByHand(b.method) && b.source_unavailable);
  if (unavailable || (boards.length === 0 && !entry.status)) return UNAVAILABLE;
  const methods = [...new Set(boards.map((b) => b.method))];
  const first = methods[0];
  if (!first) return null;
  return {
    text: methods.map((m) => SOURCE_METHOD_LABELS[m]).join(' · '),
    tone: first === 'off' ? 'warn' : isVerifiedByHand(first) ? 'neutral' : 'good',
    meaning: methods.map((m) => SOURCE_METHOD_MEANINGS[m]).join(' '),
  };
}
