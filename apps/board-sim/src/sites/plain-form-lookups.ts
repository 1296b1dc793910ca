import type { IncomingMessage } from 'node:http';
import type { SimContext } from '../sim-context.ts';
import { createKansasHealingArts, isKansasPage } from './kansas-healing-arts.ts';
import type { PlainFormAnswer } from './plain-form-answer.ts';
import { isVirginiaPage, readVirginiaPage } from './virginia-dhp-lookup.ts';
import { isWestVirginiaOsteopathicPage, readWestVirginiaOsteopathicPage } from './west-virginia-osteopathic.ts';

// The look-up boards whose search is a plain HTML form — no view state, no script building the page —
// served in their real layouts under /sites/<host>/<path>: Kansas, Virginia, West Virginia's
// osteopathic board. Their forms are posted, so the request is read before the board's faults apply.

/** The plain-form look-up pages of one simulator (Kansas keeps each search in a session of its own). */
export function createPlainFormLookups(ctx: SimContext) {
  const kansas = createKansasHealingArts(ctx);
  return {
    /** Whether a path under /sites is one of these pages: a POST to it is a search, not a change. */
    matches(parts: readonly string[]): boolean {
      return isKansasPage(parts) || isVirginiaPage(parts) || isWestVirginiaOsteopathicPage(parts);
    },
    /** Reads the request (a posted form's body among it); undefined when the path is none of these pages. */
    async read(
      req: IncomingMessage,
      parts: readonly string[],
      query: URLSearchParams,
    ): Promise<PlainFormAnswer | undefined> {
      if (isKansasPage(parts)) return kansas.read(req, parts, query);
      if (isVirginiaPage(parts)) return readVirginiaPage(ctx, req, parts);
      if (isWestVirginiaOsteopathicPage(parts)) return readWestVirginiaOsteopathicPage(ctx, req);
      return undefined;
    },
  };
}
