import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator settings (docs/product-rules.md, Settings), as text; platform/settings reads them by type. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
