/**
 * A count as a person types it: digits, optionally grouped in thousands with commas ("12,500"),
 * spaces around ignored. Null for anything else (decimals, words, misplaced commas) or a number
 * too large to be exact.
 */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replaceAll(',', ''));
  return Number.isSafeInteger(value) ? value : null;
}

/** A count and its noun as a sentence says it: "1 license", "2,000 licenses". */
export const countOf = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
