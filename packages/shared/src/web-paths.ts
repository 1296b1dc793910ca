// The web app's route paths in one place, so links, guards and the server's not-found answer
// cannot drift apart (the server answers 404 for a path that is none of these).
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
  /** Every open item of the active workspace that waits for someone to act. */
  actionNeeded: '/action-needed',
  /** Public: confirms what a verification document said (the server prints this URL in the PDF). */
  verify: (id: string) => `/verify/${encodeURIComponent(id)}`,
  /** The route pattern of `verify(id)`. */
  verifyPattern: '/verify/:id',
  admin: '/admin',
  adminBilling: '/admin/billing',
  adminUsers: '/admin/users',
  adminOrganisations: '/admin/organizations',
  adminSettings: '/admin/settings',
  adminBoardLists: '/admin/board-lists',
  adminAudit: '/admin/audit',
  /** The active organisation's members and invitations, or creating one. */
  organisation: '/organization',
  /** Roster import into the active workspace (docs/data-flows.md, Roster import). */
  rosterImport: '/org/import',
  /** Public: an invitation link (`?token=`, signed by the server). */
  invitationPattern: '/invitations/:id',
  /** An invitation link; `join`: accept it on arrival (after signing up from it, ADR 037). */
  invitation: (id: string, token: string, join = false) =>
    `/invitations/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}${join ? '&join=1' : ''}`,
  /** The acting workspace's webhook endpoints and delivery logs (owner and admins). */
  webhooks: '/org/webhooks',
  devOutbox: '/dev/outbox',
  /** Every tracked license of the active workspace (`?status&state&expiring_within&physician&sort&order&page`). */
  roster: '/org/licenses',
  /** The acting workspace's monthly compliance record (owner and admins). */
  compliance: '/compliance',
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

/**
 * Every page pattern the web router serves (`:name` matches one path segment). The server answers
 * a GET for anything else with the app's not-found screen and status 404; apps/web's router test
 * holds the router to this list.
 */
export const WEB_PAGE_PATTERNS: readonly string[] = [
  PATHS.home,
  PATHS.login,
  PATHS.signup,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.emailConfirmation,
  PATHS.pricing,
  PATHS.apiDocs,
  PATHS.privacyPolicy,
  PATHS.terms,
  PATHS.contact,
  PATHS.features,
  PATHS.verifyPattern,
  PATHS.unsubscribe,
  PATHS.invitationPattern,
  PATHS.devOutbox,
  PATHS.dashboard,
  PATHS.newReport,
  PATHS.reportPattern,
  PATHS.overview,
  PATHS.actionNeeded,
  PATHS.profile,
  PATHS.roster,
  PATHS.compliance,
  PATHS.organisation,
  PATHS.webhooks,
  PATHS.rosterImport,
  PATHS.admin,
  PATHS.adminBilling,
  PATHS.adminUsers,
  PATHS.adminOrganisations,
  PATHS.adminBoardLists,
  PATHS.adminAudit,
  PATHS.adminSettings,
];

/**
 * Paths people guess or remember from other sites, and the page each means: the server answers
 * them with a permanent redirect, the router with the same move for a link inside the app.
 */
export const PATH_ALIASES: Readonly<Record<string, string>> = {
  '/home': PATHS.home,
  '/privacy': PATHS.privacyPolicy,
  '/privacy-notice': PATHS.privacyPolicy,
  '/tos': PATHS.terms,
  '/terms-of-service': PATHS.terms,
  '/terms-and-conditions': PATHS.terms,
  '/signin': PATHS.login,
  '/sign-in': PATHS.login,
  '/log-in': PATHS.login,
  '/register': PATHS.signup,
  '/sign-up': PATHS.signup,
  '/plans': PATHS.pricing,
  '/docs': PATHS.apiDocs,
  '/api-documentation': PATHS.apiDocs,
  '/contact-us': PATHS.contact,
  '/support': PATHS.contact,
  '/reports': PATHS.dashboard,
  '/settings': PATHS.profile,
  '/account': PATHS.profile,
  '/organisation': PATHS.organisation,
};

/** The pathname without one trailing slash (`/login/` is `/login`; `/` stays). */
function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Whether a pathname is one of the app's pages (WEB_PAGE_PATTERNS), as the router would match it. */
export function isWebPage(pathname: string): boolean {
  const segments = trimSlash(pathname).split('/');
  return WEB_PAGE_PATTERNS.some((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => {
        const segment = segments[i] ?? '';
        return part.startsWith(':') ? segment.length > 0 : part.toLowerCase() === segment.toLowerCase();
      })
    );
  });
}

/** The invitation a same-site path opens (`/invitations/{id}?token=`), or null. */
export function invitationIn(path: string | null): { id: string; token: string } | null {
  if (!path) return null;
  // Read by hand: this package runs where neither URL nor URLSearchParams is typed (no DOM lib).
  const [pathname = '', query = ''] = path.split('#', 1)[0]?.split('?', 2) ?? [];
  const id = /^\/invitations\/([^/]+)$/.exec(pathname)?.[1];
  const raw = /(?:^|&)token=([^&]*)/.exec(query)?.[1];
  if (!id || !raw) return null;
  try {
    return { id, token: decodeURIComponent(raw.replace(/\+/g, ' ')) };
  } catch {
    return null;
  }
}

/** Where an alias sends the visitor (PATH_ALIASES), or null for a path that is not one. */
export function aliasTarget(pathname: string): string | null {
  return PATH_ALIASES[trimSlash(pathname).toLowerCase()] ?? null;
}
