const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * 'DD-Mon-YYYY' ('05-Mar-2027', as Idaho's app shows dates: PSV lists that form first for it) as an
 * ISO date; undefined for any other text, which the shared formats then read (record-fields.ts).
 */
export function parseMonthNameDate(text: string): string | undefined {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [, day, name, year] = match as unknown as [string, string, string, string];
  const month = MONTHS.indexOf(name.toLowerCase()) + 1;
  if (month === 0) return undefined;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  // A day the month lacks ('31-Feb-2027') is not a date: Date rolls it over, so compare back.
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}
