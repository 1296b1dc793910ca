/**
 * An ILIKE/LIKE pattern matching `text` anywhere: `%`, `_` and `\` typed into a search box are
 * text, not patterns (PostgreSQL's default escape character is the backslash).
 */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
