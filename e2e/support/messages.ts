function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PLACEHOLDER = 987_654_321;

/**
 * A whole-string pattern for a message that takes a number (MESSAGES.forgot.countdown and the like),
 * built from the message itself so the wording is never retyped. The number is captured.
 */
export function numberedMessage(message: (n: number) => string): RegExp {
  const [before, after] = message(PLACEHOLDER).split(String(PLACEHOLDER)).map(escapeRegExp);
  return new RegExp(`^${before}(\\d+)${after}$`);
}

/** The number in a text that matches numberedMessage(message). */
export function numberIn(message: (n: number) => string, text: string | null): number {
  const match = numberedMessage(message).exec(text?.trim() ?? '');
  if (!match?.[1]) throw new Error(`"${text}" does not match ${numberedMessage(message)}`);
  return Number(match[1]);
}
