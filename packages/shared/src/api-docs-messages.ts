// User-visible strings of /api-docs and its try-it console (docs/product-rules.md, API docs).
// The first four are the documented wording; the rest are ours. Kept apart from messages.ts,
// which ships with every first paint (docs/budgets.md, Web app: the home route's JS budget).
export const API_DOCS_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  success: 'Request successful!',
  tryIt: 'Try It!',
  sending: 'Sending...',
  /** The key field's placeholder while a signed-in user's key is on its way. */
  loadingKey: 'Loading your key…',
  /** The label over a successful answer: '200 - Success'. */
  successLabel: (status: number) => `${status} - Success`,
  codeCopied: 'Code sample copied to clipboard',
  codeCopyFailed: 'Failed to copy code sample',
  retryAfter: (seconds: string) => `Try again in ${seconds} seconds.`,
} as const;

/** The "Verifying webhooks" section of /api-docs (ADR 021); its code samples are webhook-verify-samples.ts. */
export const WEBHOOK_DOCS_MESSAGES = {
  eventsHeading: 'Events',
  eventsIntro:
    'Each event is POSTed as {id, type, created_at, data} to the endpoints subscribed to it, and answered in order by GET /api/v2/events?after=<cursor> (kept 30 days) for systems that cannot receive webhooks. Every event with its schema is in the AsyncAPI document.',
  asyncApiLink: 'AsyncAPI document (/api/asyncapi.json)',
  exampleLabel: (type: string) => `Example ${type} event`,
  heading: 'Verifying webhooks',
  intro:
    "Webhooks POST a JSON event to your HTTPS endpoint when a tracked license changes status, gains a discipline, is renewed or no longer published, nears expiry (on the workspace notice days: by default 90, 60, 30, 14, 7 and 3 days before and on the day) or has expired (by default 3 days after; each workspace sets both), is found for a report, is due to be verified by hand again (30 days after the last check), when a report finishes updating, or when a report's board could not be read at its check (source.unavailable: once each time the state turns unavailable, with the boards and why in plain words). Organization owners and admins add endpoints on the Webhooks page. Answer with any 2xx within 10 seconds; anything else is retried with backoff (1 minute, doubling up to an hour) for 24 hours.",
  headersHeading: 'Headers',
  headers: [
    [
      'LicenseWatch-Signature',
      't=<unix seconds>,v1=<hex HMAC-SHA256>; two v1 values for 24 hours after a secret rotation',
    ],
    [
      'LicenseWatch-Event',
      'license.status_changed, license.discipline_added, license.renewed, license.removed, license.expiring, license.expired, license.found, license.verification_due, report.updated, exclusion.added, exclusion.reinstated, source.unavailable or webhook.test',
    ],
    ['LicenseWatch-Delivery', 'The delivery id (a retry keeps it; a replay gets a new one)'],
  ] as const,
  recipeHeading: 'Checking a signature',
  recipe: [
    'Read the raw request body, before any JSON parsing: the signature covers its exact bytes.',
    'Split the LicenseWatch-Signature header on commas into t and one or more v1 values.',
    'Reject the request if t is more than 5 minutes away from now (a replayed request).',
    'Compute HMAC-SHA256 with your endpoint secret (the whole whsec_… string) over the text t, a dot, then the raw body ("<t>.<body>"), as hex.',
    'Accept if it equals any v1 value, compared in constant time; otherwise answer 400.',
    'Events carry an id that stays the same on retries and replays: skip one you have already handled.',
  ],
  nodeLabel: 'Node.js',
  pythonLabel: 'Python',
} as const;
