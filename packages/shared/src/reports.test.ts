import { describe, expect, it } from 'vitest';
import { attentionReasons, createReportRequestSchema } from './reports.ts';

const good = { firstName: 'Ada', lastName: 'Okafor', licenseType: 'MD', states: ['Washington, DC', 'Texas'] };
const issues = (body: object) =>
  createReportRequestSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('create-report payload', () => {
  it('accepts the documented payload, name and middle name optional, DC as the UI names it', () => {
    expect(issues(good)).toEqual([]);
    expect(issues({ ...good, name: '', middleName: null })).toEqual([]);
    expect(createReportRequestSchema.parse({ ...good, firstName: '  Ada ' }).firstName).toBe('Ada');
  });

  it('names the field of each mistake', () => {
    expect(issues({ ...good, firstName: '' })).toEqual(['firstName: First name is required']);
    expect(issues({ ...good, licenseType: 'PA' })).toEqual(['licenseType: License type must be MD or DO']);
    expect(issues({ ...good, states: [] })).toEqual(['states: Select at least one state']);
    expect(issues({ ...good, states: ['Texas', 'Atlantis'] })).toEqual(["states: Unknown state 'Atlantis'"]);
    expect(issues({ ...good, states: ['Texas', 'texas'] })).toEqual(["states: 'texas' is selected more than once"]);
    expect(issues({ ...good, name: 'x'.repeat(201) })).toEqual(['name: Report name must be at most 200 characters']);
  });
});

describe('attentionReasons', () => {
  const none = { excluded: false, exclusion_reviews: 0, licenses: 0, matches: 0, verifications_due: 0 };
  it('says nothing when nothing waits', () => {
    expect(attentionReasons(none)).toEqual([]);
  });
  it('puts the exclusion first and counts the rest in words', () => {
    expect(
      attentionReasons({ excluded: true, exclusion_reviews: 2, licenses: 1, matches: 3, verifications_due: 1 }),
    ).toEqual([
      'Excluded',
      '2 possible exclusions to review',
      '1 license status to review',
      '3 matches to review',
      '1 verification due',
    ]);
  });
});
