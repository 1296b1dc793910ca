import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';

/**
 * A board no machine reads (docs/sources.md): nothing is searched or downloaded; a person verifies
 * its licenses by hand on the report. Asking it anyway is a mistake of the caller, answered as such.
 */
export class ManualSource implements LicenseSource {
  constructor(readonly boardId: string) {}

  async search(_query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    return {
      ok: false,
      error: { kind: 'unsupported', message: `${this.boardId} is verified by hand; no machine reads it` },
    };
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    return { ok: false, error: { kind: 'unsupported', message: `${this.boardId} is verified by hand` } };
  }
}
