import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// ---- The search API (docs/product-rules.md, Search API).

/**
 * When a look-up-only board was last searched live for a name (`query_key`: normalised first,
 * middle, last name and license type). A search API call within a day of it answers that board
 * from the registry, where the earlier search stored what the board returned.
 */
export const boardSearch = pgTable(
  'board_search',
  {
    boardId: text('board_id').notNull(),
    queryKey: text('query_key').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).defaultNow().notNull(),
  },
  // Query key first: a call asks for one name across the boards in scope.
  (t) => [primaryKey({ columns: [t.queryKey, t.boardId] })],
);
