import type { ProbeOutcome } from '@licensewatch/shared/license-sources';
import type { SourceFailure } from '../types.ts';

/**
 * What a failed probe search says about the board (docs/license-engine.md, Probing the boards), from
 * what the HTTP layer and the source saw: gone or sent elsewhere → moved; a bot wall → blocked; no
 * answer in time → slow; an answer we no longer read → changed; an error or maintenance page, or a
 * board asking us to wait → unavailable.
 */
export function classifyProbeFailure(failure: SourceFailure): ProbeOutcome {
  switch (failure.kind) {
    case 'moved':
      return 'moved';
    case 'blocked':
      return 'blocked';
    case 'timeout':
      return 'slow';
    // The board answered, but not in the shape configured: a page, file or dataset that changed.
    case 'parse-failure':
    case 'unsupported':
      return 'changed';
    case 'unavailable':
    case 'rate-limited':
      return 'unavailable';
  }
}
