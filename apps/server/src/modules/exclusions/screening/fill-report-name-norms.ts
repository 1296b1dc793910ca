import type pg from 'pg';
import { normalizeNamePart } from '../../licensing/normalize-name.ts';

const BATCH = 5_000;

/**
 * Reports whose normalised names are not stored yet (made before screening existed, or renamed
 * since) get them, in the registry's normalisation, so the screening can match names in SQL.
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
      `SELECT id, first_name, middle_name, last_name FROM report
       WHERE last_norm IS NULL AND ($1::text[] IS NULL OR id = ANY($1::text[]))
       LIMIT ${BATCH}`,
      [reportIds],
    );
    if (rows.length === 0) return filled;
    await pool.query(
      `UPDATE report r SET first_norm = n.first_norm, middle_norm = n.middle_norm, last_norm = n.last_norm
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS n(id, first_norm, middle_norm, last_norm)
       WHERE r.id = n.id`,
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
