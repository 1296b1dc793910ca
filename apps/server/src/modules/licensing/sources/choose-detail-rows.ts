import { normalizeNamePart } from '../normalize-name.ts';

/**
 * A name as the matcher compares it, without spaces: boards print names their own way (O'NEILL,
 * Oneill, O Neill, Nuñez), and two spellings of one name compare equal.
 */
export function comparableNameKey(name: string | null | undefined): string {
  return normalizeNamePart(name?.trim() ?? '').replaceAll(' ', '');
}

export type ListedName = { lastName?: string | null | undefined; firstName?: string | null | undefined };

/**
 * Which rows of a name search are worth a detail request, in the order to read them: only rows with
 * the surname asked (a common surname lists hundreds), those sharing the first name's initial first
 * (a nickname, Bill for William, comes after them), at most `max`. Every look-up adapter that reads
 * details (HTML form, WebForms, browser) chooses by this one rule.
 */
export function chooseDetailRows<T>(
  rows: readonly T[],
  wanted: { lastName: string; firstName: string },
  nameOf: (row: T) => ListedName | undefined,
  max: number,
): T[] {
  const surname = comparableNameKey(wanted.lastName);
  const initial = comparableNameKey(wanted.firstName).charAt(0);
  const named = rows.flatMap((row) => {
    const name = nameOf(row);
    return name && comparableNameKey(name.lastName) === surname ? [{ row, name }] : [];
  });
  const byInitial = ({ name }: { name: ListedName }) =>
    initial !== '' && comparableNameKey(name.firstName).startsWith(initial);
  return [...named.filter(byInitial), ...named.filter((n) => !byInitial(n))].slice(0, max).map((n) => n.row);
}
