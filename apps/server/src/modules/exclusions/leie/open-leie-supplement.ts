import type { ByteStream, HttpClient } from '../../licensing/http-client.ts';
import type { SourceFailure } from '../../licensing/types.ts';

export type LeieSupplement = { kind: 'exclusions' | 'reinstatements'; period: string };

export type OpenedSupplement =
  | { ok: true; stream: ByteStream; path: string }
  | { ok: false; notPublished: true }
  | { ok: false; error: SourceFailure };

/**
 * The OIG's supplement names turned lower case in 2026 (`2026/2605excl.csv`; `2017/1705REIN.csv` before,
 * BOARDS.md §5.1). The server may be case-sensitive, so the spelling matters.
 */
const LOWER_CASE_FROM = 2026;

/** The month's file under the spelling its year was published in, then under the other one. */
export function leieSupplementPaths({ kind, period }: LeieSupplement): [string, string] {
  const [yyyy = '', mm = ''] = period.split('-');
  const name = `${yyyy.slice(2)}${mm}${kind === 'exclusions' ? 'EXCL' : 'REIN'}`;
  const upper = `${yyyy}/${name}.csv`;
  const lower = `${yyyy}/${name.toLowerCase()}.csv`;
  return Number(yyyy) >= LOWER_CASE_FROM ? [lower, upper] : [upper, lower];
}

/**
 * Opens a monthly supplement. A 404 under the expected spelling may only be the wrong case (the OIG
 * has changed it before, and one month may break the rule), so the other spelling is asked before
 * the month is taken as not published yet. Any other failure is returned as such, never as "not
 * published": a month skipped silently would lose its exclusions or reinstatements.
 */
export async function openLeieSupplement(
  client: HttpClient,
  baseUrl: string,
  supplement: LeieSupplement,
): Promise<OpenedSupplement> {
  for (const path of leieSupplementPaths(supplement)) {
    const opened = await client.stream(`${baseUrl}/${path}`);
    if (opened.ok) return { ok: true, stream: opened.value, path };
    if (opened.error.status !== 404) return { ok: false, error: opened.error };
  }
  return { ok: false, notPublished: true };
}
