import { PATHS } from '@licensewatch/shared/web-paths';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { LogoMark } from '../components/ui/logo';
import { useAppSettings } from '../session/get-app-settings';
import { useMe } from '../session/get-me';
import { MobileMenu } from './mobile-menu';
import { navLinkClass } from './nav-styles';

// Signed-out visitors (the home page's audience) never download the account menus.
const SignedInNav = lazy(async () => ({ default: (await import('./signed-in-nav')).SignedInNav }));

export function TopBar() {
  const me = useMe();
  const user = me.data ?? null;
  const settings = useAppSettings();

  return (
    <div className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={PATHS.home}
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900"
        >
          <LogoMark />
          {/* Between md and lg the signed-in links need the room; the mark alone still names the link. */}
          <span className="md:max-lg:sr-only">{settings.application_name}</span>
        </Link>

        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {user ? (
            <Suspense fallback={null}>
              <SignedInNav me={user} />
            </Suspense>
          ) : me.isPending ? null : (
            <>
              <NavLink to={PATHS.login} className={navLinkClass}>
                Sign In
              </NavLink>
              {settings.user_registration_enabled ? (
                <Link to={PATHS.signup} className={buttonClasses('primary', 'md', 'ml-2')}>
                  Sign Up
                </Link>
              ) : null}
            </>
          )}
        </nav>

        <MobileMenu me={user} pending={me.isPending} />
      </div>
    </div>
  );
}
