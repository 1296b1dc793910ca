import { describe, expect, it } from 'vitest';
import { simBoard } from './boards.ts';
import { createPopulation, printedSurname, type SimPerson, toGroundTruth } from './population.ts';

const TODAY = '2025-06-01';
const DAY = 86_400_000;

// One shared 20k population (the default size): big enough for stable shares, ~100 ms to build.
const population = createPopulation({ seed: 7, size: 20_000, today: TODAY });
const people: SimPerson[] = [...population.people()];
const share = (predicate: (p: SimPerson) => boolean) => people.filter(predicate).length / people.length;

describe('createPopulation', () => {
  it('is deterministic for a seed and a day, and differs across seeds', () => {
    const a = createPopulation({ seed: 42, size: 300, today: TODAY });
    const b = createPopulation({ seed: 42, size: 300, today: new Date(`${TODAY}T15:00:00Z`) });
    const c = createPopulation({ seed: 43, size: 300, today: TODAY });
    const truth = (p: ReturnType<typeof createPopulation>) =>
      [...p.people()].map((x) => JSON.stringify(toGroundTruth(x)));
    expect(truth(a)).toEqual(truth(b));
    expect(truth(a)).not.toEqual(truth(c));
    expect(JSON.stringify(a.person(123))).toBe(JSON.stringify([...a.people()][123]));
  });

  it('rejects bad options', () => {
    expect(() => createPopulation({ size: 0 })).toThrow();
    expect(() => createPopulation({ today: '06/01/2025' })).toThrow();
    expect(() => population.person(20_000)).toThrow(RangeError);
  });

  it('has about 11% DOs, even in small populations', () => {
    expect(share((p) => p.licenseType === 'DO')).toBeGreaterThan(0.09);
    expect(share((p) => p.licenseType === 'DO')).toBeLessThan(0.13);
    const small = [...createPopulation({ seed: 1, size: 500, today: TODAY }).people()];
    const smallShare = small.filter((p) => p.licenseType === 'DO').length / small.length;
    expect(smallShare).toBeGreaterThan(0.09);
    expect(smallShare).toBeLessThan(0.13);
  });

  it('has the name variety matching must survive', () => {
    const names = people.map((p) => `${p.firstName} ${p.middleName ?? ''} ${p.lastName}`);
    const any = (re: RegExp) => names.some((n) => re.test(n));
    expect(any(/[À-ɏḀ-ỿ]/u)).toBe(true); // accents, Vietnamese included
    expect(any(/Nguyễn/)).toBe(true);
    expect(people.some((p) => /^\p{L}+-\p{L}+$/u.test(p.lastName))).toBe(true); // García-López
    expect(people.some((p) => p.lastName.includes(' '))).toBe(true); // Van der Berg, De la Cruz
    expect(people.some((p) => p.lastName.includes("'"))).toBe(true); // O'Brien
    expect(people.some((p) => /^Mc[A-Z]/.test(p.lastName))).toBe(true);
    for (const suffix of ['Jr', 'Sr', 'II', 'III']) expect(people.some((p) => p.suffix === suffix)).toBe(true);
    expect(share((p) => p.middleName === null)).toBeGreaterThan(0.1);
    expect(people.some((p) => p.middleName?.length === 1)).toBe(true);
    expect(share((p) => (p.middleName?.length ?? 0) > 1)).toBeGreaterThan(0.4);
    // Boards print a full middle name as an initial or leave it out now and then.
    const licenses = people.flatMap((p) => p.licenses.map((l) => ({ p, l })));
    expect(licenses.some(({ p, l }) => (p.middleName?.length ?? 0) > 1 && l.middleAsPublished?.length === 1)).toBe(
      true,
    );
    expect(licenses.some(({ p, l }) => p.middleName !== null && l.middleAsPublished === null)).toBe(true);
  });

  it('prints punctuated surnames the ways bulk files do on some boards, plain ones never differently', () => {
    expect([0, 1, 2].map((hash) => printedSurname("O'Neill", hash))).toEqual(['O Neill', 'ONeill', "O'Neill"]);
    expect(printedSurname('McDonald', 0)).toBe('Mc Donald');
    expect(printedSurname('MacLeod', 3)).toBe('Mac Leod');
    expect(printedSurname('De la Cruz', 0)).toBe('DelaCruz');
    expect(printedSurname('De León', 0)).toBe('De León');
    expect([0, 1, 2].map((hash) => printedSurname('Smith', hash))).toEqual(['Smith', 'Smith', 'Smith']);
    const licenses = people.flatMap((p) => p.licenses.map((l) => ({ p, l })));
    const changed = licenses.filter(({ p, l }) => l.lastNameAsPublished !== p.lastName);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every(({ p }) => /['\s]|^Ma?c[A-Z]/.test(p.lastName))).toBe(true);
    expect(licenses.some(({ p, l }) => p.lastName.includes("'") && l.lastNameAsPublished === p.lastName)).toBe(true);
  });

  it('lists nicknames for formal first names', () => {
    const william = people.find((p) => p.firstName === 'William');
    expect(william?.nicknames[0]).toBe('Bill');
    expect(people.find((p) => p.firstName === 'Elizabeth')?.nicknames[0]).toBe('Liz');
    expect(people.find((p) => p.firstName === 'Robert')?.nicknames).toContain('Bob');
    expect(share((p) => p.nicknames.length > 0)).toBeGreaterThan(0.05);
  });

  it('includes different people with the same name, in other states and in the same one', () => {
    const namesakes = people.filter((p) => p.sameNameAs !== null);
    expect(namesakes.length).toBeGreaterThan(100);
    for (const twin of namesakes) {
      const other = population.person(twin.sameNameAs as number);
      expect([twin.firstName, twin.lastName]).toEqual([other.firstName, other.lastName]);
      expect(twin.personId).not.toBe(other.personId);
      expect(twin.npi).not.toBe(other.npi);
    }
    const home = (p: SimPerson) => p.homeState;
    expect(namesakes.some((t) => home(t) !== home(population.person(t.sameNameAs as number)))).toBe(true);
    expect(namesakes.some((t) => home(t) === home(population.person(t.sameNameAs as number)))).toBe(true);
    const johnSmiths = people.filter((p) => p.firstName === 'John' && p.lastName === 'Smith');
    expect(new Set(johnSmiths.map(home)).size).toBeGreaterThan(1);
  });

  it('gives each person 1–6 licenses in distinct jurisdictions on the right board, mostly 1–2', () => {
    // Collected, then asserted once: an expect per license is slow at 35k licenses.
    const wrong: string[] = [];
    for (const p of people) {
      const states = new Set(p.licenses.map((l) => l.jurisdiction));
      if (p.licenses.length < 1 || p.licenses.length > 6) wrong.push(`${p.personId}: ${p.licenses.length} licenses`);
      if (states.size !== p.licenses.length) wrong.push(`${p.personId}: repeated jurisdiction`);
      if (p.licenses[0]?.jurisdiction !== p.homeState) wrong.push(`${p.personId}: home license not first`);
      for (const l of p.licenses) {
        const board = simBoard(l.boardId);
        if (
          board?.jurisdiction !== l.jurisdiction ||
          !board.licenseTypes.includes(p.licenseType) ||
          l.licenseType !== p.licenseType
        ) {
          wrong.push(`${p.personId}: ${l.licenseType} on ${l.boardId}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(share((p) => p.licenses.length <= 2)).toBeGreaterThan(0.7);
    expect(people.some((p) => p.licenses.length === 6)).toBe(true);
    // Home states follow population: California outnumbers Wyoming many times over.
    const homes = (code: string) => people.filter((p) => p.homeState === code).length;
    expect(homes('CA')).toBeGreaterThan(20 * homes('WY'));
  });

  it('spreads statuses and dates around the injected today', () => {
    const licenses = people.flatMap((p) => p.licenses);
    const count = (status: string) => licenses.filter((l) => l.status === status).length / licenses.length;
    expect(count('active')).toBeGreaterThan(0.7);
    for (const status of ['expired', 'inactive', 'suspended', 'probation', 'revoked'])
      expect(count(status)).toBeGreaterThan(0.005);
    const day = (iso: string) => Date.parse(iso) / DAY;
    const today = day(TODAY);
    const wrong = licenses.filter(
      (l) =>
        day(l.issueDate) >= today ||
        l.renewalDate < l.issueDate ||
        (l.expiryDate !== null && l.expiryDate <= l.issueDate) ||
        (l.status === 'expired' && l.expiryDate !== null && day(l.expiryDate) >= today) ||
        (l.status === 'active' && l.expiryDate !== null && day(l.expiryDate) < today),
    );
    expect(wrong).toEqual([]);
    const withExpiry = licenses.filter((l) => l.expiryDate !== null);
    const within = (days: number) =>
      withExpiry.filter((l) => day(l.expiryDate as string) >= today && day(l.expiryDate as string) < today + days)
        .length;
    expect(within(42)).toBeGreaterThan(0.03 * licenses.length);
    expect(within(730)).toBeGreaterThan(0.5 * licenses.length);
    expect(licenses.some((l) => l.expiryDate === null)).toBe(true);
  });

  it('publishes number-less rows only on boards with a bulk file, and numbers are unique per board', () => {
    const licenses = people.flatMap((p) => p.licenses);
    const numberless = licenses.filter((l) => l.licenseNumber === null);
    expect(numberless.length).toBeGreaterThan(0);
    expect(numberless.filter((l) => simBoard(l.boardId)?.style === 'html-lookup')).toEqual([]);
    const keys = licenses.filter((l) => l.licenseNumber !== null).map((l) => `${l.boardId} ${l.licenseNumber}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes numbers in each board’s format and finds a license by its number', () => {
    const formats: Record<string, RegExp> = {
      'wa-md': /^MD60\d{6}$/,
      'wa-do': /^OP60\d{6}$/,
      'co-med': /^(DR|DO)\.\d{7}$/,
      'fl-md': /^ME\d{6}$/,
      'fl-do': /^OS\d{5}$/,
      'ca-md': /^A\d{6}$/,
      'ca-do': /^20A\d{5}$/,
      'mo-med': /^(19|20)\d{8}$/,
      'tx-med': /^[A-Z]\d{4,5}$/,
      'il-med': /^036\.\d{6}$/,
    };
    const wrong: string[] = [];
    for (const p of people.slice(0, 3000)) {
      for (const l of p.licenses) {
        if (!l.licenseNumber) continue;
        const format = formats[l.boardId];
        if (format && !format.test(l.licenseNumber)) wrong.push(`${l.boardId} ${l.licenseNumber}`);
        const found = population.findByLicenseNumber(l.boardId, l.licenseNumber.toLowerCase());
        if (found?.person.index !== p.index) wrong.push(`${l.boardId} ${l.licenseNumber} not found`);
      }
    }
    expect(wrong).toEqual([]);
    expect(population.findByLicenseNumber('tx-med', 'nonsense')).toBeNull();
    expect(population.findByNpi(people[5]?.npi as string)?.index).toBe(5);
    expect(population.findByNpi('1234567890')).toBeNull();
  });

  it('streams one board’s licenses in person order, matching the people', () => {
    const streamed = [...population.boardLicenses('co-med')];
    const expected = people.flatMap((p) => p.licenses.filter((l) => l.boardId === 'co-med').map((l) => ({ p, l })));
    expect(streamed.map((s) => s.license)).toEqual(expected.map((e) => e.l));
    expect(streamed.map((s) => s.person.index)).toEqual(expected.map((e) => e.p.index));
  });
});
