import type { Env } from '../../platform/env.ts';

/** Where the exclusion lists are read: the LEIE's files, and SAM.gov's API when a key is configured. */
export type ExclusionSources = {
  /**
   * `${baseUrl}/UPDATED.csv` is the full file; the supplements are `${baseUrl}/{yyyy}/{yymm}EXCL.csv` and
   * `…REIN.csv`, lower case from 2026 (leie/open-leie-supplement.ts).
   */
  leie: { baseUrl: string };
  /**
   * Null without SAM_API_KEY: the SAM check then shows as not configured, never as clear. `dailyRequests`
   * is the most requests made to SAM.gov in a UTC day by every process together (sam/spend-sam-request.ts).
   */
  sam: { baseUrl: string; apiKey: string; dailyRequests: number } | null;
};

export const OIG_LEIE_URL = 'https://oig.hhs.gov/exclusions/downloadables';
export const SAM_API_ORIGIN = 'https://api.sam.gov';
/** 900 of a key-with-a-role's 1,000 requests a day: the margin is for people using the same key by hand. */
export const DEFAULT_SAM_DAILY_REQUESTS = 900;
// Any key opens the simulator's SAM-style API; the real one never sees it.
const SIMULATOR_SAM_KEY = 'simulator';

/** From the environment; with the board simulator (`simUrl`), its lists unless a URL says otherwise. */
export function configureExclusionSources(env: Env, simUrl: string | undefined): ExclusionSources {
  const trim = (url: string) => url.replace(/\/+$/, '');
  // SAM_DAILY_LOOKUPS is the deprecated name of the same budget, now counted in requests.
  const dailyRequests = env.SAM_DAILY_REQUESTS ?? env.SAM_DAILY_LOOKUPS ?? DEFAULT_SAM_DAILY_REQUESTS;
  if (simUrl) {
    return {
      leie: { baseUrl: trim(env.LEIE_URL ?? `${simUrl}/leie`) },
      sam: {
        baseUrl: trim(env.SAM_API_URL ?? `${simUrl}/sam`),
        apiKey: env.SAM_API_KEY ?? SIMULATOR_SAM_KEY,
        dailyRequests,
      },
    };
  }
  return {
    leie: { baseUrl: trim(env.LEIE_URL ?? OIG_LEIE_URL) },
    sam: env.SAM_API_KEY
      ? { baseUrl: trim(env.SAM_API_URL ?? SAM_API_ORIGIN), apiKey: env.SAM_API_KEY, dailyRequests }
      : null,
  };
}
