import { SourceError } from '../types.ts';
import type { MappedRow } from './record-fields.ts';

const TYPES_NAMED = 8;

/**
 * Counts a bulk list's rows as they are read, so that a list from which nothing of the board's was
 * read fails instead of passing for an empty board (docs/sources.md): no medical board has no
 * physicians, and a filter or type string the publisher has changed reads exactly like one. The
 * failure names the license-type values that were skipped, most frequent first, which is what the
 * operator needs to fix the configuration.
 */
export function tallyBulkFileRows(boardId: string) {
  let read = 0;
  let skipped = 0;
  const skippedTypes = new Map<string, number>();
  return {
    note(mapped: MappedRow) {
      if ('skip' in mapped) {
        skipped++;
        const text = mapped.typeText ?? '(none)';
        skippedTypes.set(text, (skippedTypes.get(text) ?? 0) + 1);
      } else read++;
    },
    /** A row that could not be read at all (too few fields, unbalanced quotes): it may be the board's. */
    unreadable() {
      read++;
    },
    /** Throws unless a row of the board's was read (a record, or a row of its that was rejected). */
    check(where: string) {
      if (read > 0) return;
      const types = [...skippedTypes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TYPES_NAMED)
        .map(([text, n]) => `'${text}' (${n})`)
        .join(', ');
      throw new SourceError({
        kind: 'parse-failure',
        message:
          skipped === 0
            ? `${boardId}: ${where} held no rows at all; a board's list is never empty: check the address and filter`
            : `${boardId}: none of the ${skipped} rows of ${where} is of this board's license types; the list's types were ${types}`,
      });
    },
  };
}
