import type { LicenseType } from '@licensewatch/shared/licenses';
import { hash32, hashString } from './prng.ts';

/**
 * Number templates per board, in the style each board publishes (plausible, not verified
 * against the live boards): `#` a digit, `{Y}` the four-digit issue year, `{L}` a letter of the
 * board's series. The digit run widens when the population is too large for it, so numbers
 * stay unique within a board at any size.
 */
type BoardNumbers = { MD: string; DO: string; letters?: string };

const same = (template: string): BoardNumbers => ({ MD: template, DO: template });

const NUMBER_TEMPLATES: Record<string, BoardNumbers> = {
  'al-med': { MD: 'MD.#####', DO: 'DO.#####' },
  'ak-med': same('MEDS#####'),
  'az-md': same('#####'),
  'az-do': same('####'),
  'ar-med': { ...same('{L}-####'), letters: 'CDEFG' },
  'ca-md': same('A######'),
  'ca-do': same('20A#####'),
  // Physicians, MD and DO alike, hold 'DR' licenses (NPPES shows 'DR.0035255').
  'co-med': same('DR.#######'),
  'ct-med': same('0#####'),
  'de-med': same('C1-#######'),
  'dc-med': same('MD######'),
  'fl-md': same('ME######'),
  'fl-do': same('OS#####'),
  'ga-med': same('0#####'),
  'hi-med': { MD: 'MD-#####', DO: 'DOS-####' },
  'id-med': { MD: 'M-#####', DO: 'DO-####' },
  'il-med': same('036.######'),
  'in-med': { MD: '01######A', DO: '02######A' },
  'ia-med': same('#####'),
  'ks-med': { MD: '04-#####', DO: '05-#####' },
  'ky-med': same('#####'),
  'la-med': { MD: 'MD.######', DO: 'DO.######' },
  'me-md': same('MD#####'),
  'me-do': same('DO####'),
  // A letter and seven digits (the Maryland board's look-up, BOARDS.md).
  'md-med': same('D#######'),
  'ma-med': same('######'),
  'mi-md': same('4301######'),
  'mi-do': same('5101######'),
  'mn-med': same('#####'),
  'ms-med': same('#####'),
  'mo-med': same('{Y}######'),
  'mt-med': same('MED-PHYS-LIC-#####'),
  'ne-med': same('#####'),
  'nv-md': same('#####'),
  'nv-do': same('DO####'),
  'nh-med': same('#####'),
  'nj-med': { MD: '25MA######00', DO: '25MB######00' },
  'nm-med': same('{Y}-####'),
  'ny-med': same('######'),
  'nc-med': same('{Y}-#####'),
  'nd-med': same('#####'),
  'oh-med': { MD: '35.######', DO: '34.######' },
  'ok-md': same('#####'),
  'ok-do': same('####'),
  'or-med': { MD: 'MD######', DO: 'DO######' },
  'pa-md': same('MD######'),
  'pa-do': same('OS######'),
  'ri-med': { MD: 'MD#####', DO: 'DO#####' },
  'sc-med': same('#####'),
  'sd-med': same('#####'),
  'tn-md': same('#####'),
  'tn-do': same('####'),
  'tx-med': { ...same('{L}####'), letters: 'EFGHJKLMNPQRS' },
  'ut-md': same('#######-1205'),
  'ut-do': same('#######-1306'),
  'vt-md': same('042.00#####'),
  'vt-do': same('031.00#####'),
  'va-med': { MD: '0101######', DO: '0102######' },
  'wa-md': same('MD60######'),
  'wa-do': same('OP60######'),
  'wv-md': same('#####'),
  'wv-do': same('####'),
  'wi-med': { MD: '#####-20', DO: '#####-21' },
  'wy-med': same('#####'),
};

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/**
 * An affine bijection of [0, modulus): person index → sequence number. It makes numbers look
 * scattered instead of counting up with the person index, and it can be inverted, so a look-up
 * by number needs no table (that matters at a million physicians).
 */
export class Scramble {
  private readonly multiplier: number;
  private readonly offset: number;
  private readonly inverse: bigint;

  constructor(
    readonly modulus: number,
    salt: number,
  ) {
    // Below 2^20 so multiplier × index stays exact in a double for any index under 2^33.
    let multiplier = (hash32(salt, 1) % 0xfffff) + 1;
    while (gcd(multiplier, modulus) !== 1) multiplier++;
    this.multiplier = multiplier % modulus || 1;
    this.offset = hash32(salt, 2) % modulus;
    this.inverse = modInverse(BigInt(this.multiplier), BigInt(modulus));
  }

  forward(index: number): number {
    return (this.multiplier * index + this.offset) % this.modulus;
  }

