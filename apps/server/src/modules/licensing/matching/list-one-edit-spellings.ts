const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every lower-case spelling one keystroke from `word` (a letter changed, dropped, added, or two
 * neighbours swapped), the word itself included: a few hundred index probes for a short surname,
 * far cheaper than scanning for them.
 */
export function listOneEditSpellings(word: string): string[] {
  const spellings = new Set<string>([word]);
  for (let at = 0; at <= word.length; at++) {
    const before = word.slice(0, at);
    const after = word.slice(at);
    for (const letter of LETTERS) spellings.add(before + letter + after);
    if (at < word.length) {
      spellings.add(before + word.slice(at + 1));
      for (const letter of LETTERS) spellings.add(before + letter + word.slice(at + 1));
    }
    if (at + 1 < word.length) spellings.add(before + word[at + 1] + word[at] + word.slice(at + 2));
  }
  return [...spellings];
}
