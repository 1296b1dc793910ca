import { describe, expect, it } from 'vitest';
import { SourceError } from '../../licensing/types.ts';
import type { ExclusionItem } from '../ingest/ingest-exclusion-file.ts';
import { readSamExtract } from './read-sam-extract.ts';
import { samRecord } from './sam-records.ts';

// The v2 extract header as a client of it printed it (docs/exclusions.md, Reading SAM.gov's extract).
const HEADER = [
  'classificationType',
  'exclusionType',
  'exclusionProgram',
  'excludingAgencyCode',
  'excludingAgencyName',
  'ueiSAM',
  'ueiDUNS',
  'cageCode',
  'npi',
  'prefix',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'entityName',
  'dnbOpenData',
  'createDate',
  'updateDate',
  'activateDate',
  'terminationDate',
  'terminationType',
  'recordStatus',
  'exclusionPrimaryAddress:addressLine1',
  'exclusionPrimaryAddress:addressLine2',
  'exclusionPrimaryAddress:city',
  'exclusionPrimaryAddress:stateOrProvinceCode',
  'exclusionPrimaryAddress:zipCode',
  'exclusionPrimaryAddress:zipCodePlus4',
  'exclusionPrimaryAddress:countryCode',
  'exclusionSecondaryAddress',
  'additionalComments',
];

