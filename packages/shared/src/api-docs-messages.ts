// User-visible strings of /api-docs and its try-it console (docs/product-rules.md, API docs).
// The first four are the spec's exact wording; the rest are ours. Kept apart from messages.ts,
// which ships with every first paint (docs/budgets.md, Web app: the home route's JS budget).
export const API_DOCS_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  success: 'Request successful!',
  tryIt: 'Try It!',
  sending: 'Sending...',
  /** The label over a successful answer: '200 - Success'. */
  successLabel: (status: number) => `${status} - Success`,
  codeCopied: 'Code sample copied to clipboard',
  codeCopyFailed: 'Failed to copy code sample',
  retryAfter: (seconds: string) => `Try again in ${seconds} seconds.`,
} as const;
