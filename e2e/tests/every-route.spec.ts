import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import type { Page } from '@playwright/test';
import { createUserWithCli, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { axeScan, settleAnimations } from '../support/axe.ts';
import { baseURL } from '../support/e2e-env.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { createReportOverHttp } from '../support/reports.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

// Every route of the app (packages/shared/src/web-paths.ts), opened the way each kind of visitor meets
// it, at a desktop and a phone width. A visit fails on any console error, failed request or axe
// violation, so a page nobody thought to test cannot quietly break.

const PASSWORD = 'Every-Route-Pass-1';

type Visit = {
  path: string;
  /** Where the visitor ends up when the route sends them on (a guard, a missing link). */
  landsOn?: string;
  heading: string | RegExp;
  /** The document's status when it is not 200: the not-found screen is sent with 404. */
  status?: number;
  /**
   * False where the visit lands on a screen another visit of the same test has scanned already (a
   * guard sending the visitor to /login or /dashboard): axe runs once per distinct screen, the
   * landing, heading and console are still checked on every visit.
   */
  scan?: boolean;
};

const HEADINGS = {
  home: 'Simplify Medical License Management',
  login: 'Sign in to your account',
  signup: 'Create your account',
  forgotPassword: 'Reset your password',
  emailConfirmation: MESSAGES.signup.checkEmail,
  pricing: 'Plans',
  apiDocs: 'API Documentation',
  privacyPolicy: /Privacy Policy/,
  terms: /Terms/,
  contact: 'Contact Us',
  features: 'Features',
  dashboard: 'Medical License Reports',
  newReport: 'Create New Report',
  overview: 'License Information',
  actionNeeded: 'Action needed',
  profile: 'Profile',
  admin: 'Admin Dashboard',
  notFound: MESSAGES.notFound.title,
} as const;

/** The pages anyone may open, as a signed-out visitor sees them. */
const PUBLIC: Visit[] = [
  { path: '/', heading: HEADINGS.home },
  { path: '/login', heading: HEADINGS.login },
  { path: '/signup', heading: HEADINGS.signup },
  { path: '/forgot-password', heading: HEADINGS.forgotPassword },
  { path: '/forgot-password?from=reset', heading: HEADINGS.forgotPassword },
  // Without a reset link the page explains and sends the visitor to ask for one.
  { path: '/reset-password', landsOn: '/forgot-password', heading: HEADINGS.forgotPassword },
  { path: '/email-confirmation', heading: HEADINGS.emailConfirmation },
  { path: '/pricing', heading: HEADINGS.pricing },
  { path: '/pricing?tab=business', heading: HEADINGS.pricing },
  { path: '/api-docs', heading: HEADINGS.apiDocs },
  { path: '/privacy-policy', heading: HEADINGS.privacyPolicy },
  { path: '/terms', heading: HEADINGS.terms },
  { path: '/contact', heading: HEADINGS.contact },
  { path: '/features', heading: HEADINGS.features },
  { path: '/no/such/page', heading: HEADINGS.notFound, status: 404 },
];

/** The public pages whose content changes with a session (the rest change only their header). */
const SHOWS_THE_SESSION = ['/', '/pricing', '/pricing?tab=business', '/api-docs'];

/** The signed-in routes, which send a signed-out visitor to sign in. */
const PROTECTED = [
  '/dashboard',
  '/reports/new',
  '/reports/any-report',
  '/overview',
  '/action-needed',
  '/profile',
  '/organization',
  '/org/webhooks',
  '/org/licenses',
  '/org/import',
  '/compliance',
];
const ADMIN = [
  '/admin',
  '/admin/users',
  '/admin/organizations',
  '/admin/settings',
  '/admin/billing',
  '/admin/board-lists',
  '/admin/audit',
];

test('every route of the app is visited here', () => {
  // The developer's outbox is no product page (docs/operating-interface.md, Dev outbox); a report
  // is visited by its id, and so is a verification (tests/verification.spec.ts, issued and unknown);
  // the unsubscribe page by an emailed link's token (tests/unsubscribe.spec.ts, valid and forged),
  // an invitation by its emailed link (tests/organisations.spec.ts).
  const byId: string[] = [
    PATHS.devOutbox,
    PATHS.reportPattern,
    PATHS.verifyPattern,
    PATHS.unsubscribe,
    PATHS.invitationPattern,
  ];
  const routes = Object.values(PATHS).flatMap((path) =>
    typeof path === 'string' && !byId.includes(path) ? [path] : [],
  );
  const visited = new Set([...PUBLIC.map((v) => v.path), ...PROTECTED, ...ADMIN]);
  expect(routes.filter((path) => !visited.has(path))).toEqual([]);
});

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function axeViolations(page: Page) {
  await settleAnimations(page);
  const { violations } = await axeScan(page);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens each route at the first width and scans it at both: the layout follows the width through
 * CSS, so the narrow scan sees what a phone sees, and a page load costs more than a scan here.
 */
async function visitAll(page: Page, problems: string[], visits: Visit[]) {
  for (const visit of visits) {
    await test.step(visit.path, async () => {
      await page.setViewportSize(WIDTHS[0] as { width: number; height: number });
      const response = await page.goto(visit.path);
      expect(response?.status(), visit.path).toBe(visit.status ?? 200);
      const landsOn = visit.landsOn ?? visit.path.split('?')[0];
      await expect(page, visit.path).toHaveURL((url) => url.pathname === landsOn);
      await expect(page.getByRole('heading', { level: 1, name: visit.heading }), visit.path).toBeVisible();
      for (const viewport of visit.scan === false ? [] : WIDTHS) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `axe on ${visit.path} at ${viewport.width}px`).toEqual([]);
      }
      // What the page is still loading (a poll, a lazy widget) counts too.
      await page.waitForLoadState('networkidle');
      // The browser reports the document's own status as a failed load; that status is the point.
      const own = (problem: string) =>
        visit.status !== undefined &&
        (problem.endsWith(`${visit.status} ${new URL(visit.path, baseURL).href}`) ||
          problem.includes(`status of ${visit.status}`));
      expect(
        problems.filter((problem) => !own(problem)),
        `console errors or failed requests on ${visit.path}`,
      ).toEqual([]);
      problems.length = 0;
    });
  }
}

