import type { Me } from '@licensewatch/shared/accounts';
import { PATHS } from '@licensewatch/shared/web-paths';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useRegistrationOpen } from '../session/get-app-settings';

// Signed-out visitors (the public pages' audience) never download the account links.
const MobileAccountLinks = lazy(async () => ({
  default: (await import('./mobile-account-links')).MobileAccountLinks,
}));

const ActionNeededLink = lazy(async () => ({
  default: (await import('../features/reports/components/action-needed-link')).ActionNeededLink,
}));

type MobileMenuProps = { me: Me | null; pending: boolean };

/** The top bar's links for narrow screens: a disclosure (not a modal), so the page stays reachable. */
export function MobileMenu({ me, pending }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const registrationOpen = useRegistrationOpen();

  // A followed link changes the location: the menu has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only, by design
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="ml-auto flex items-center gap-1 md:hidden">
      {me ? (
        <Suspense fallback={null}>
          <ActionNeededLink />
        </Suspense>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
          )}
        </svg>
      </button>

      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
      >
        {me ? (
          <Suspense fallback={null}>
            <MobileAccountLinks me={me} />
          </Suspense>
        ) : pending ? null : (
          <div className="flex flex-col gap-2 pt-2">
            <Link to={PATHS.login} className={buttonClasses('secondary', 'lg')}>
              Sign In
            </Link>
            {registrationOpen ? (
              <Link to={PATHS.signup} className={buttonClasses('primary', 'lg')}>
                Sign Up
              </Link>
            ) : null}
          </div>
        )}
      </nav>
    </div>
  );
}
