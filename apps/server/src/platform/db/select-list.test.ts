import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { selectListOf } from './select-list.ts';

const table = pgTable('thing', {
  id: text('id').primaryKey(),
  firstName: text('first_name'),
  issueDate: date('issue_date', { mode: 'string' }),
  seenAt: timestamp('seen_at', { withTimezone: true }),
});

describe('selectListOf', () => {
  it('names every column by its key, reading string-mode dates as text', () => {
    expect(selectListOf(table, 't')).toBe(
      't."id" AS "id", t."first_name" AS "firstName", t."issue_date"::text AS "issueDate", t."seen_at" AS "seenAt"',
    );
    expect(selectListOf(table)).toMatch(/^"id" AS "id", /);
  });
});
