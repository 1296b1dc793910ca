// Route paths in one place so links and guards cannot drift apart.
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailConfirmation: '/email-confirmation',
  pricing: '/pricing',
  businessPricing: '/pricing?tab=business',
  apiDocs: '/api-docs',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  contact: '/contact',
  features: '/features',
  profile: '/profile',
  dashboard: '/dashboard',
  newReport: '/reports/new',
  report: (id: string) => `/reports/${encodeURIComponent(id)}`,
  /** The route pattern of `report(id)`. */
  reportPattern: '/reports/:id',
  overview: '/overview',
  /** Public: confirms what a verification document said (the server prints this URL in the PDF). */
  verify: (id: string) => `/verify/${encodeURIComponent(id)}`,
  /** The route pattern of `verify(id)`. */
  verifyPattern: '/verify/:id',
  admin: '/admin',
  adminBilling: '/admin/billing',
  adminUsers: '/admin/users',
  adminSettings: '/admin/settings',
  adminBoardLists: '/admin/board-lists',
  /** The active organisation's members and invitations, or creating one. */
  organisation: '/organization',
  /** Roster import into the active workspace (docs/data-flows.md, Roster import). */
  rosterImport: '/org/import',
  /** Public: an invitation link (`?token=`, signed by the server). */
  invitationPattern: '/invitations/:id',
  /** The acting workspace's webhook endpoints and delivery logs (owner and admins). */
  webhooks: '/org/webhooks',
  devOutbox: '/dev/outbox',
  /** Every tracked license of the active workspace (`?status&state&expiring_within&physician&sort&order&page`). */
  roster: '/org/licenses',
  /** Public: the page an alert email's unsubscribe link opens (`?token=`, signed by the server). */
  unsubscribe: '/unsubscribe',
} as const;

/**
 * Only same-site paths are honoured as a post-login destination; anything else
 * (absolute URLs, protocol-relative "//host") would be an open redirect.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
