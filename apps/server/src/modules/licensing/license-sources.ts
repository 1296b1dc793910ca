import type { SourceMethod } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { LicenseSource } from './types.ts';

export type LicenseBoard = {
  id: string;
  jurisdiction: StateCode;
  licenseTypes: readonly LicenseType[];
  /** The source style feeding the board (socrata, delimited-file, html-lookup, manual…), stored on each license. */
  sourceKind: string;
  /** How the product reads the board now (docs/sources.md): an `off` source is configured but cannot run. */
  method: SourceMethod;
  /** Why a board is verified by hand or off, in words for users; null for one a machine reads. */
  methodDetail: string | null;
  /** For an `off` board, what the operator must configure to turn it on (config/describe-board-method.ts). */
  operatorNote?: string | null;
  /** The board's official name, and its public look-up where a person verifies a license. */
  name: string;
  lookupUrl: string;
  /**
   * The board publishes its active licensees only (docs/sources.md, Active-only lists): a license its
   * complete list no longer holds is no longer active.
   */
  activeOnly?: boolean;
  /**
   * The terms on which the board grants its list, while the operator has not stated that their use
   * meets them (California DCA: "for non-commercial use only"): its list is not read, nor loaded by hand.
   */
  licenceTermsPending?: string;
  /** The name `sources:probe` asks a look-up board for (config/choose-probe-name.ts); absent: the state's common surname. */
  probe?: { lastName: string; firstName?: string | undefined };
};

/**
 * The configured boards and their connectors, as jobs, the CLI and routes reach them. Kept to
 * this small shape so the engine does not depend on how boards are configured.
 */
export type LicenseSources = {
  boards: readonly LicenseBoard[];
  sourceFor(boardId: string): LicenseSource;
};
