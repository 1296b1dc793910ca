// Imports nothing: the report page reads the intervals and their words without zod.

/**
 * How often the daily refresh checks a report again (docs/product-rules.md, Check interval; ADR
 * 045). Daily is what every report had before there was a choice, and stays the default.
 */
export const CHECK_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type CheckInterval = (typeof CHECK_INTERVALS)[number];

export const DEFAULT_CHECK_INTERVAL: CheckInterval = 'daily';

/** The words of each interval, as the report page's select shows them. */
export const CHECK_INTERVAL_LABELS: Record<CheckInterval, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const CHECK_INTERVAL_MESSAGES = {
  // After the field's name ("check_interval: …"), as validation errors are told.
  invalid: 'Choose daily, weekly or monthly',
  saved: (interval: CheckInterval) => `Check interval set to ${CHECK_INTERVAL_LABELS[interval].toLowerCase()}.`,
} as const;
