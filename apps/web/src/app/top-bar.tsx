import { BRAND } from '@licensewatch/shared/brand';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { LogoMark } from '../components/ui/logo';
import { isAdmin, useMe } from '../features/auth/api/get-me';
import { PATHS } from '../lib/paths';
import { BusinessMenu } from './business-menu';
import { CreditCounters } from './credit-counters';
import { MobileMenu } from './mobile-menu';
import { UserMenu } from './user-menu';

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ' +
  'aria-[current=page]:text-teal-800 aria-[current=page]:bg-teal-50';

export function TopBar() {
  const me = useMe();
  const user = me.data ?? null;

  return (
    <div className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={PATHS.home}
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900"
        >
          <LogoMark />
          <span>{BRAND.name}</span>
        </Link>

        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {user ? (
            <>
              {isAdmin(user) ? (
                <NavLink to={PATHS.admin} className={navLinkClass}>
                  Admin
                </NavLink>
              ) : null}
              <NavLink to={PATHS.dashboard} className={navLinkClass}>
                Dashboard
              </NavLink>
              <NavLink to={PATHS.overview} className={navLinkClass}>
                Overview
              </NavLink>
              <BusinessMenu />
              <CreditCounters compact className="mx-2" />
              <UserMenu me={user} />
            </>
          ) : me.isPending ? null : (
            <>
              <NavLink to={PATHS.login} className={navLinkClass}>
                Sign In
              </NavLink>
              <Link to={PATHS.signup} className={buttonClasses('primary', 'md', 'ml-2')}>
                Sign Up
              </Link>
            </>
          )}
        </nav>

        <MobileMenu me={user} pending={me.isPending} />
      </div>
    </div>
  );
}
