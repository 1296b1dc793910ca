import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

/** The primary key of a row the database names itself: a random UUID as text. */
export const generatedId = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);

/** When the row was made, by the database's clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
