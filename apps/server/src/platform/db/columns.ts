import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

/** The primary key of a row the database names itself: a random UUID as text. */
export const generatedId = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);

/** When the row was made, by the database's clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

/** created_at and an updated_at that Drizzle moves on every update it issues. */
export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};
