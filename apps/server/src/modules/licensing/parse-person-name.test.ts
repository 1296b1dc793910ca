import { describe, expect, it } from 'vitest';
import { canonicalSuffix, parsePersonName } from './parse-person-name.ts';

const parts = (firstName: string, middleName: string | null, lastName: string, suffix: string | null = null) => ({
  firstName,
  middleName,
  lastName,
  suffix,
});

describe('parsePersonName', () => {
  it.each([
    ['John Smith', parts('John', null, 'Smith')],
    ['John Quincy Smith', parts('John', 'Quincy', 'Smith')],
    ['Mary Ann Elizabeth Jones', parts('Mary', 'Ann Elizabeth', 'Jones')],
    ['Smith, John', parts('John', null, 'Smith')],
    ['SMITH, JOHN Q', parts('JOHN', 'Q', 'SMITH')],
    ['Smith, John Q Jr', parts('John', 'Q', 'Smith', 'JR')],
    ['Smith Jr, John', parts('John', null, 'Smith', 'JR')],
    ['Smith, John, Jr.', parts('John', null, 'Smith', 'JR')],
    ['Smith, John A., III', parts('John', 'A.', 'Smith', 'III')],
    ['  de la Cruz,  Juan  ', parts('Juan', null, 'de la Cruz')],
    ['García-López, María José Sr', parts('María', 'José', 'García-López', 'SR')],
    ['John Q Public II', parts('John', 'Q', 'Public', 'II')],
    ['Dr. John Q. Smith Jr., MD', parts('John', 'Q.', 'Smith', 'JR')],
    ['Dr John Smith', parts('John', null, 'Smith')],
    ['John Smith, M.D.', parts('John', null, 'Smith')],
    ['John Smith MD', parts('John', null, 'Smith')],
    ['JOHN SMITH MD', parts('JOHN', null, 'SMITH')],
    ['Jane Roe, MD, PhD, FACP', parts('Jane', null, 'Roe')],
    ['Jane Roe D.O.', parts('Jane', null, 'Roe')],
    ['Jane Roe DO', parts('Jane', null, 'Roe')],
    ['John Smith III', parts('John', null, 'Smith', 'III')],
    ['John Smith Sr.', parts('John', null, 'Smith', 'SR')],
    ['John Smith 2nd', parts('John', null, 'Smith', 'II')],
    ['Maria de la Cruz', parts('Maria', null, 'de la Cruz')],
    ['Ludwig van der Berg', parts('Ludwig', null, 'van der Berg')],
    ['Anna Maria Van Dyke', parts('Anna', 'Maria', 'Van Dyke')],
    ['Paolo Di Marco', parts('Paolo', null, 'Di Marco')],
    ['Juan Garcia y Lopez', parts('Juan', null, 'Garcia y Lopez')],
    // Straight after the given name, a lone Y is a middle initial: no first surname for it to join.
    ['ALEJANDRA Y CRUZ', parts('ALEJANDRA', 'Y', 'CRUZ')],
    ['Soo-Jin Y Zhang', parts('Soo-Jin', 'Y', 'Zhang')],
    ['Ana García-López', parts('Ana', null, 'García-López')],
    ['Ana Garcia - Lopez', parts('Ana', null, 'Garcia-Lopez')],
    ["Sean O'Brien", parts('Sean', null, "O'Brien")],
    ["Sean O' Brien", parts('Sean', null, "O'Brien")],
    ['Mary McDonald', parts('Mary', null, 'McDonald')],
    ['Mary Mc Donald', parts('Mary', null, 'McDonald')],
    ['Ian MacArthur', parts('Ian', null, 'MacArthur')],
    ['Garcia Lopez, Maria Elena', parts('Maria', 'Elena', 'Garcia Lopez')],
    ['Minh Van Nguyen', parts('Minh', 'Van', 'Nguyen')],
    // Vietnamese surname Do is not the osteopathic degree.
    ['Thanh Do', parts('Thanh', null, 'Do')],
    ['THANH DO', parts('THANH', null, 'DO')],
    ['Do, Thanh', parts('Thanh', null, 'Do')],
    ['Thanh Do, DO', parts('Thanh', null, 'Do')],
    ['Madonna', parts('', null, 'Madonna')],
    ['  John    Smith  ', parts('John', null, 'Smith')],
  ])('%j', (input, expected) => {
    expect(parsePersonName(input)).toEqual(expected);
  });
});

describe('canonicalSuffix', () => {
  it.each([
    ['Jr', 'JR'],
    ['jr.', 'JR'],
    ['JUNIOR', 'JR'],
    ['Sr.', 'SR'],
    ['ii', 'II'],
    ['III', 'III'],
    ['3rd', 'III'],
    ['IV', 'IV'],
    ['MD', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(canonicalSuffix(input)).toBe(expected);
  });
});
