/** A unique index refused the write (SQLSTATE 23505), here or in what Drizzle wrapped as its cause. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));
