// Letters that NFKD leaves whole (no combining mark to strip) but which people and boards write
// with or without the stroke: 'Øster' and 'Oster' must meet in the registry's *_norm columns.
const FOLDED_LETTERS: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
/** Lower-case ASCII letters in words separated by single spaces: what normalisation produces. */
const NORMAL_FORM = /^[a-z]+(?: [a-z]+)*$/;
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'gu');

/**
 * The one spelling of a name part used for storage (`first_norm`, `middle_norm`, `last_norm`)
 * and for comparison, per docs/license-engine.md: Unicode NFKD, diacritics removed, lower case,
 * apostrophes removed, every other non-letter a single space, trimmed.
 * "O'Brien" → `obrien`, "García-López" → `garcia lopez`, null/undefined → ''.
 */
export function normalizeNamePart(value: string | null | undefined): string {
  if (!value) return '';
  // Already in normal form (every registry *_norm column, most typed names once lower-cased):
  // the steps below would change nothing, and matching calls this for every candidate row.
  if (NORMAL_FORM.test(value)) return value;
  return (
    value
      // Before NFKD, which would turn the spacing acute '´' into a space and a combining mark.
      // ASCII and typographic apostrophes, the modifier letter (a letter to \p{L}) and the
      // backtick and acute some boards type instead.
      .replace(/['‘’ʼ`´]/gu, '')
      .normalize('NFKD')
      // Lower-casing can itself produce combining marks ('İ' → 'i' + U+0307), so strip after it.
      .toLowerCase()
      .normalize('NFKD')
      // Again after NFKD, which makes apostrophes of its own ('ŉ' → 'ʼn', fullwidth '＇' → "'").
      .replace(/['ʼ]/gu, '')
      .replace(/\p{M}/gu, '')
      .replace(FOLDABLE, (letter) => FOLDED_LETTERS[letter] ?? letter)
      .replace(/\P{L}+/gu, ' ')
      .trim()
  );
}
