/**
 * The credit amount typed on the users screen (docs/product-rules.md, Users): non-numeric counts as 0, a
 * fraction is cut to its whole part; the caller refuses anything not above 0 before any call.
 */
export function readCreditAmount(value: string): number {
  const amount = Number(value.trim() === '' ? Number.NaN : value);
  return Number.isFinite(amount) ? Math.trunc(amount) : 0;
}
