import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { samAnswerSchema, samRecord } from './sam-records.ts';

// GSA's published v4 example answers (fixtures/README.md), read as BOARDS.md §5.2 says they must be.
const example = (name: string) =>
  samAnswerSchema.parse(JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')));

describe('SAM.gov v4 example answers', () => {
  it('example 3: an individual abroad, dates MM-DD-YYYY, a definite termination, no US state', () => {
    const answer = example('v4-example3-individual-kor');
    expect(answer.totalRecords).toBe(5);
    const [entity] = answer.excludedEntity ?? [];
    if (!entity) throw new Error('no entity');
    expect(samRecord(entity)).toEqual({
      samId: expect.stringMatching(/^sam-[0-9a-f]{24}$/),
      classification: 'Individual',
      firstName: 'Chong',
      middleName: 'Sun',
      lastName: 'Hwang',
      entityName: 'Ms. Chong Sun Hwang',
      npi: null,
      exclusionType: 'Ineligible (Proceedings Completed)',
      exclusionProgram: 'Reciprocal',
      agency: 'DEPT OF THE ARMY',
      activeDate: '2011-12-12',
      terminationDate: '2029-11-08',
      city: 'Dongjak-gu, Seoul',
      state: null,
    });
  });

  it('example 4: a firm asked with includeSections, without an exclusionActions section', () => {
    const answer = example('v4-example4-firms-q');
    const [entity] = answer.excludedEntity ?? [];
    if (!entity) throw new Error('no entity');
    expect(entity.exclusionActions).toBeUndefined();
    expect(samRecord(entity)).toMatchObject({
      classification: 'Firm',
      entityName: 'Shenzhen Hongdark Electronics Co., Ltd.',
      lastName: null,
      activeDate: null,
      terminationDate: null,
      city: 'Shenzhen',
      state: null,
    });
  });

  it('example 5: a FASCSA order with a US address, indefinite', () => {
    const answer = example('v4-example5-fascsa');
    expect(answer.totalRecords).toBe(16);
    const [entity] = answer.excludedEntity ?? [];
    if (!entity) throw new Error('no entity');
    expect(samRecord(entity)).toMatchObject({
      classification: 'Firm',
      exclusionType: 'Prohibition/Restriction',
      entityName: 'Foxtrot Research Corp',
      activeDate: '2023-10-30',
      terminationDate: null,
      state: 'FL',
    });
  });
});
