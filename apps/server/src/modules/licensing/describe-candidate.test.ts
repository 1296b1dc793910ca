import { describe, expect, it } from 'vitest';
import { describeCandidate } from './describe-candidate.ts';

describe('describeCandidate', () => {
  it('says a namesake fits too, then how the name differs', () => {
    expect(
      describeCandidate('namesake', 'ambiguous: the name fits more than one physician (no middle name on board)'),
    ).toBe('Another physician on record fits this name too. The board shows no middle name.');
    expect(describeCandidate('namesake', 'ambiguous: the name fits more than one physician (exact name)')).toBe(
      'Another physician on record fits this name too.',
    );
  });

  it('words every doubt of a near match, once each, without the engine’s notes after ";"', () => {
    expect(describeCandidate('near', 'first initial, no middle name on board')).toBe(
      'Only the first initial matches; the board shows no middle name.',
    );
    expect(
      describeCandidate('near', 'nickname Raj→Rajesh, surname typo, short surname typo; the only such person'),
    ).toBe('Raj may be a short form of Rajesh; the last name differs by one letter.');
  });

  it('never calls an identical name close: it says the name is the same and what would settle it', () => {
    const same = 'The name is the same as the one you entered, but nothing else on record shows it is this physician.';
    expect(describeCandidate('near', 'exact name')).toBe(same);
    expect(describeCandidate('near', 'exact name; the only such person')).toBe(same);
    expect(describeCandidate('near', 'exact name')).not.toMatch(/close/);
  });

  it('keeps wording it does not know rather than inventing one', () => {
    expect(describeCandidate('near', 'something new')).toBe('Something new.');
    expect(describeCandidate('near', '')).toBe('The name is close to the one you entered.');
  });
});
