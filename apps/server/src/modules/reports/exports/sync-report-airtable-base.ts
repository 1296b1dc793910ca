import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { report } from '../tables.ts';
import {
  type AirtableClient,
  AirtableError,
  type AirtableFieldSpec,
  type AirtableFields,
  airtableBaseUrlFor,
  baseIdFromUrl,
} from './airtable.ts';
import { FILE_ONLY_COLUMNS, REPORT_EXPORT_COLUMN_KINDS, REPORT_EXPORT_COLUMNS } from './build-report-export-rows.ts';
import { loadReportExport } from './load-report-export.ts';

export const AIRTABLE_TABLE = 'Licenses';
/** A license is one record per state and number; the upsert matches on these. */
export const AIRTABLE_MERGE_ON = ['State', 'License number'];

/** The export's columns but those added after bases were first made (FILE_ONLY_COLUMNS). */
const AIRTABLE_COLUMNS = REPORT_EXPORT_COLUMNS.filter((name) => !FILE_ONLY_COLUMNS.includes(name));

/**
 * The table's fields, typed so Airtable can sort and filter: dates as date fields (ISO, so
 * "expires before" views work; every date we export is YYYY-MM-DD), days to expiry as a whole
 * number, the board's discipline text as long text, everything else single-line text.
 */
export const AIRTABLE_FIELDS: AirtableFieldSpec[] = AIRTABLE_COLUMNS.map((name) => {
  switch (REPORT_EXPORT_COLUMN_KINDS[name]) {
    case 'date':
      return { name, type: 'date', options: { dateFormat: { name: 'iso' } } };
    case 'integer':
      return { name, type: 'number', options: { precision: 0 } };
    case 'longText':
      return { name, type: 'multilineText' };
    default:
      return { name, type: 'singleLineText' };
  }
});

const keyOf = (fields: Record<string, unknown>) => AIRTABLE_MERGE_ON.map((f) => String(fields[f] ?? '')).join('\u0000');

export type AirtableBaseSync = { url: string; created: boolean; upserted: number; deleted: number };

/**
 * Mirrors a report's tracked licenses into its Airtable base, one record per license. The first
 * sync creates the base (in the configured workspace: Airtable's API cannot invite the owner) and
 * stores its link on the report at once, so a retry fills that base instead of creating another.
 * Every sync upserts all records, matched on state and license number, then deletes the records
 * of licenses the report no longer tracks. A base deleted at Airtable is replaced by a new one.
 * Null when the report no longer exists.
 */
export async function syncReportAirtableBase(
  ctx: Pick<Platform, 'db' | 'log'>,
  client: AirtableClient,
  reportId: string,
): Promise<AirtableBaseSync | null> {
  const source = await loadReportExport(ctx.db, reportId);
  if (!source) return null;
  const records = new Map<string, AirtableFields>();
  for (const row of source.rows) {
    const fields = Object.fromEntries(
      REPORT_EXPORT_COLUMNS.flatMap((name, i) => (FILE_ONLY_COLUMNS.includes(name) ? [] : [[name, row[i] ?? null]])),
    );
    // A merge key must be unique in the table; a second license with the same state and number is left out.
    if (!records.has(keyOf(fields))) records.set(keyOf(fields), fields);
  }
  if (records.size < source.rows.length) {
    ctx.log.warn({ reportId, skipped: source.rows.length - records.size }, 'licenses sharing a state and number');
  }
  const existingUrl = source.report.airtableBaseUrl;
  const existingId = baseIdFromUrl(existingUrl);
  if (existingUrl && existingId) {
    try {
      await client.upsertRecords(existingId, AIRTABLE_TABLE, [...records.values()], AIRTABLE_MERGE_ON);
      const present = await client.listRecords(existingId, AIRTABLE_TABLE, AIRTABLE_MERGE_ON);
      const stale = present.filter((r) => !records.has(keyOf(r.fields))).map((r) => r.id);
      await client.deleteRecords(existingId, AIRTABLE_TABLE, stale);
      return { url: existingUrl, created: false, upserted: records.size, deleted: stale.length };
    } catch (err) {
      if (!(err instanceof AirtableError && err.status === 404)) throw err;
      ctx.log.warn({ reportId, baseId: existingId }, 'the report’s base is gone at Airtable; creating a new one');
    }
  }
  const { baseId } = await client.createBase(source.report.name, { name: AIRTABLE_TABLE, fields: AIRTABLE_FIELDS });
  const url = airtableBaseUrlFor(baseId);
  const stored = await ctx.db
    .update(report)
    .set({ airtableBaseUrl: url })
    .where(eq(report.id, reportId))
    .returning({ id: report.id });
  if (stored.length === 0) return null;
  await client.upsertRecords(baseId, AIRTABLE_TABLE, [...records.values()], AIRTABLE_MERGE_ON);
  return { url, created: true, upserted: records.size, deleted: 0 };
}
