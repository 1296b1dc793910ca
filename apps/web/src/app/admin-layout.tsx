import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button, buttonClasses } from '../components/ui/button';
import { useSignOut } from '../features/accounts/api/sign-out';
import { TWO_FACTOR_ANCHOR } from '../features/accounts/two-factor-anchor';
import { cn } from '../lib/cn';
import { useBrandName } from '../session/get-app-settings';
import { useMe } from '../session/get-me';

const links = [
  { to: PATHS.admin, label: 'Dashboard', end: true },
  { to: PATHS.adminBilling, label: 'Billing', end: false },
  { to: PATHS.adminUsers, label: 'Users', end: false },
  { to: PATHS.adminOrganisations, label: 'Organizations', end: false },
  { to: PATHS.adminBoardLists, label: 'Board lists', end: false },
  { to: PATHS.adminAudit, label: 'Audit log', end: false },
  { to: PATHS.adminSettings, label: 'Settings', end: false },
];

export function AdminLayout() {
  const me = useMe();
  const brandName = useBrandName();
  const displayName = me.data?.user_metadata.full_name || me.data?.email || '';
  // Every admin route answers 403 TWO_FACTOR_REQUIRED without it (ADR 038): say so instead of pages that would fail.
  if (me.data && !me.data.two_factor_enabled) return <TwoFactorRequired brandName={brandName} />;
  // On, but this session never passed it (Google, or signed in before it was turned on): the routes refuse it too.
  if (me.data && !me.data.second_factor) return <SignInWithSecondFactor brandName={brandName} />;

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] bg-slate-50">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white md:block" aria-label="Admin">
        <div className="sticky top-16 p-6">
          <p className="text-lg font-bold text-slate-900">{`${brandName} Admin`}</p>
          <nav aria-label="Admin sections" className="mt-6">
            <ul className="space-y-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-2 text-sm font-medium',
                        isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="border-b border-slate-200 bg-white px-4 py-5 sm:px-8">
          <h1 className="text-xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-800">{displayName}</span>
          </p>
          {/* The sidebar is hidden on small screens; these tabs keep every section reachable there. */}
          <nav aria-label="Admin sections (compact)" className="-mb-5 mt-4 flex gap-1 overflow-x-auto md:hidden">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    'border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                    isActive ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-600',
                  )
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="px-4 py-8 sm:px-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** In place of the admin pages: what keeps this administrator out, and the one thing to do about it. */
function AdminNotice({ brandName, message, action }: { brandName: string; message: string; action: ReactNode }) {
  return (
    <div className="min-h-[calc(100dvh-4rem)] bg-slate-50 px-4 py-10 sm:px-8">
      <div className="mx-auto max-w-xl">
        <h1 className="text-xl font-bold text-slate-900">{`${brandName} Admin`}</h1>
        <Alert tone="warning" className="mt-4">
          {message}
        </Alert>
        <div className="mt-4">{action}</div>
      </div>
    </div>
  );
}

function TwoFactorRequired({ brandName }: { brandName: string }) {
  return (
    <AdminNotice
      brandName={brandName}
      message={MESSAGES.twoFactor.adminRequired}
      action={
        <Link to={`${PATHS.profile}#${TWO_FACTOR_ANCHOR}`} className={buttonClasses('primary', 'md')}>
          {MESSAGES.twoFactor.adminRequiredLink}
        </Link>
      }
    />
  );
}

function SignInWithSecondFactor({ brandName }: { brandName: string }) {
  const signOut = useSignOut();
  return (
    <AdminNotice
      brandName={brandName}
      message={MESSAGES.twoFactor.adminSignInAgain}
      action={
        <Button pending={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign out
        </Button>
      }
    />
  );
}
