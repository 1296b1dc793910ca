import type { Env } from '../../platform/env.ts';

/** Where the exclusion lists are read: the LEIE's files, and SAM.gov's API when a key is configured. */
export type ExclusionSources = {
  /** `${baseUrl}/UPDATED.csv` is the full file; `${baseUrl}/{yyyy}/{yymm}EXCL.csv` and `…REIN.csv` the supplements. */
  leie: { baseUrl: string };
  /** Null without SAM_API_KEY: the SAM check then shows as not configured, never as clear. */
  sam: { baseUrl: string; apiKey: string } | null;
};

export const OIG_LEIE_URL = 'https://oig.hhs.gov/exclusions/downloadables';
export const SAM_API_ORIGIN = 'https://api.sam.gov';
// Any key opens the simulator's SAM-style API; the real one never sees it.
const SIMULATOR_SAM_KEY = 'simulator';

/** From the environment; with the board simulator (`simUrl`), its lists unless a URL says otherwise. */
export function configureExclusionSources(env: Env, simUrl: string | undefined): ExclusionSources {
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (simUrl) {
    return {
      leie: { baseUrl: trim(env.LEIE_URL ?? `${simUrl}/leie`) },
      sam: { baseUrl: trim(env.SAM_API_URL ?? `${simUrl}/sam`), apiKey: env.SAM_API_KEY ?? SIMULATOR_SAM_KEY },
    };
  }
  return {
    leie: { baseUrl: trim(env.LEIE_URL ?? OIG_LEIE_URL) },
    sam: env.SAM_API_KEY ? { baseUrl: trim(env.SAM_API_URL ?? SAM_API_ORIGIN), apiKey: env.SAM_API_KEY } : null,
  };
}
