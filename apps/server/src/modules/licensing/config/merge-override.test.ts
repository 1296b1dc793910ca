import { describe, expect, it } from 'vitest';
import { mergeBoardOverride, mergeOverride } from './merge-override.ts';

describe('mergeOverride', () => {
  it('merges objects key by key, replaces arrays and values, and removes a field set to null', () => {
    const base = { a: 1, nested: { x: 1, y: { deep: true, keep: 'yes' } }, list: [1, 2], gone: 'soon' };
    expect(mergeOverride(base, { nested: { y: { deep: false } }, list: [3], gone: null, added: 'new' })).toEqual({
      a: 1,
      nested: { x: 1, y: { deep: false, keep: 'yes' } },
      list: [3],
      added: 'new',
    });
    expect(base.nested.y.deep).toBe(true);
  });
});

describe('mergeBoardOverride', () => {
  const board = {
    id: 'tx-med',
    name: 'Texas Medical Board',
    source: { kind: 'html-lookup', searchUrl: 'https://a', maxPages: 5 },
  };

  it('merges a source of the same kind field by field', () => {
    expect(mergeBoardOverride(board, { source: { maxPages: 9 } })).toEqual({
      ...board,
      source: { kind: 'html-lookup', searchUrl: 'https://a', maxPages: 9 },
    });
  });

  it('replaces a source of another kind whole', () => {
    const socrata = { kind: 'socrata', baseUrl: 'https://data.texas.gov' };
    expect(mergeBoardOverride(board, { name: 'TMB', source: socrata })).toEqual({
      id: 'tx-med',
      name: 'TMB',
      source: socrata,
    });
  });
});