/** Measured: one visit (load and two scans) takes up to 8 s with both workers busy; twice that. */
const perVisit = (visits: number) => visits * 16_000 + 30_000;

test('signed out: every public page, and the not-found screen', async ({ page }) => {
  test.setTimeout(perVisit(PUBLIC.length));
  const problems = await watchPageProblems(page);
  await visitAll(page, problems, PUBLIC);
});

test('signed out: every signed-in and admin route sends the visitor to sign in', async ({ page }) => {
  // The sign-in screen they land on is scanned on the first (and as a public page by the test above).
  const visits = [...PROTECTED, ...ADMIN].map((path, i) => ({
    path,
    landsOn: '/login',
    heading: HEADINGS.login,
    scan: i === 0,
  }));
  test.setTimeout(perVisit(visits.length));
  const problems = await watchPageProblems(page);
  await visitAll(page, problems, visits);
});

test('signed in: every signed-in page, the public pages, and the admin area closed to a physician', async ({
  page,
}) => {
  const physician = simulatedPhysician({ skip: 7 });
  const visits: Visit[] = [
    { path: '/dashboard', heading: HEADINGS.dashboard },
    { path: '/reports/new', heading: HEADINGS.newReport },
    { path: '/overview', heading: HEADINGS.overview },
    { path: '/action-needed', heading: HEADINGS.actionNeeded },
    { path: '/profile', heading: HEADINGS.profile },
    { path: '/organization', heading: 'Create an organization' },
    { path: '/org/webhooks', heading: 'Webhooks' },
    { path: '/org/licenses', heading: 'All licenses' },
    { path: '/org/import', heading: 'Import a roster' },
    { path: '/compliance', heading: 'Compliance' },
    // The dashboard they are sent back to was scanned at its own visit above.
    ...ADMIN.map((path) => ({ path, landsOn: '/dashboard', heading: HEADINGS.dashboard, scan: false })),
    // A signed-in visitor has nothing to do on the sign-in and sign-up forms.
    { path: '/login', landsOn: '/dashboard', heading: HEADINGS.dashboard, scan: false },
    { path: '/signup', landsOn: '/dashboard', heading: HEADINGS.dashboard, scan: false },
    // Signed in, the public pages that show the session (home's call to action, pricing's current
    // plan, the API console's key) are scanned again; the others differ from their signed-out
    // selves only in the header, which axe reads on /forgot-password.
    ...PUBLIC.filter((v) => !['/login', '/signup', '/reset-password'].includes(v.path)).map((v) => ({
      ...v,
      scan: SHOWS_THE_SESSION.includes(v.path) || v.path === '/forgot-password',
    })),
  ];
  test.setTimeout(perVisit(visits.length + 5) + 30_000);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'every-route', PASSWORD, 'premium');
  const id = await createReportOverHttp(page, physician, `Licenses of ${physician.firstName} ${physician.lastName}`);
  const physicianName = new RegExp(`${physician.firstName}.*${physician.lastName}`);
  await visitAll(page, problems, [{ path: `/reports/${id}`, heading: physicianName }, ...visits]);

  await test.step('the signed-in menus, open', async () => {
    await page.setViewportSize(WIDTHS[0] as { width: number; height: number });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    expect(await axeViolations(page), 'axe with the account menu open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'For Business' }).click();
    await expect(page.getByRole('menuitem', { name: 'API Documentation' })).toBeVisible();
    expect(await axeViolations(page), 'axe with the business menu open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Workspace: / }).click();
    await expect(page.getByRole('menuitemradio', { name: /Personal/ })).toBeVisible();
    expect(await axeViolations(page), 'axe with the workspace menu open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize(WIDTHS[1] as { width: number; height: number });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(await axeViolations(page), 'axe with the mobile menu open').toEqual([]);
    expect(problems).toEqual([]);
  });

  // Last: opening a reset link signs the visitor out first.
  await visitAll(page, problems, [
    { path: '/reset-password', landsOn: '/forgot-password', heading: HEADINGS.forgotPassword },
  ]);
});

test('signed in as an administrator: every admin page', async ({ page }) => {
  const visits = ADMIN.map((path) => ({ path, heading: HEADINGS.admin }));
  test.setTimeout(perVisit(visits.length) + 30_000);
  const problems = await watchPageProblems(page);
  const email = uniqueEmail('every-route-admin');
  await createUserWithCli({ email, password: PASSWORD, name: 'Route Admin', role: 'admin' });
  await signInOverHttp(page.request, email, PASSWORD);
  await visitAll(page, problems, visits);
});
