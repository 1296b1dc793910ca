import { describe, expect, it } from 'vitest';
import { normalizeNamePart } from '../normalize-name.ts';
import { generateQueryVariants, type NameVariant } from './generate-query-variants.ts';

const byVariant = (variants: NameVariant[]) => Object.fromEntries(variants.map((v) => [v.variant, v]));

describe('generateQueryVariants', () => {
  const william = { firstName: 'William', middleName: 'Andrew', lastName: 'García-López', suffix: null, nicknames: [] };

  it('derives each applicable variant from the canonical name', () => {
    const v = byVariant(generateQueryVariants(william, 1));
    expect(v.exact).toMatchObject({ firstName: 'William', middleName: 'Andrew', lastName: 'García-López' });
    expect(v['first-initial']).toMatchObject({ firstName: 'W.', middleName: 'Andrew' });
    expect(v['middle-initial']).toMatchObject({ firstName: 'William', middleName: 'A.' });
    expect(v['no-middle']).toMatchObject({ middleName: null });
    expect(v.nickname).toMatchObject({ firstName: 'Bill' });
    expect(v['accents-removed']).toMatchObject({ lastName: 'Garcia-Lopez' });
    expect(v['accents-added']).toBeUndefined();
    expect(['García', 'López']).toContain(v['surname-one-part']?.lastName);
    expect(v['surname-joined']).toMatchObject({ lastName: 'Garcíalópez' });
    expect(v['surname-split']).toMatchObject({ lastName: 'García López' });
    expect(v['suffix-added']).toMatchObject({ suffix: 'Jr.' });
    expect(v['suffix-removed']).toBeUndefined();
    for (const kind of ['first-typo', 'last-typo'] as const) {
      expect(v[kind]).toBeDefined();
    }
    expect(normalizeNamePart(v['first-typo']?.firstName)).not.toBe('william');
    expect(normalizeNamePart(v['last-typo']?.lastName)).not.toBe('garcia lopez');
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(generateQueryVariants(william, 1)).toEqual(generateQueryVariants(william, 1));
    const typos = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => byVariant(generateQueryVariants(william, seed))['first-typo']?.firstName),
    );
    expect(typos.size).toBeGreaterThan(1);
  });

  it('leaves out variants that would not change the name or that no matcher should accept', () => {
    const short = byVariant(
      generateQueryVariants({
        firstName: 'Ann',
        middleName: null,
        lastName: 'Lee',
        suffix: 'Jr',
        nicknames: ['Annie'],
      }),
    );
    expect(short['first-initial']).toBeUndefined();
    expect(short['middle-initial']).toBeUndefined();
    expect(short['no-middle']).toBeUndefined();
    expect(short['first-typo']).toBeUndefined();
    expect(short['last-typo']).toBeUndefined();
    expect(short['surname-one-part']).toBeUndefined();
    expect(short.nickname).toMatchObject({ firstName: 'Annie' });
    expect(short['suffix-removed']).toMatchObject({ suffix: null });
    expect(['Leé', 'Lée']).toContain(short['accents-added']?.lastName);
  });

  it('spaces out a run-together particle', () => {
    const v = byVariant(
      generateQueryVariants({ firstName: 'Mary', middleName: null, lastName: 'McDonald', suffix: null }),
    );
    expect(v['surname-split']).toMatchObject({ lastName: 'Mc Donald' });
  });

  it('spaces out an apostrophe', () => {
    const v = byVariant(
      generateQueryVariants({ firstName: 'Sean', middleName: null, lastName: "O'Neill", suffix: null }),
    );
    expect(v['surname-split']).toMatchObject({ lastName: 'O Neill' });
  });

  it('slips a key in a short surname after its first letter, as its own variant', () => {
    const v = byVariant(
      generateQueryVariants({ firstName: 'Priya', middleName: null, lastName: 'Shah', suffix: null }),
    );
    const typed = v['last-typo-short']?.lastName ?? '';
    expect(typed).not.toBe('Shah');
    expect(typed.charAt(0)).toBe('S');
    expect(v['last-typo']).toBeUndefined();
    expect(byVariant(generateQueryVariants({ ...william, lastName: 'Lee' }))['last-typo-short']).toBeUndefined();
  });
});
