import { exclusionTypeCode } from '@licensewatch/shared/exclusions';
import { describe, expect, it } from 'vitest';
import { moreExclusions, paddingNeeded, type SimExclusion, simExclusions } from './exclusion-list.ts';
import { createPopulation, type SimPerson } from './population.ts';

const TODAY = '2025-06-15';
const LAST_12_MONTHS = [
  '2024-07',
  '2024-08',
  '2024-09',
  '2024-10',
  '2024-11',
  '2024-12',
  '2025-01',
  '2025-02',
  '2025-03',
  '2025-04',
  '2025-05',
  '2025-06',
];

const population = createPopulation({ seed: 5, size: 2000, today: TODAY });
const rows = simExclusions(population);
const ofKind = (kind: SimExclusion['kind']) => rows.filter((row) => row.kind === kind);
const personOf = (row: SimExclusion): SimPerson => population.person(Number(row.personId?.slice(1)));
const daysBefore = (iso: string) => (Date.parse(TODAY) - Date.parse(iso)) / 86_400_000;

describe('simExclusions', () => {
  it('is deterministic for a seed and today, and cached per population', () => {
    const again = simExclusions(createPopulation({ seed: 5, size: 2000, today: TODAY }));
    expect(again).toEqual(rows);
    expect(simExclusions(population)).toBe(rows);
    const other = simExclusions(createPopulation({ seed: 6, size: 2000, today: TODAY }));
    expect(other.filter((r) => r.kind === 'excluded').map((r) => r.personId)).not.toEqual(
      ofKind('excluded').map((r) => r.personId),
    );
  });

  it('has each kind in its share, at least 2000 listed rows, and unique sequential ids', () => {
    expect(ofKind('excluded')).toHaveLength(10);
    expect(ofKind('reinstated')).toHaveLength(4);
    expect(ofKind('namesake')).toHaveLength(4);
    expect(rows.length - ofKind('reinstated').length).toBeGreaterThanOrEqual(2000);
    expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => `LEIE-${String(i).padStart(6, '0')}`));
    const people = new Set(rows.filter((r) => r.kind !== 'other').map((r) => r.personId));
    expect(people.size).toBe(18);
  });

  it('keeps the minimum counts for a tiny population', () => {
    const tiny = simExclusions(createPopulation({ seed: 9, size: 50, today: TODAY }));
    const count = (kind: string) => tiny.filter((r) => r.kind === kind).length;
    expect([count('excluded'), count('reinstated'), count('namesake')]).toEqual([3, 2, 2]);
    expect(tiny.length - count('reinstated')).toBeGreaterThanOrEqual(2000);
    // Both NPI cases even with three rows.
    const npis = tiny.filter((r) => r.kind === 'excluded').map((r) => r.npi !== null);
    expect(npis).toContain(true);
    expect(npis).toContain(false);
  });

  it('lists excluded and reinstated physicians as the population knows them', () => {
    const physicians = [...ofKind('excluded'), ...ofKind('reinstated')];
    for (const row of physicians) {
      const person = personOf(row);
      expect(row).toMatchObject({
        lastName: person.lastName.toUpperCase(),
        firstName: person.firstName.toUpperCase(),
        middleName: person.middleName?.toUpperCase() ?? null,
        businessName: null,
        state: person.homeState,
        general: 'IND- LIC HC SERV PRO',
        waiverDate: null,
      });
      expect([person.npi, null]).toContain(row.npi);
      expect(row.specialty).toMatch(/^[A-Z/ ]+$/);
      expect(row.zip).toMatch(/^\d{5}$/);
    }
    const withNpi = physicians.filter((r) => r.npi !== null).length / physicians.length;
    expect(withNpi).toBeGreaterThan(0.4);
    expect(withNpi).toBeLessThan(0.8);
  });

  it('dates exclusions over ten years with some in every recent month, reinstatements in the last year', () => {
    for (const row of rows) {
      expect(daysBefore(row.exclDate)).toBeGreaterThanOrEqual(0);
      expect(daysBefore(row.exclDate)).toBeLessThanOrEqual(3650);
    }
    const listed = rows.filter((r) => r.kind !== 'reinstated');
    expect(listed.every((r) => r.reinDate === null)).toBe(true);
    const months = new Set(listed.map((r) => r.exclDate.slice(0, 7)));
    for (const month of LAST_12_MONTHS) expect(months).toContain(month);
    // Ten excluded physicians: the first dozen ordinals take one recent month each.
    const excludedMonths = new Set(ofKind('excluded').map((r) => r.exclDate.slice(0, 7)));
    expect(LAST_12_MONTHS.filter((m) => excludedMonths.has(m)).length).toBeGreaterThanOrEqual(10);
    expect(listed.filter((r) => daysBefore(r.exclDate) > 2000).length).toBeGreaterThan(500);

    for (const row of ofKind('reinstated')) {
      expect(daysBefore(row.exclDate)).toBeGreaterThanOrEqual(365);
      expect(daysBefore(row.exclDate)).toBeLessThanOrEqual(6 * 365);
      expect(LAST_12_MONTHS).toContain(row.reinDate?.slice(0, 7));
      expect(daysBefore(row.reinDate as string)).toBeGreaterThanOrEqual(0);
    }
  });

  it('makes namesakes share first name, last name and state with a physician, without an NPI', () => {
    const flagged = new Set([...ofKind('excluded'), ...ofKind('reinstated')].map((r) => r.personId));
    for (const row of ofKind('namesake')) {
      const person = personOf(row);
      expect(flagged.has(row.personId)).toBe(false);
      expect(row.firstName).toBe(person.firstName.toUpperCase());
      expect(row.lastName).toBe(person.lastName.toUpperCase());
      expect(row.state).toBe(person.homeState);
      expect(row.npi).toBeNull();
      expect(row.general).toBe('IND- LIC HC SERV PRO');
      if (row.middleName !== null && person.middleName !== null) {
        expect(row.middleName.charAt(0)).not.toBe(person.middleName.charAt(0).toUpperCase());
      }
    }
  });

  it('fills with strangers who share no physician’s name, some of them businesses', () => {
    const names = new Set<string>();
    for (const person of population.people()) names.add(`${person.firstName} ${person.lastName}`.toUpperCase());
    const others = ofKind('other');
    expect(others.every((r) => r.personId === null)).toBe(true);
    expect(others.filter((r) => names.has(`${r.firstName} ${r.lastName}`))).toEqual([]);
    const businesses = others.filter((r) => r.businessName !== null);
    expect(businesses.length).toBeGreaterThan(50);
    expect(businesses.every((r) => r.lastName === null && r.firstName === null)).toBe(true);
    // Filler NPIs start with 2, so they can never be a population physician's.
    const npis = others.flatMap((r) => (r.npi === null ? [] : [r.npi]));
    expect(npis.length).toBeGreaterThan(100);
    expect(npis.every((npi) => /^2\d{9}$/.test(npi) && population.findByNpi(npi) === null)).toBe(true);
  });

  it('uses only exclusion types the LEIE defines, license revocation the most common', () => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.exclType, (counts.get(row.exclType) ?? 0) + 1);
    // Every code is one the server's ingest can name (an unknown one fails its run).
    expect([...counts.keys()].filter((type) => exclusionTypeCode(type) === null)).toEqual([]);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([type]) => type);
    expect(ranked.slice(0, 2)).toEqual(['1128b4', '1128a1']);
  });

  it('puts about 90% of physicians and half the others on SAM', () => {
    const big = simExclusions(createPopulation({ seed: 5, size: 20_000, today: TODAY }));
    const share = (list: SimExclusion[]) => list.filter((r) => r.onSam).length / list.length;
    const physicians = big.filter((r) => r.kind === 'excluded' || r.kind === 'reinstated');
    expect(physicians).toHaveLength(140);
    expect(share(physicians)).toBeGreaterThan(0.8);
    expect(share(physicians)).toBeLessThan(0.97);
    const others = big.filter((r) => r.kind === 'other');
    expect(share(others)).toBeGreaterThan(0.45);
    expect(share(others)).toBeLessThan(0.55);
  });

  it('pads to minRows with more filler after the default rows, the same rows streamed or cached', () => {
    const listed = rows.length - ofKind('reinstated').length;
    expect(paddingNeeded(population, 100)).toBe(0);
    expect(simExclusions(population, { minRows: listed })).toBe(rows);
    const padded = simExclusions(population, { minRows: 5000 });
    expect(padded.length - ofKind('reinstated').length).toBe(5000);
    expect(padded.slice(0, rows.length)).toEqual(rows);
    const extra = padded.slice(rows.length);
    expect(extra.every((r) => r.kind === 'other')).toBe(true);
    expect([...moreExclusions(population, paddingNeeded(population, 5000))]).toEqual(extra);
    expect(extra[0]?.id).toBe(`LEIE-${String(rows.length).padStart(6, '0')}`);
    expect(simExclusions(population, { minRows: 5000 })).toBe(padded);
  });
});
