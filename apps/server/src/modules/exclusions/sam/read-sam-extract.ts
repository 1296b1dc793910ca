import { SourceError } from '../../licensing/types.ts';
import type { ExclusionItem } from '../ingest/ingest-exclusion-file.ts';
import { readCsvRows } from '../ingest/read-csv-rows.ts';
import { samEntitySchema, samExtractEntity, samRecord, samStoredEntry } from './sam-records.ts';

/**
 * The columns read, by name: the extract flattens the answer's sections into columns named after
 * their fields (`exclusionPrimaryAddress:city`), and its order and extra columns are not relied on.
 */
export const SAM_EXTRACT_COLUMNS_READ = [
  'classificationType',
  'exclusionType',
  'exclusionProgram',
  'excludingAgencyCode',
  'excludingAgencyName',
  'ueiSAM',
  'cageCode',
  'npi',
  'prefix',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'entityName',
  'activateDate',
  'terminationDate',
  'terminationType',
  'recordStatus',
  'exclusionPrimaryAddress:city',
  'exclusionPrimaryAddress:stateOrProvinceCode',
  'exclusionPrimaryAddress:countryCode',
] as const;

// The extract writes an absent value as the word null (GSA's sample), sometimes as an empty cell.
const absent = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' || text.toLowerCase() === 'null' ? null : text;
};

/**
 * The individuals of SAM.gov's exclusions extract (`format=csv`), each as the exclusion entry a
 * physician's search would store for it (sam-records.ts), so matching reads both alike. Rows of other
 * classifications (firms, vessels) and records no longer active are passed over: this list screens
 * physicians, and an exclusion not in force is not one. A row that cannot be read is one rejected row
 * with its reason, never silently dropped; a file without the columns read is refused whole.
 * `today` (YYYY-MM-DD) decides whether an end date has passed.
 */
export async function* readSamExtract(
  bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  { today }: { today: string },
): AsyncGenerator<ExclusionItem> {
  let columns: Map<string, number> | null = null;
  for await (const row of readCsvRows(bytes, 'the SAM.gov exclusions extract')) {
    if ('unreadable' in row) {
      yield row.unreadable;
      continue;
    }
    const { record } = row;
    if (!columns) {
      columns = new Map(record.map((name, i) => [name.trim(), i]));
      const missing = SAM_EXTRACT_COLUMNS_READ.filter((name) => !columns?.has(name));
      if (missing.length > 0)
        throw new SourceError({
          kind: 'parse-failure',
          message: `not a SAM.gov exclusions extract: no column ${missing.slice(0, 5).join(', ')} in '${record.join(',').slice(0, 200)}'`,
        });
      continue;
    }
    const item = extractItem(record, row.line, columns, today);
    if (item) yield item;
  }
  if (!columns) throw new SourceError({ kind: 'parse-failure', message: 'the SAM.gov exclusions extract is empty' });
}

function extractItem(record: string[], row: number, columns: Map<string, number>, today: string): ExclusionItem | null {
  if (record.length !== columns.size)
    return { row, reason: `expected ${columns.size} columns, found ${record.length}` };
  const cell = (name: string) => absent(record[columns.get(name) ?? -1]);
  if (cell('classificationType')?.toLowerCase() !== 'individual') return null;
  const status = cell('recordStatus');
  if (status !== null && status.toLowerCase() !== 'active') return null;
  const parsed = samEntitySchema.safeParse(samExtractEntity(cell));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { row, reason: issue ? `${String(issue.path.at(-1) ?? 'row')}: ${issue.message}` : 'unreadable row' };
  }
  const found = samRecord(parsed.data);
  if (!found.lastName && !found.entityName) return { row, reason: 'the row names nobody' };
  return { row, entry: samStoredEntry(found, today) };
}
