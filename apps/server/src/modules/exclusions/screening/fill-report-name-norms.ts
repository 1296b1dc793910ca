import type pg from 'pg';
import { normalizeNamePart } from '../../licensing/normalize-name.ts';

const BATCH = 5_000;

/**
 * Reports without the screening's copy of their names (made before screening existed, or renamed
 * since) get it, in the registry's normalisation, so the screening can match names in SQL. A report
 * deleted meanwhile is skipped: the lock finds it gone.
 */
export async function fillReportNameNorms(pool: pg.Pool, reportIds: readonly string[] | null): Promise<number> {
  let filled = 0;
  for (;;) {
    const { rows } = await pool.query<{
      id: string;
      first_name: string;
      middle_name: string | null;
      last_name: string;
    }>(
      `SELECT r.id, r.first_name, r.middle_name, r.last_name FROM report r
       WHERE NOT EXISTS (SELECT 1 FROM report_name_norm n WHERE n.report_id = r.id)
         AND ($1::text[] IS NULL OR r.id = ANY($1::text[]))
       LIMIT ${BATCH}`,
      [reportIds],
    );
    if (rows.length === 0) return filled;
    await pool.query(
      `INSERT INTO report_name_norm (report_id, first_norm, middle_norm, last_norm)
       SELECT n.id, n.first_norm, n.middle_norm, n.last_norm
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS n(id, first_norm, middle_norm, last_norm)
       JOIN report r ON r.id = n.id
       FOR KEY SHARE OF r
       ON CONFLICT (report_id) DO UPDATE SET first_norm = excluded.first_norm,
         middle_norm = excluded.middle_norm, last_norm = excluded.last_norm`,
      [
        rows.map((r) => r.id),
        rows.map((r) => normalizeNamePart(r.first_name)),
        rows.map((r) => normalizeNamePart(r.middle_name)),
        rows.map((r) => normalizeNamePart(r.last_name)),
      ],
    );
    filled += rows.length;
    if (rows.length < BATCH) return filled;
  }
}
