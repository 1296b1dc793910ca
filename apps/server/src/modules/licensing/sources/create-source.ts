import type { Board, BoardWith, NppesSourceConfig } from '../config/board-config.ts';
import { chooseProbeName } from '../config/choose-probe-name.ts';
import { type BrowserAvailable, describeBoardMethod, type ReadVariable } from '../config/describe-board-method.ts';
import type { LoadedBoardConfig } from '../config/load-board-config.ts';
import { DelimitedFileSource } from '../delimited-file-source.ts';
import type { LicenseBoard } from '../license-sources.ts';
import type { LicenseSource } from '../types.ts';
import { AspnetFormSource } from './aspnet-form-source.ts';
import { BrowserLookupSource } from './browser-lookup-source.ts';
import { HtmlLookupSource } from './html-lookup-source.ts';
import { ManualSource } from './manual-source.ts';
import { MassachusettsMedboardSource } from './massachusetts-medboard-source.ts';
import { NppesSource } from './nppes-source.ts';
import { NysedRosaSource } from './nysed-rosa-source.ts';
import { type SocrataDeps, SocrataSource } from './socrata-source.ts';

/**
 * What sources need from the process: all optional; tests inject fetch, sleep and a private gate
 * registry. `readVariable`: where account credentials named by a source's configuration are read
 * (the process environment by default). `browserAvailable`: whether Chromium is here for browser look-ups
 * (by default: the executable CHROMIUM_PATH names, or Debian's, exists).
 */
export type SourceDeps = SocrataDeps & { readVariable?: ReadVariable; browserAvailable?: BrowserAvailable };

export function createSource(board: Board, deps: SourceDeps = {}): LicenseSource {
  const source = board.source;
  switch (source.kind) {
    case 'socrata':
      return new SocrataSource({ ...board, source } satisfies BoardWith<'socrata'>, deps);
    case 'delimited-file':
      return new DelimitedFileSource({ ...board, source } satisfies BoardWith<'delimited-file'>, deps);
    case 'html-lookup':
      return new HtmlLookupSource({ ...board, source } satisfies BoardWith<'html-lookup'>, deps);
    case 'aspnet-form':
      return new AspnetFormSource({ ...board, source } satisfies BoardWith<'aspnet-form'>, deps);
    case 'nysed-rosa':
      return new NysedRosaSource({ ...board, source } satisfies BoardWith<'nysed-rosa'>, deps);
    case 'massachusetts-medboard':
      return new MassachusettsMedboardSource({ ...board, source } satisfies BoardWith<'massachusetts-medboard'>, deps);
    case 'browser':
      return new BrowserLookupSource({ ...board, source } satisfies BoardWith<'browser'>, deps);
    case 'manual':
      return new ManualSource(board.id);
  }
}

export function createNppesSource(config: NppesSourceConfig, deps: SourceDeps = {}): NppesSource {
  return new NppesSource(config, deps);
}

export type BoardSources = {
  boards: readonly LicenseBoard[];
  /** One source per board for the life of the process; throws for an id that is not configured. */
  sourceFor(boardId: string): LicenseSource;
};

/** Every configured board with a lazily created, reused source (so per-board limits see all its traffic). */
export function createBoardSources(config: LoadedBoardConfig, deps: SourceDeps = {}): BoardSources {
  const byId = new Map(config.boards.map((b) => [b.id, b]));
  const created = new Map<string, LicenseSource>();
  const readVariable = deps.readVariable ?? ((name: string) => process.env[name]);
  return {
    boards: config.boards.map((b): LicenseBoard => {
      const { method, detail, operatorNote } = describeBoardMethod(b, readVariable, deps.browserAvailable);
      return {
        id: b.id,
        jurisdiction: b.jurisdiction,
        licenseTypes: b.licenseTypes,
        sourceKind: b.source.kind,
        method,
        methodDetail: detail,
        operatorNote,
        name: b.name,
        lookupUrl: b.lookupUrl,
        ...((b.source.kind === 'socrata' || b.source.kind === 'delimited-file') && b.source.activeOnly
          ? { activeOnly: true }
          : {}),
        ...((b.source.kind === 'socrata' || b.source.kind === 'delimited-file') &&
        b.source.licenceTerms &&
        !b.source.licenceTerms.useAllowed
          ? { licenceTermsPending: b.source.licenceTerms.terms }
          : {}),
        // A board no machine reads is never probed.
        ...(b.source.kind === 'manual' ? {} : { probe: chooseProbeName(b.jurisdiction, b.source.probe) }),
      };
    }),
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
