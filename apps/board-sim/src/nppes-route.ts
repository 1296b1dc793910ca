import type { ServerResponse } from 'node:http';
import { STATE_CODES } from '@licensewatch/shared/states';
import { sendJson } from './http-util.ts';
import type { SimPerson } from './population.ts';
import { searchKey } from './population-index.ts';
import { hash32, hashString } from './prng.ts';
import type { SimContext } from './sim-context.ts';

export const NPPES_MAX_LIMIT = 200;
export const NPPES_MAX_SKIP = 1000;
const DEFAULT_LIMIT = 10;

type NppesError = { description: string; field: string; number: string };

export type NppesResult = {
  number: string;
  basic: {
    first_name: string;
    last_name: string;
    middle_name?: string;
    /** "--" where the real registry writes its placeholder for an absent prefix or suffix. */
    name_prefix?: '--';
    name_suffix?: '--';
    credential: 'MD' | 'DO';
  };
  taxonomies: { code: string; desc: string; state: string; license: string; primary: boolean }[];
};

/**
 * Self-reported, as in the real registry: a physician lists the home license always, omits
 * about one other license in ten, and sometimes types a number without its punctuation; and
 * its "--" placeholders for absent name parts.
 */
export function nppesResult(person: SimPerson, seed: number): NppesResult {
  const taxonomies: NppesResult['taxonomies'] = [];
  person.licenses.forEach((license, slot) => {
    const h = hash32(seed, person.index, hashString(license.boardId));
    if (slot > 0 && (license.licenseNumber === null || h % 10 === 0)) return;
    let number = license.licenseNumber ?? '';
    if ((h >>> 8) % 20 === 0) number = number.replace(/[.\-\s]/g, '');
    taxonomies.push({
      code: person.taxonomy.code,
      desc: person.taxonomy.desc,
      state: license.jurisdiction,
      license: number,
      primary: slot === 0,
    });
  });
  const basic: NppesResult['basic'] = {
    first_name: person.firstName.toUpperCase(),
    last_name: person.lastName.toUpperCase(),
    credential: person.licenseType,
  };
  if (person.middleName) basic.middle_name = person.middleName.toUpperCase();
  // The real registry writes "--" for no suffix (and prefix) in about one individual's answer in six.
  if (hash32(seed, person.index, 0x2d2d) % 6 === 0) {
    basic.name_prefix = '--';
    basic.name_suffix = '--';
  }
  return { number: person.npi, basic, taxonomies };
}

/** A name criterion: exact (case- and accent-insensitive) or a prefix with a trailing '*'. */
type NameTest = { key: string; prefix: boolean };

function nameTest(value: string, field: string, errors: NppesError[]): NameTest | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const prefix = trimmed.endsWith('*');
  const core = prefix ? trimmed.slice(0, -1) : trimmed;
  if (core.includes('*') || (prefix && core.length < 2)) {
    errors.push({
      description: `${field}: a wildcard '*' is allowed only at the end, after at least two characters`,
      field,
      number: '05',
    });
    return null;
  }
  return { key: searchKey(core), prefix };
}

const matches = (test: NameTest | null, value: string) =>
  test === null || (test.prefix ? searchKey(value).startsWith(test.key) : searchKey(value) === test.key);

export function handleNppes(ctx: SimContext, res: ServerResponse, query: URLSearchParams): void {
  const errors: NppesError[] = [];
  const version = query.get('version');
  if (version !== '2.1') {
    errors.push({ description: 'Unsupported version: use version=2.1', field: 'version', number: '01' });
  }
  const limitParam = query.get('limit');
  const skipParam = query.get('skip');
  const limit = limitParam === null || limitParam === '' ? DEFAULT_LIMIT : Number(limitParam);
  const skip = skipParam === null || skipParam === '' ? 0 : Number(skipParam);
  if (!Number.isInteger(limit) || limit < 1 || limit > NPPES_MAX_LIMIT) {
    errors.push({ description: `Field limit must be between 1 and ${NPPES_MAX_LIMIT}`, field: 'limit', number: '02' });
  }
  if (!Number.isInteger(skip) || skip < 0 || skip > NPPES_MAX_SKIP) {
    errors.push({ description: `Field skip must be between 0 and ${NPPES_MAX_SKIP}`, field: 'skip', number: '03' });
  }
  const number = (query.get('number') ?? '').trim();
  if (number !== '' && !/^\d{10}$/.test(number)) {
    errors.push({ description: 'Field number must be 10 digits', field: 'number', number: '04' });
  }
  const first = nameTest(query.get('first_name') ?? '', 'first_name', errors);
  const last = nameTest(query.get('last_name') ?? '', 'last_name', errors);
  const stateParam = (query.get('state') ?? '').trim().toUpperCase();
  if (stateParam !== '' && !(STATE_CODES as string[]).includes(stateParam)) {
    errors.push({ description: 'Field state must be a two-letter state code', field: 'state', number: '06' });
  }
  if (number === '' && first === null && last === null && errors.length === 0) {
    errors.push({
      description:
        stateParam === ''
          ? 'No valid search criteria provided'
          : 'State cannot be the only criteria: add a name or a number',
      field: 'generic',
      number: '07',
    });
  }
  if (errors.length > 0) {
    sendJson(res, 400, { Errors: errors });
    return;
  }

  const { population } = ctx;
  let candidates: Iterable<number>;
  if (number !== '') {
    const person = population.findByNpi(number);
    candidates = person ? [person.index] : [];
  } else if (last !== null) {
    candidates = ctx.index().byLastNamePrefix(null, last.key);
  } else {
    candidates = (function* () {
      for (let index = 0; index < population.size; index++) yield index;
    })();
  }

  const results: NppesResult[] = [];
  let seen = 0;
  for (const index of candidates) {
    if (results.length >= limit) break;
    const person = population.person(index);
    if (!matches(first, person.firstName) || !matches(last, person.lastName)) continue;
    // The real `state` filters on the practice address, which we do not publish; here it means
    // "holds a license there", a superset that never hides the license a connector looks for.
    if (stateParam !== '' && !person.licenses.some((l) => l.jurisdiction === stateParam)) continue;
    if (seen++ < skip) continue;
    results.push(nppesResult(person, population.seed));
  }
  sendJson(res, 200, { result_count: results.length, results });
}
