import type { WebhookDeliveryStatus, WebhookEvent } from './webhooks.ts';

/** Every user-visible string of the webhooks page and API (ADR 021). */
export const WEBHOOKS_MESSAGES = {
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  urlRefused: (reason: string) =>
    reason === 'not https'
      ? 'Use an https:// URL.'
      : reason === 'private address'
        ? 'That URL points at a private or local address, which webhooks may not reach.'
        : reason === 'credentials in the URL'
          ? 'Leave user name and password out of the URL.'
          : reason === 'host not found'
            ? 'That host name does not resolve.'
            : 'That is not a valid URL.',
  title: 'Webhooks',
  intro:
    'Send license and report events to your own systems. Each request is signed with your endpoint\u2019s secret; see “Verifying webhooks” in the API docs.',
  docsLink: 'How to verify a webhook',
  loading: 'Loading webhooks…',
  loadFailed: 'Webhooks could not be loaded.',
  retry: 'Try again',
  empty: 'No endpoints yet. Add one to start receiving events.',
  addHeading: 'Add an endpoint',
  urlLabel: 'Endpoint URL',
  urlHint: 'https:// only. We POST JSON and follow no redirects.',
  descriptionLabel: 'Description (optional)',
  eventsLegend: 'Events',
  eventsRequired: 'Pick at least one event.',
  add: 'Add endpoint',
  adding: 'Adding…',
  added: 'Endpoint added',
  secretHeading: 'Signing secret',
  secretWarning: 'Copy this secret now: it will not be shown again. Store it where your receiver can read it.',
  copy: 'Copy secret',
  copied: 'Copied',
  dismissSecret: 'I have stored it',
  rotate: 'Rotate secret',
  rotateConfirm:
    'Make a new signing secret? The current one keeps signing beside it for 24 hours, time to update your receiver.',
  rotated: 'New secret made; the previous one signs too for 24 hours',
  enable: 'Turn on',
  disable: 'Turn off',
  enabled: 'Endpoint turned on',
  disabled: 'Endpoint turned off',
  remove: 'Delete',
  removeConfirm: (url: string) => `Delete the endpoint ${url} and its delivery log? This cannot be undone.`,
  removed: 'Endpoint deleted',
  sendTest: 'Send test event',
  testSent: 'Test event queued',
  deliveries: 'Delivery log',
  deliveriesFor: (url: string) => `Delivery log for ${url}`,
  showDeliveries: 'Show deliveries',
  hideDeliveries: 'Hide deliveries',
  noDeliveries: 'No deliveries yet.',
  deliveriesLoading: 'Loading deliveries…',
  replay: 'Replay',
  replayed: 'Delivery queued again',
  refresh: 'Refresh',
  previous: 'Previous',
  next: 'Next',
  statusActive: 'Active',
  statusFailing: (since: string) => `Failing since ${since}`,
  statusDisabled: 'Disabled',
  statusDisabledFailing: 'Disabled after 3 days of failures',
  columns: {
    event: 'Event',
    time: 'Time',
    response: 'Response',
    latency: 'Latency',
    attempts: 'Attempts',
    status: 'Status',
    actions: 'Actions',
  },
  managersOnly: 'Only the owner and admins of this organization manage its webhooks.',
  eventLabels: {
    'license.status_changed': 'License status changed',
    'license.expiring':
      'License expiring (on the notice days: 90, 60, 30, 14, 7, 3 days before and on the day, unless changed)',
    'license.found': 'License found for a report',
    'report.updated': 'Report update finished',
    'exclusion.added': 'Physician matched on an exclusion list (LEIE, SAM)',
    'exclusion.reinstated': 'Exclusion ended (reinstated)',
    'license.verification_due': 'License verified by hand is due to be verified again (30 days after)',
    'license.discipline_added': 'Discipline published for a license',
    'license.renewed': 'License renewed (its expiry date moved later)',
    'license.removed': 'License no longer published by its board',
    'license.expired': 'License expired (3 days after its expiry date, not renewed, unless changed)',
    'source.unavailable': "A report's board could not be read at its check (once, until it reads again)",
  } satisfies Record<WebhookEvent, string>,
  deliveryStatusLabels: {
    pending: 'Pending',
    sending: 'Sending',
    delivered: 'Delivered',
    failed: 'Retrying',
    dead: 'Gave up',
  } satisfies Record<WebhookDeliveryStatus, string>,
};
