import type { StateCode } from '@licensewatch/shared/states';
import type { LicenseSource } from '../types.ts';

export type LicenseBoard = {
  id: string;
  jurisdiction: StateCode;
  /** The source style feeding the board (socrata, delimited-file, html-lookup…), stored on each license. */
  sourceKind: string;
};

/**
 * The configured boards and their connectors, as jobs, the CLI and routes reach them. Kept to
 * this small shape so the engine does not depend on how boards are configured.
 */
export type LicenseSources = {
  boards: readonly LicenseBoard[];
  sourceFor(boardId: string): LicenseSource;
};
