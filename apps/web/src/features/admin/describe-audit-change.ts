/** A before/after value in words: `true`, `5`, `"text"` as text; nothing as a dash. */
function show(value: unknown): string {
  if (value === undefined || value === null) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What changed, one `field: before → after` line per field of either side. */
export function describeAuditChange(before: unknown, after: unknown): string[] {
  const asRecord = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v == null ? {} : { value: v };
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) =>
    key in a
      ? `${key.replaceAll('_', ' ')}: ${show(b[key])} → ${show(a[key])}`
      : `${key.replaceAll('_', ' ')}: ${show(b[key])}`,
  );
}
