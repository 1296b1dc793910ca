import { Readable } from 'node:stream';
import { type CsvError, type Info, parse } from 'csv-parse';
import { SourceError } from '../../licensing/types.ts';
import type { ExclusionItem } from '../ingest/ingest-exclusion-file.ts';
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
  const skipped: ExclusionItem[] = [];
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const row = (error as (CsvError & { lines?: number }) | undefined)?.lines ?? 0;
      skipped.push({ row, reason: error?.message ?? 'unreadable row' });
      return undefined;
    },
  });
  const input = Readable.from(bytes);
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let columns: Map<string, number> | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      yield* skipped.splice(0);
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
      const item = extractItem(record, info.lines, columns, today);
      if (item) yield item;
    }
    yield* skipped.splice(0);
    if (!columns) throw new SourceError({ kind: 'parse-failure', message: 'the SAM.gov exclusions extract is empty' });
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError({
      kind: 'parse-failure',
      message: `cannot read the SAM.gov exclusions extract (${error instanceof Error ? error.message : String(error)})`,
    });
  } finally {
    input.destroy();
    parser.destroy();
  }
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
