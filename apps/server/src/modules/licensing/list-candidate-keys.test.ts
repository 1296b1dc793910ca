import { describe, expect, it } from 'vitest';
import {
  listQueryCandidateKeys,
  listRowCandidateKeys,
  mayMatchGivenName,
  runTogetherSurname,
} from './list-candidate-keys.ts';
import { comparableName } from './score-candidate.ts';

// Against the SQL itself: apps/server/test/license-candidate-keys.test.ts.
describe('listQueryCandidateKeys / listRowCandidateKeys', () => {
  const name = comparableName({ firstName: 'John', lastName: 'Smith' });
  const keys = new Set(listQueryCandidateKeys({ name, licenseType: 'MD' }).keys);
  const reaches = (lastNorm: string, licenseType: 'MD' | 'DO' = 'MD') =>
    listRowCandidateKeys({ licenseType, lastNorm }).some((k) => keys.has(k));

  it('meet for the surname as typed, a slip, a longer surname starting with it', () => {
    expect(reaches('smith')).toBe(true);
    expect(reaches('smyth')).toBe(true);
    expect(reaches('smiht')).toBe(true);
    expect(reaches('smith jones')).toBe(true);
    expect(reaches('smith jr')).toBe(true);
  });

  it('do not meet for other surnames or another license type', () => {
    expect(reaches('smith', 'DO')).toBe(false);
    expect(reaches('johnson')).toBe(false);
    expect(reaches('garcia')).toBe(false);
  });

  it('run the surname together without a printed suffix, as the typo index does', () => {
    expect(runTogetherSurname('van der berg jr')).toBe('vanderberg');
    expect(runTogetherSurname('smith iii md')).toBe('smith');
  });
});

describe('mayMatchGivenName', () => {
  const name = comparableName({ firstName: 'William', middleName: 'Henry', lastName: 'Smith' });
  it('takes the name, a nickname, the middle name, an initial, a slip', () => {
    for (const first of ['william', 'bill', 'henry', 'w', 'wiliam', 'wllliam', 'will']) {
      expect(mayMatchGivenName(name, first), first).toBe(true);
    }
  });
  it('refuses another name', () => {
    expect(mayMatchGivenName(name, 'mary')).toBe(false);
    expect(mayMatchGivenName(name, 'robert')).toBe(false);
  });
});
