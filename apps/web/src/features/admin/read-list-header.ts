import { BOARD_LIST_DELIMITERS, type BoardListDelimiter } from '@licensewatch/shared/board-lists';

export type ListHeader = {
  delimiter: BoardListDelimiter;
  /** The header's cells, as the file writes them. */
  columns: string[];
  /** The header's first cell when lines above it come first (a title, a date); undefined when it is line 1. */
  startsWith: string | undefined;
};

/** Splits one line into cells, honouring double quotes ('"Smith, Jr",John'). */
export function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quoted) {
      if (ch === '"' && line.charAt(i + 1) === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * The header of a list from its first lines: the separator that splits some line into the most
 * cells (tab, pipe, then comma), and the first line with at least three named cells under it. A
 * preview for the form to map columns from; the server reads the file itself.
 */
export function readListHeader(text: string): ListHeader | null {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(0, 20)
    .filter((l) => l.trim() !== '');
  let best: { delimiter: BoardListDelimiter; cells: number } | null = null;
  for (const delimiter of ['tab', 'pipe', 'comma'] as const) {
    const cells = Math.max(0, ...lines.map((l) => splitLine(l, BOARD_LIST_DELIMITERS[delimiter]).length));
    if (cells >= 3 && (!best || cells > best.cells)) best = { delimiter, cells };
  }
  if (!best) return null;
  const separator = BOARD_LIST_DELIMITERS[best.delimiter];
  const index = lines.findIndex((l) => splitLine(l, separator).filter((c) => c !== '').length >= 3);
  if (index < 0) return null;
  const columns = splitLine(lines[index] as string, separator).filter((c) => c !== '');
  return { delimiter: best.delimiter, columns, startsWith: index === 0 ? undefined : columns[0] };
}