/** One extract line: `null` everywhere but the cells given. */
function line(cells: Record<string, string>): string {
  return HEADER.map((name) => {
    const value = cells[name] ?? 'null';
    return /[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
}

const HWANG = {
  classificationType: 'Individual',
  exclusionType: 'Ineligible (Proceedings Completed)',
  exclusionProgram: 'Reciprocal',
  excludingAgencyCode: 'ARMY',
  excludingAgencyName: 'DEPT OF THE ARMY',
  prefix: 'Ms.',
  firstName: 'Chong',
  middleName: 'Sun',
  lastName: 'Hwang',
  entityName: 'Ms. Chong Sun Hwang',
  createDate: '07-27-2012',
  updateDate: '07-27-2012',
  activateDate: '12-12-2011',
  terminationDate: '11-08-2029',
  terminationType: 'Definite',
  recordStatus: 'Active',
  'exclusionPrimaryAddress:city': 'Dongjak-gu, Seoul',
  'exclusionPrimaryAddress:countryCode': 'KOR',
};

async function read(text: string, today = '2026-11-28'): Promise<ExclusionItem[]> {
  const chunks = [new TextEncoder().encode(text)];
  const items: ExclusionItem[] = [];
  for await (const item of readSamExtract(chunks, { today })) items.push(item);
  return items;
}

describe('readSamExtract', () => {
  it('reads an individual as the entry a search would store, with the same identity (entry key)', async () => {
    const items = await read(`${HEADER.join(',')}\n${line(HWANG)}\n`);
    // GSA's example 3 record, as the JSON answer carries it (fixtures/v4-example3-individual-kor.json).
    const searched = samRecord({
      exclusionDetails: {
        classificationType: 'Individual',
        exclusionType: 'Ineligible (Proceedings Completed)',
        exclusionProgram: 'Reciprocal',
        excludingAgencyCode: 'ARMY',
        excludingAgencyName: 'DEPT OF THE ARMY',
      },
      exclusionIdentification: {
        ueiSAM: null,
        cageCode: null,
        npi: null,
        prefix: 'Ms.',
        firstName: 'Chong',
        middleName: 'Sun',
        lastName: 'Hwang',
        suffix: null,
        entityName: 'Ms. Chong Sun Hwang',
      },
      exclusionActions: { listOfActions: [{ activateDate: '12-12-2011', terminationDate: '11-08-2029' }] },
      exclusionPrimaryAddress: { city: 'Dongjak-gu, Seoul', stateOrProvinceCode: null, countryCode: 'KOR' },
    });
    expect(items).toEqual([
      {
        row: 2,
        entry: {
          entryKey: searched.samId,
          lastName: 'Hwang',
          firstName: 'Chong',
          middleName: 'Sun',
          businessName: null,
          general: 'Reciprocal, DEPT OF THE ARMY',
          specialty: null,
          upin: null,
          npi: null,
          dob: null,
          address: null,
          city: 'Dongjak-gu, Seoul',
          state: null,
          zip: null,
          exclType: 'Ineligible (Proceedings Completed)',
          exclDate: '2011-12-12',
          reinDate: null,
          waiverDate: null,
          waiverState: null,
          firstNorm: 'chong',
          middleNorm: '',
          lastNorm: 'hwang',
        },
      },
    ]);
  });

  it('finds columns by name, whatever their order, and reads empty cells as absent too', async () => {
    const reordered = [...HEADER].reverse();
    const cells = { ...HWANG, npi: '1234567893', 'exclusionPrimaryAddress:stateOrProvinceCode': 'NV' };
    const text = `${reordered.join(',')}\r\n${reordered.map((n) => (n in cells ? `"${cells[n as keyof typeof cells]}"` : '')).join(',')}\r\n`;
    const [item] = await read(text);
    expect(item).toMatchObject({ entry: { npi: '1234567893', state: null, middleName: 'Sun' } });
    // A foreign country keeps a state-looking province out of the states matched.
    expect(item && 'entry' in item && item.entry.city).toBe('Dongjak-gu, Seoul');
  });

  it('passes over firms, vessels and records no longer active, without counting them', async () => {
    const items = await read(
      [
        HEADER.join(','),
        line({ ...HWANG, classificationType: 'Firm', entityName: 'ACME, INC', firstName: 'null', lastName: 'null' }),
        line({ ...HWANG, classificationType: 'Vessel' }),
        line({ ...HWANG, recordStatus: 'Inactive' }),
        line({ ...HWANG, lastName: 'Park' }),
      ].join('\n'),
    );
    expect(items).toEqual([{ row: 5, entry: expect.objectContaining({ lastName: 'Park' }) }]);
  });

  it('counts a row it cannot read with its reason, and goes on', async () => {
    const items = await read(
      [
        HEADER.join(','),
        line({ ...HWANG, terminationDate: '2029/11/08' }),
        line({ ...HWANG, exclusionType: 'null' }),
        `${line(HWANG)},extra`,
        line({ ...HWANG, firstName: 'null', lastName: 'null', entityName: 'null' }),
        line({ ...HWANG, lastName: 'Park' }),
      ].join('\n'),
    );
    expect(items).toEqual([
      { row: 2, reason: 'terminationDate: not a MM-DD-YYYY date' },
      { row: 3, reason: expect.stringMatching(/^exclusionType: /) },
      { row: 4, reason: `expected ${HEADER.length} columns, found ${HEADER.length + 1}` },
      { row: 5, reason: 'the row names nobody' },
      { row: 6, entry: expect.objectContaining({ lastName: 'Park' }) },
    ]);
  });

  it('dates an end already past as a reinstatement, and one ahead as none', async () => {
    const [past, ahead] = await read(
      [
        HEADER.join(','),
        line({ ...HWANG, terminationDate: '01-31-2026' }),
        line({ ...HWANG, lastName: 'Park', terminationDate: '11-08-2029' }),
      ].join('\n'),
    );
    expect(past).toMatchObject({ entry: { reinDate: '2026-01-31' } });
    expect(ahead).toMatchObject({ entry: { reinDate: null } });
  });

  it('refuses a file without the columns it reads, and an empty one', async () => {
    const refused = await read('LASTNAME,FIRSTNAME\nDOE,JANE\n').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SourceError);
    expect((refused as SourceError).message).toMatch(/^not a SAM.gov exclusions extract: no column classificationType/);
    const empty = await read('').catch((e: unknown) => e);
    expect((empty as SourceError).message).toBe('the SAM.gov exclusions extract is empty');
  });
});
