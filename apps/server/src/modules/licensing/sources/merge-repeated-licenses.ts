import type { SourceRecord } from '../types.ts';

/** The same licence of the same board: one number, read twice. */
export function sameLicense(a: SourceRecord, b: SourceRecord): boolean {
  return a.licenseNumber !== null && a.licenseNumber === b.licenseNumber && a.boardId === b.boardId;
}

/**
 * One record of a licence a dataset repeats once per disciplinary case (Colorado): the first row's
 * fields, every case's discipline kept once, in the order read.
 */
export function mergeRepeatedLicense(first: SourceRecord, next: SourceRecord): SourceRecord {
  const cases = [first.discipline, next.discipline]
    .flatMap((d) => (d === null ? [] : d.split('; ')))
    .filter((d, i, all) => all.indexOf(d) === i);
  return { ...first, discipline: cases.length === 0 ? null : cases.join('; ') };
}

/** A search's records with each repeated licence merged into one, in first-seen order. */
export function mergeRepeatedRecords(records: readonly SourceRecord[]): SourceRecord[] {
  const merged: SourceRecord[] = [];
  for (const record of records) {
    const at = merged.findIndex((m) => sameLicense(m, record));
    if (at === -1) merged.push(record);
    else merged[at] = mergeRepeatedLicense(merged[at] as SourceRecord, record);
  }
  return merged;
}
