import { PATH_ALIASES, PATHS } from '@licensewatch/shared/web-paths';
import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { RootErrorPage, RouteErrorBoundary } from './route-error-boundary';

/**
 * A route's screen: the component `name` of a module loaded on the route's first visit. The
 * import stays written out at each route so the bundler makes each screen its own chunk.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

// Every screen is its own chunk so the home page ships only the shell and itself. The browser
// (main.tsx) and the build's prerender (render-page.tsx) route with the same table.
export const routes: RouteObject[] = [
  {
    path: PATHS.home,
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    HydrateFallback: () => <PageSpinner />,
    children: [
      {
        index: true,
        lazy: screen(() => import('../features/marketing/components/home-page'), 'HomePage'),
      },
      {
        element: <GuestOnly />,
        children: [
          {
            path: PATHS.login,
            lazy: screen(() => import('../features/accounts/components/login-page'), 'LoginPage'),
          },
          {
            path: PATHS.signup,
            lazy: screen(() => import('../features/accounts/components/signup-page'), 'SignupPage'),
          },
        ],
      },
      {
        path: PATHS.forgotPassword,
        lazy: screen(() => import('../features/accounts/components/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: PATHS.resetPassword,
        lazy: screen(() => import('../features/accounts/components/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: PATHS.emailConfirmation,
        lazy: screen(() => import('../features/accounts/components/email-confirmation-page'), 'EmailConfirmationPage'),
      },
      {
        path: PATHS.pricing,
        lazy: screen(() => import('../features/billing/components/pricing-page'), 'PricingPage'),
      },
      {
        path: PATHS.apiDocs,
        lazy: screen(() => import('../features/api-docs/components/api-docs-page'), 'ApiDocsPage'),
      },
      {
        path: PATHS.privacyPolicy,
        lazy: screen(() => import('../features/marketing/components/privacy-policy-page'), 'PrivacyPolicyPage'),
      },
      {
        path: PATHS.terms,
        lazy: screen(() => import('../features/marketing/components/terms-page'), 'TermsPage'),
      },
      {
        path: PATHS.contact,
        lazy: screen(() => import('../features/contact/components/contact-page'), 'ContactPage'),
      },
      {
        path: PATHS.features,
        lazy: screen(() => import('../features/marketing/components/features-page'), 'FeaturesPage'),
      },
      {
        path: PATHS.verifyPattern,
        lazy: screen(() => import('../features/reports/components/verify-page'), 'VerifyPage'),
      },
      {
        path: PATHS.unsubscribe,
        lazy: screen(() => import('../features/alerts/components/unsubscribe-page'), 'UnsubscribePage'),
      },
      {
        path: PATHS.invitationPattern,
        lazy: screen(() => import('../features/organisations/components/invitation-page'), 'InvitationPage'),
      },
      {
        // Routed in every build: the page itself explains when the server has no outbox (production).
        path: PATHS.devOutbox,
        lazy: screen(() => import('../features/dev-outbox/components/outbox-page'), 'OutboxPage'),
      },
      {
        element: <RequireAuth />,
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            lazy: screen(() => import('./credentials-gate'), 'CredentialsGate'),
            children: [
              {
                path: PATHS.dashboard,
                lazy: screen(() => import('./dashboard-screen'), 'DashboardScreen'),
              },
              {
                path: PATHS.newReport,
                lazy: screen(() => import('../features/reports/components/create-report-page'), 'CreateReportPage'),
              },
              {
                path: PATHS.reportPattern,
                lazy: screen(() => import('./report-detail-screen'), 'ReportDetailScreen'),
              },
              {
                path: PATHS.overview,
                lazy: screen(() => import('../features/accounts/components/overview-page'), 'OverviewPage'),
              },
              {
                path: PATHS.actionNeeded,
                lazy: screen(() => import('../features/reports/components/action-needed-page'), 'ActionNeededPage'),
              },
              {
                path: PATHS.profile,
                lazy: screen(() => import('./profile-screen'), 'ProfileScreen'),
              },
              {
                path: PATHS.roster,
                lazy: screen(() => import('../features/reports/components/roster-page'), 'RosterPage'),
              },
              {
                path: PATHS.compliance,
                lazy: screen(() => import('../features/compliance/components/compliance-page'), 'CompliancePage'),
              },
              {
                path: PATHS.organisation,
                lazy: screen(() => import('./organisation-screen'), 'OrganisationScreen'),
              },
              {
                path: PATHS.webhooks,
                lazy: screen(() => import('../features/webhooks/components/webhooks-page'), 'WebhooksPage'),
              },
              {
                path: PATHS.rosterImport,
                lazy: screen(
                  () => import('../features/roster-import/components/roster-import-page'),
                  'RosterImportPage',
                ),
              },
            ],
          },
          {
            path: PATHS.admin,
            element: <RequireAdmin />,
            children: [
              {
                lazy: screen(() => import('./admin-layout'), 'AdminLayout'),
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/admin/components/admin-dashboard-page'),
                      'AdminDashboardPage',
                    ),
                  },
                  {
                    path: PATHS.adminBilling,
                    lazy: screen(() => import('../features/admin/components/admin-billing-page'), 'AdminBillingPage'),
                  },
                  {
                    path: PATHS.adminUsers,
                    lazy: screen(() => import('../features/admin/components/admin-users-page'), 'AdminUsersPage'),
                  },
                  {
                    path: PATHS.adminOrganisations,
                    lazy: screen(
                      () => import('../features/admin/components/admin-organisations-page'),
                      'AdminOrganisationsPage',
                    ),
                  },
                  {
                    path: PATHS.adminBoardLists,
                    lazy: screen(
                      () => import('../features/admin/components/admin-board-lists-page'),
                      'AdminBoardListsPage',
                    ),
                  },
                  {
                    path: PATHS.adminAudit,
                    lazy: screen(() => import('../features/admin/components/admin-audit-page'), 'AdminAuditPage'),
                  },
                  {
                    path: PATHS.adminSettings,
                    lazy: screen(() => import('../features/admin/components/admin-settings-page'), 'AdminSettingsPage'),
                  },
                ],
              },
            ],
          },
        ],
      },
      // A guessed path (/privacy) moves to its page; the server answers the same with a 301.
      ...Object.entries(PATH_ALIASES).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
      {
        path: '*',
        lazy: screen(() => import('./not-found-page'), 'NotFoundPage'),
      },
    ],
  },
];

/**
 * Loads the screens a location matches and puts them on their routes, so the router starts with
 * everything it renders: hydrating prerendered HTML must render that HTML, not a loading fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
