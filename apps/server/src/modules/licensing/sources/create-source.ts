import type { StateCode } from '@licensewatch/shared/states';
import type { Board, BoardSourceKind, BoardWith, NppesSourceConfig } from '../config/board-config.ts';
import type { LoadedBoardConfig } from '../config/load-board-config.ts';
import type { LicenseSource } from '../types.ts';
import { DelimitedFileSource } from './delimited-file-source.ts';
import { HtmlLookupSource } from './html-lookup-source.ts';
import { NppesSource } from './nppes-source.ts';
import { type SocrataDeps, SocrataSource } from './socrata-source.ts';

/** What sources need from the process: all optional; tests inject fetch, sleep and a private gate registry. */
export type SourceDeps = SocrataDeps;

export function createSource(board: Board, deps: SourceDeps = {}): LicenseSource {
  const source = board.source;
  switch (source.kind) {
    case 'socrata':
      return new SocrataSource({ ...board, source } satisfies BoardWith<'socrata'>, deps);
    case 'delimited-file':
      return new DelimitedFileSource({ ...board, source } satisfies BoardWith<'delimited-file'>, deps);
    case 'html-lookup':
      return new HtmlLookupSource({ ...board, source } satisfies BoardWith<'html-lookup'>, deps);
  }
}

export function createNppesSource(config: NppesSourceConfig, deps: SourceDeps = {}): NppesSource {
  return new NppesSource(config, deps);
}

export type BoardSources = {
  boards: readonly { id: string; jurisdiction: StateCode; sourceKind: BoardSourceKind }[];
  /** One source per board for the life of the process; throws for an id that is not configured. */
  sourceFor(boardId: string): LicenseSource;
};

/** Every configured board with a lazily created, reused source (so per-board limits see all its traffic). */
export function createBoardSources(config: LoadedBoardConfig, deps: SourceDeps = {}): BoardSources {
  const byId = new Map(config.boards.map((b) => [b.id, b]));
  const created = new Map<string, LicenseSource>();
  return {
    boards: config.boards.map((b) => ({ id: b.id, jurisdiction: b.jurisdiction, sourceKind: b.source.kind })),
    sourceFor(boardId) {
      let source = created.get(boardId);
      if (!source) {
        const board = byId.get(boardId);
        if (!board) throw new Error(`No license board is configured with id '${boardId}'`);
        source = createSource(board, deps);
        created.set(boardId, source);
      }
      return source;
    },
  };
}
