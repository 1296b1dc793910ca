import { describe, expect, it } from 'vitest';
import { loadBoardConfig } from '../config/load-board-config.ts';
import { DelimitedFileSource } from '../delimited-file-source.ts';
import { createBoardSources, createNppesSource, createSource } from './create-source.ts';
import { HtmlLookupSource } from './html-lookup-source.ts';
import { MassachusettsMedboardSource } from './massachusetts-medboard-source.ts';
import { NppesSource } from './nppes-source.ts';
import { NysedRosaSource } from './nysed-rosa-source.ts';
import { SocrataSource } from './socrata-source.ts';

const config = loadBoardConfig({ simUrl: 'http://127.0.0.1:3100' });

describe('createSource', () => {
  it('builds one source per kind, each answering for its board', () => {
    // Any board the simulator still serves through its generic look-up page.
    const lookupId = config.boards.find((b) => b.source.kind === 'html-lookup')?.id ?? 'none';
    const kinds = {
      'wa-md': SocrataSource,
      'mo-med': DelimitedFileSource,
      [lookupId]: HtmlLookupSource,
      'ma-med': MassachusettsMedboardSource,
    };
    for (const [id, kind] of Object.entries(kinds)) {
      const board = config.boards.find((b) => b.id === id);
      if (!board) throw new Error(id);
      const source = createSource(board);
      expect(source).toBeInstanceOf(kind);
      expect(source.boardId).toBe(id);
    }
    expect(createNppesSource(config.nppes)).toBeInstanceOf(NppesSource);
    // New York's API, as the real configuration reads it (simulator mode keeps its generic page).
    const newYork = loadBoardConfig().boards.find((b) => b.id === 'ny-med');
    if (!newYork) throw new Error('ny-med');
    expect(createSource(newYork)).toBeInstanceOf(NysedRosaSource);
  });

  it('gives bulk-file streams only to bulk boards', () => {
    const sources = createBoardSources(config);
    const withBulkFile = sources.boards.filter((b) => sources.sourceFor(b.id).fetchBulkFile).map((b) => b.id);
    expect(withBulkFile.sort()).toEqual([
      'al-med',
      'ca-do',
      'ca-md',
      'co-med',
      'ct-med',
      'de-med',
      'fl-do',
      'fl-md',
      'il-med',
      'md-med',
      'mo-med',
      'tx-med',
      'wa-do',
      'wa-md',
      'wv-md',
    ]);
  });

  it('reuses one source per board and refuses unknown ids', () => {
    const sources = createBoardSources(config);
    expect(sources.boards).toHaveLength(config.boards.length);
    expect(sources.boards.find((b) => b.id === 'co-med')).toEqual({
      id: 'co-med',
      jurisdiction: 'CO',
      licenseTypes: ['MD', 'DO'],
      sourceKind: 'socrata',
      method: 'bulk',
      methodDetail: null,
      operatorNote: null,
      name: 'Colorado Medical Board',
      lookupUrl: 'http://127.0.0.1:3100/lookup/co-med/search',
      probe: { lastName: 'Smith' },
    });
    expect(sources.boards.find((b) => b.id === 'tx-med')?.probe).toEqual({ lastName: 'Garcia' });
    expect(sources.boards.find((b) => b.id === 'hi-med')).toMatchObject({ sourceKind: 'manual', method: 'manual' });
    expect(sources.boards.find((b) => b.id === 'hi-med')?.probe).toBeUndefined();
    expect(sources.boards.find((b) => b.id === 'hi-med')?.methodDetail).toMatch(/^The board's robots\.txt forbids/);
    expect(sources.sourceFor('tx-med')).toBe(sources.sourceFor('tx-med'));
    expect(() => sources.sourceFor('zz-med')).toThrow("No license board is configured with id 'zz-med'");
  });
});
