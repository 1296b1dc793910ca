/** Cents as dollars: whole dollars without cents, others with two decimals ($1,000 / $12.50). */
export function formatMoney(cents: number | null, currency: string | null = 'usd'): string {
  if (cents === null) return '-';
  const amount = cents / 100;
  const text = amount.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return !currency || currency.toLowerCase() === 'usd' ? `$${text}` : `${text} ${currency.toUpperCase()}`;
}
