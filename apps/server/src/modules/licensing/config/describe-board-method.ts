import { MANUAL_REASON_LABELS, type SourceMethod } from '@licensewatch/shared/license-sources';
import { CHROMIUM_PATH_VARIABLE, findChromium } from '../sources/find-chromium.ts';
import type { Board } from './board-config.ts';

export type BoardMethod = {
  method: SourceMethod;
  /** Why the board is read this way when no machine reads it (manual, off), for users; null otherwise. */
  detail: string | null;
  /**
   * For an `off` board, what the operator must give to turn it on, in the configuration's words
   * (environment variables, override fields): the admin dashboard and the CLI show it, users never.
   */
  operatorNote: string | null;
};

/** Reads an environment variable; the process environment in production, a map in tests. */
export type ReadVariable = (name: string) => string | undefined;

/** Whether a browser look-up can run here: Chromium is installed (sources/find-chromium.ts). */
export type BrowserAvailable = () => boolean;

/**
 * How the product reads a board (docs/sources.md): its source kind, unless a prerequisite of the
 * source does not hold — an account whose credentials are not configured, or licence terms the
 * operator has not said their use meets — which leaves the board `off`, with the reason in words:
 * plain ones for the physicians and clinics who then verify by hand, and the configuration's for
 * the operator who can turn it on.
 */
export function describeBoardMethod(
  board: Board,
  readVariable: ReadVariable,
  browserAvailable: BrowserAvailable = () => findChromium(readVariable).installed,
): BoardMethod {
  const source = board.source;
  switch (source.kind) {
    case 'manual':
      return {
        method: 'manual',
        detail: `${MANUAL_REASON_LABELS[source.reason]}: ${withoutCitations(source.detail)}`,
        operatorNote: null,
      };
    case 'browser':
      // A look-up only a browser can read, on a machine without one: off, never "no licenses found".
      if (!browserAvailable())
        return {
          method: 'off',
          detail: "The board's look-up can only be read with a web browser, and none is installed here.",
          operatorNote: `The board's look-up is a single-page app read with Chromium: install it (Debian: apt-get install chromium) or set ${CHROMIUM_PATH_VARIABLE} to its executable.`,
        };
      return { method: 'lookup', detail: null, operatorNote: null };
    case 'html-lookup':
    case 'aspnet-form':
    case 'massachusetts-medboard':
      return { method: 'lookup', detail: null, operatorNote: null };
    case 'nysed-rosa': {
      const { apiKey } = source;
      if (!readVariable(apiKey.variable)?.trim())
        return {
          method: 'off',
          detail:
            "The board's look-up service answers only with the key its own page uses, and none is set up here yet.",
          operatorNote: `The board's look-up API wants the key its page sends in the ${apiKey.header} header (published in the script of ${apiKey.publishedAt}; it may change); set ${apiKey.variable}.`,
        };
      return { method: 'lookup', detail: null, operatorNote: null };
    }
    case 'socrata':
    case 'delimited-file': {
      const { account, licenceTerms, offUntil } = source;
      if (offUntil)
        return {
          method: 'off',
          detail:
            'The board publishes its list where LicenseWatch cannot fetch it by itself, and it has not been loaded here yet.',
          operatorNote: offUntil,
        };
      if (licenceTerms && !licenceTerms.useAllowed)
        return {
          method: 'off',
          detail: `The board grants its list ${licenceTerms.terms}, and this LicenseWatch has not confirmed that its use qualifies.`,
          operatorNote: `The board grants its list ${licenceTerms.terms}; it is read only once the operator states that their use is allowed (licenceTerms.useAllowed).`,
        };
      if (account) {
        const missing = [account.usernameVariable, account.passwordVariable].filter((v) => !readVariable(v)?.trim());
        if (missing.length > 0)
          return {
            method: 'off',
            detail: 'The board hands its list only to a signed-in account, and none is set up here yet.',
            operatorNote: `The board's download needs an account (${account.signUpUrl}); set ${missing.join(' and ')}.`,
          };
      }
      return { method: 'bulk', detail: null, operatorNote: null };
    }
  }
}

/**
 * A configuration's detail as users read it: without the evidence keys it cites for operators
 * ('(MLL)', '(PSV, 2026-07-01)', '(X8)'; docs/sources.md, Evidence), which mean nothing on a report.
 */
export function withoutCitations(detail: string): string {
  return detail
    .replace(/\s*\((?:[^()]*?\b(?:PSV|MLL|NPI-L|MO-D|X\d+)\b[^()]*)\)/g, '')
    .replace(/\s+([.;,])/g, '$1')
    .trim();
}
