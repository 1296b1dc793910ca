import type { SimContext } from '../sim-context.ts';
import { createAccelaLookup } from './accela-lookup.ts';
import { createArkansasLookup } from './arkansas-verify.ts';
import type { AspnetLookup } from './aspnet-page.ts';
import { createGlsuiteLookups } from './glsuite-lookup.ts';
import { createKentuckyLookup } from './kentucky-gensearch.ts';
import { createMaineLookup } from './maine-alms.ts';
import { createMylicenseLookups } from './mylicense-lookup.ts';

/** The boards' ASP.NET WebForms look-ups the simulator serves in their real shape, each with its own sessions. */
export type AspnetLookups = {
  /** The look-up and its page a path under /sites (`[host, ...path]`) names. */
  find(parts: readonly string[]): { lookup: AspnetLookup; page: string } | undefined;
};

export function createAspnetLookups(ctx: SimContext): AspnetLookups {
  const lookups: AspnetLookup[] = [
    ...createMylicenseLookups(ctx),
    ...createGlsuiteLookups(ctx),
    createAccelaLookup(ctx),
    createKentuckyLookup(ctx),
    createMaineLookup(ctx),
    createArkansasLookup(ctx),
  ];
  return {
    find(parts) {
      for (const lookup of lookups) {
        const page = lookup.pageOf(parts);
        if (page !== undefined) return { lookup, page };
      }
      return undefined;
    },
  };
}
