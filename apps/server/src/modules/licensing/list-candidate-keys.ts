import type { LicenseType } from '@licensewatch/shared/licenses';
import { listSurnameKeys } from './matching/list-surname-keys.ts';
import { nicknameVariants } from './matching/nicknames.ts';
import { SURNAME_PARTICLES } from './parse-person-name.ts';
import { type ComparableName, SHORT_SURNAME_TYPO_LENGTHS } from './score-candidate.ts';

/**
 * Which registry rows findLicenses could read for a name, as keys that meet in a hash map: a row
 * whose keys share none with the query's is neither a candidate of either pass of
 * fetch-license-candidates.ts nor counts for isSurnameOnRecord, whatever its given name. The keys
 * are a superset of those SQL conditions, one kind per surname branch (the given-name branches are
 * mayMatchGivenName's): the daily refresh reads the rows changed since a report's last refresh and
 * re-matches only reports some of them could reach (modules/reports/update/find-reports-to-rematch.ts).
 * A change to the branches there must be mirrored here; list-candidate-keys.test.ts (integration:
 * license-candidate-keys.test.ts) checks every row the SQL returns against these keys.
 *
 * - `x` the surname as stored, equal to one of listSurnameKeys (both passes, isSurnameOnRecord);
 * - `p` the first three letters: a surname starting with a component of the query's (indexed);
 * - `l` first two letters and run-together length: the surname-typo index (indexed);
 * - `t` a space-separated component equal to one of the query's (wide);
 * - `d` the spelling with one letter dropped, or none: rows one keystroke from a short surname (wide);
 * - `r` last three letters and run-together length (wide).
 */
export type CandidateKeys = string[];

const chars = (s: string) => Array.from(s);
const first = (s: string, n: number) => chars(s).slice(0, n).join('');
const last = (s: string, n: number) => chars(s).slice(-n).join('');
const length = (s: string) => chars(s).length;

/** fetch-license-candidates' `withoutSpaces`: the surname without a trailing suffix or degree, run together. */
export function runTogetherSurname(lastNorm: string): string {
  return lastNorm.replace(/( (jr|sr|ii|iii|iv|md))+$/, '').replaceAll(' ', '');
}

/** The word and every spelling of it with one letter dropped: two words one edit apart share one. */
function deletionNeighbours(word: string): string[] {
  const letters = chars(word);
  const out = new Set<string>([word]);
  for (let i = 0; i < letters.length; i++) out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  return [...out];
}

const keyed = (licenseType: LicenseType, keys: Iterable<string>) =>
  [...new Set(keys)].map((k) => `${licenseType}|${k}`);

/** The keys a query reaches (fetch-license-candidates' surname branches), with the `x` keys apart. */
export function listQueryCandidateKeys({ name, licenseType }: { name: ComparableName; licenseType: LicenseType }): {
  surnameKeys: CandidateKeys;
  keys: CandidateKeys;
} {
  if (name.surname.length === 0) return { surnameKeys: [], keys: [] };
  const joined = name.surname.join('');
  const core = name.surname.filter((token) => !SURNAME_PARTICLES.has(token));
  const size = joined.length;
  const keys: string[] = [];
  for (const token of core) {
    keys.push(`t:${token}`);
    if (length(token) >= 3) keys.push(`p:${first(token, 3)}`);
  }
  if (size >= 5) {
    for (const n of [size - 1, size, size + 1]) {
      keys.push(`l:${joined.slice(0, 2)}:${n}`, `r:${joined.slice(-3)}:${n}`);
    }
  }
  if (size >= SHORT_SURNAME_TYPO_LENGTHS.min - 1 && size <= SHORT_SURNAME_TYPO_LENGTHS.max) {
    for (const d of deletionNeighbours(joined)) keys.push(`d:${d}`);
  }
  const surnameKeys = keyed(
    licenseType,
    listSurnameKeys(name).map((k) => `x:${k}`),
  );
  return { surnameKeys, keys: [...surnameKeys, ...keyed(licenseType, keys)] };
}

/**
 * The keys of a registry row (its license type and stored surname). A row whose board does not say
 * MD or DO (type null) is reachable from queries of either type.
 */
export function listRowCandidateKeys({
  licenseType,
  lastNorm,
}: {
  licenseType: LicenseType | null;
  lastNorm: string;
}): CandidateKeys {
  const together = runTogetherSurname(lastNorm);
  const size = length(together);
  const keys = [`x:${lastNorm}`, `l:${first(lastNorm, 2)}:${size}`, `r:${last(together, 3)}:${size}`];
  // startsWith is a range on the column; under a collation that passes over spaces the range
  // also holds the spaced spelling, so the run-together one is keyed too.
  for (const spelling of [lastNorm, lastNorm.replaceAll(' ', '')]) {
    if (length(spelling) >= 3) keys.push(`p:${first(spelling, 3)}`);
  }
  for (const token of lastNorm.split(' ')) keys.push(`t:${token}`);
  if (length(lastNorm) <= SHORT_SURNAME_TYPO_LENGTHS.max + 1) {
    for (const d of deletionNeighbours(lastNorm)) keys.push(`d:${d}`);
  }
  return licenseType === null ? [...keyed('MD', keys), ...keyed('DO', keys)] : keyed(licenseType, keys);
}

/**
 * Whether a row's stored given name (`first_norm`) passes any given-name branch of
 * fetch-license-candidates (givenBranches with initials, and the wide pass's first-name typos);
 * a superset, like the keys.
 */
export function mayMatchGivenName(name: ComparableName, firstNorm: string): boolean {
  const [given = '', ...middles] = name.given;
  if (given === '') return false;
  const names = new Set<string>([given, ...nicknameVariants(given), ...middles, name.given.join(' ')]);
  for (let n = 3; n < given.length; n++) names.add(given.slice(0, n));
  // Prefix branches are ranges on the column: the run-together spelling is tried as well.
  return [firstNorm, firstNorm.replaceAll(' ', '')].some((f) => {
    const size = length(f);
    if (size <= 1 || names.has(f)) return true;
    if (f.startsWith(`${given} `) || (given.length === 1 && f.startsWith(given))) return true;
    const near = size >= given.length - 1 && size <= given.length + 1;
    if (given.length >= 4 && near && f.startsWith(given.slice(0, 2))) return true;
    // The wide pass: a slip in the first two letters, or the start, of the given name.
    return given.length >= 4 && (last(f, 3) === given.slice(-3) || (near && f.startsWith(given.slice(0, 1))));
  });
}