  backward(sequence: number): number {
    const shifted = (BigInt(sequence) - BigInt(this.offset)) % BigInt(this.modulus);
    return Number((((shifted + BigInt(this.modulus)) % BigInt(this.modulus)) * this.inverse) % BigInt(this.modulus));
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One board's numbers for one license type. */
export class LicenseNumberFormat {
  readonly template: string;
  private readonly digits: number;
  private readonly letters: string;
  private readonly scramble: Scramble;
  private readonly pattern: RegExp;
  private readonly groups: ('digits' | 'year' | 'letter')[] = [];

  constructor(template: string, letters: string | undefined, size: number, salt: number) {
    this.letters = template.includes('{L}') ? (letters ?? 'A') : '';
    const letterCount = Math.max(1, this.letters.length);
    let digits = /#+/.exec(template)?.[0].length ?? 0;
    while (letterCount * 10 ** digits < size) digits++;
    this.digits = digits;
    this.template = template.replace(/#+/, '#'.repeat(digits));
    this.scramble = new Scramble(letterCount * 10 ** digits, salt);
    let source = '';
    for (const token of this.template.split(/(#+|\{Y\}|\{L\})/)) {
      if (token === '') continue;
      if (token.startsWith('#')) {
        source += `(\\d{${token.length}})`;
        this.groups.push('digits');
      } else if (token === '{Y}') {
        source += '(\\d{4})';
        this.groups.push('year');
      } else if (token === '{L}') {
        source += `([${this.letters}])`;
        this.groups.push('letter');
      } else source += escapeRegExp(token);
    }
    this.pattern = new RegExp(`^${source}$`, 'i');
  }

  render(personIndex: number, issueYear: number): string {
    const sequence = this.scramble.forward(personIndex);
    const unit = 10 ** this.digits;
    let out = this.template.replace('#'.repeat(this.digits), String(sequence % unit).padStart(this.digits, '0'));
    if (this.letters) out = out.replace('{L}', this.letters[Math.floor(sequence / unit)] as string);
    return out.replace('{Y}', String(issueYear));
  }

  /** The person index a number would belong to, or null when it cannot be one of ours. */
  parse(text: string): { personIndex: number; issueYear: number | null } | null {
    const match = this.pattern.exec(text.trim());
    if (!match) return null;
    let digits = 0;
    let letter = 0;
    let issueYear: number | null = null;
    this.groups.forEach((group, i) => {
      const value = match[i + 1] as string;
      if (group === 'digits') digits = Number(value);
      else if (group === 'year') issueYear = Number(value);
      else letter = this.letters.indexOf(value.toUpperCase());
    });
    return { personIndex: this.scramble.backward(letter * 10 ** this.digits + digits), issueYear };
  }
}

/** Number formats for every board, sized for a population. */
export class LicenseNumbers {
  private readonly formats = new Map<string, LicenseNumberFormat>();

  constructor(
    private readonly seed: number,
    private readonly size: number,
  ) {}

  format(boardId: string, licenseType: LicenseType): LicenseNumberFormat {
    const templates = NUMBER_TEMPLATES[boardId] ?? same('######');
    const template = templates[licenseType];
    // Keyed by template, not type: a board printing both types alike must not reuse a number.
    const key = `${boardId} ${template}`;
    let format = this.formats.get(key);
    if (!format) {
      format = new LicenseNumberFormat(template, templates.letters, this.size, hash32(this.seed, hashString(key)));
      this.formats.set(key, format);
    }
    return format;
  }

  /** Both formats of a board (one when MD and DO numbers look alike). */
  formatsOf(
    boardId: string,
    licenseTypes: readonly LicenseType[],
  ): { licenseType: LicenseType[]; format: LicenseNumberFormat }[] {
    const out: { licenseType: LicenseType[]; format: LicenseNumberFormat }[] = [];
    for (const type of licenseTypes) {
      const format = this.format(boardId, type);
      const existing = out.find((entry) => entry.format === format);
      if (existing) existing.licenseType.push(type);
      else out.push({ licenseType: [type], format });
    }
    return out;
  }
}

// NPPES numbers: 10 digits starting with 1, the last a Luhn check digit over '80840' + the
// first nine (the CMS rule), so a connector validating NPIs accepts ours.
function npiCheckDigit(base9: string): number {
  const payload = `80840${base9}`;
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export class NpiNumbers {
  private readonly scramble: Scramble;

  constructor(seed: number) {
    this.scramble = new Scramble(100_000_000, hash32(seed, hashString('nppes')));
  }

  render(personIndex: number): string {
    const base = `1${String(this.scramble.forward(personIndex)).padStart(8, '0')}`;
    return `${base}${npiCheckDigit(base)}`;
  }

  parse(npi: string): number | null {
    if (!/^1\d{9}$/.test(npi)) return null;
    const base = npi.slice(0, 9);
    if (npiCheckDigit(base) !== Number(npi[9])) return null;
    return this.scramble.backward(Number(base.slice(1)));
  }
}
