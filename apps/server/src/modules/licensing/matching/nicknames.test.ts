import { describe, expect, it } from 'vitest';
import { normalizeNamePart } from '../normalize-name.ts';
import { areNicknames, isKnownGivenName, NICKNAME_GROUPS, nicknameVariants } from './nicknames.ts';

describe('nickname table', () => {
  it('holds at least 150 formal–familiar pairs, all in normalised form', () => {
    const pairs = NICKNAME_GROUPS.reduce((sum, group) => sum + group.length - 1, 0);
    expect(pairs).toBeGreaterThanOrEqual(150);
    for (const group of NICKNAME_GROUPS) {
      expect(group.length).toBeGreaterThan(1);
      for (const name of group) expect(normalizeNamePart(name)).toBe(name);
    }
  });

  it.each([
    ['william', 'bill'],
    ['william', 'liam'],
    ['robert', 'bobby'],
    ['richard', 'dick'],
    ['elizabeth', 'betsy'],
    ['catherine', 'kate'],
    ['katherine', 'cathy'],
    ['margaret', 'peggy'],
    ['james', 'jim'],
    ['jennifer', 'jenny'],
    ['edward', 'ted'],
    ['theodore', 'ted'],
    ['steven', 'stephen'],
    ['patricia', 'trish'],
    ['victoria', 'tori'],
    ['alejandro', 'alex'],
    ['jose', 'pepe'],
    ['francisco', 'paco'],
    ['francisco', 'pancho'],
    ['guillermo', 'memo'],
    ['konstantinos', 'kostas'],
    ['vikram', 'vik'],
    ['rajesh', 'raj'],
    ['svetlana', 'sveta'],
    ['chukwuemeka', 'emeka'],
    ['oluwafemi', 'femi'],
    ['babatunde', 'tunde'],
    ['srinivas', 'srini'],
    ['venkatesh', 'venkat'],
    ['dmitri', 'dima'],
    ['aleksandr', 'sasha'],
    ['xiaoming', 'hsiaoming'],
    ['youssef', 'yusuf'],
    ['rafael', 'rafa'],
  ])('%s and %s are one person’s names, both ways', (a, b) => {
    expect(areNicknames(a, b)).toBe(true);
    expect(areNicknames(b, a)).toBe(true);
  });

  it.each([
    ['edward', 'theodore'],
    ['alexander', 'alejandro'],
    ['christopher', 'christine'],
    ['john', 'juan'],
    ['joseph', 'jose'],
    ['mary', 'maria'],
    ['daniel', 'daniela'],
    ['john', 'john'],
    ['zebulon', 'zeb'],
    // Two spellings that are each a common given name stay two people.
    ['layla', 'leila'],
    ['samir', 'sameer'],
    ['elena', 'yelena'],
    // Familiar forms join their formal name, never two formal names that share one.
    ['rajesh', 'rajiv'],
    ['oluwafemi', 'olufemi'],
    ['konstantinos', 'constantine'],
  ])('%s and %s are not', (a, b) => {
    expect(areNicknames(a, b)).toBe(false);
  });

  it('lists a name’s variants in either direction, whatever its spelling', () => {
    expect(nicknameVariants('William')).toEqual(expect.arrayContaining(['bill', 'will', 'liam']));
    expect(nicknameVariants('Bill')).toContain('william');
    expect(nicknameVariants('José')).toContain('pepe');
    expect(nicknameVariants('Zebulon')).toEqual([]);
  });

  it('knows real names that are a keystroke apart', () => {
    expect(isKnownGivenName('christian')).toBe(true);
    expect(isKnownGivenName('christina')).toBe(true);
    expect(isKnownGivenName('xqzt')).toBe(false);
  });
});
