import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBoardSources } from '../sources/create-source.ts';
import { loadBoardConfig } from './load-board-config.ts';

// docs/sources.md tells operators and customers how each board is read; it must say what the code does.
const doc = readFileSync(new URL('../../../../../../docs/sources.md', import.meta.url), 'utf8');

/** The table's rows: board id → method, as written. */
function documentedMethods(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const match = /^\| `([a-z]{2}-(?:md|do|med))` \| [^|]+ \| (\w+) \|/.exec(line);
    if (match) rows.set(match[1] as string, match[2] as string);
  }
  return rows;
}

describe('docs/sources.md', () => {
  // The table describes a deployment with Chromium installed (README): a browser board is read then.
  const boards = createBoardSources(loadBoardConfig(), { browserAvailable: () => true }).boards;

  it('has one row per configured board, each with the method the real configuration reads it by', () => {
    const documented = documentedMethods();
    expect([...documented.keys()].sort()).toEqual(boards.map((b) => b.id).sort());
    for (const board of boards) expect(documented.get(board.id), board.id).toBe(board.method);
  });

  it('names, for each look-up board, the adapter that reads it', () => {
    const config = loadBoardConfig();
    const adapterWords: Record<string, string> = {
      'aspnet-form': 'ASP.NET WebForms',
      'html-lookup': 'HTML form',
      browser: 'browser',
      'nysed-rosa': 'ROSA',
      'massachusetts-medboard': 'JSON',
    };
    for (const line of doc.split('\n')) {
      const match = /^\| `([a-z]{2}-(?:md|do|med))` \| [^|]+ \| (?:lookup|off) \| ([^|]+) \|/.exec(line);
      const kind = config.boards.find((b) => b.id === match?.[1])?.source.kind;
      const words = kind ? adapterWords[kind] : undefined;
      if (match && words) expect(match[2], match[1]).toContain(words);
    }
    // Every look-up kind has its words here, so a new adapter cannot go unnamed in the table.
    for (const board of config.boards)
      if (!['socrata', 'delimited-file', 'manual'].includes(board.source.kind))
        expect(adapterWords[board.source.kind], board.source.kind).toBeDefined();
  });

  it('flags as blocking automation exactly the boards a person verifies by hand, or that are off', () => {
    for (const line of doc.split('\n')) {
      const match = /^\| `([a-z]{2}-(?:md|do|med))` \| [^|]+ \| (\w+) \| [^|]+ \| ([^|]+) \|/.exec(line);
      if (!match) continue;
      const [, id, method, blocks] = match;
      expect(blocks?.trim() !== '—', id).toBe(method === 'manual' || method === 'off');
    }
  });
});
