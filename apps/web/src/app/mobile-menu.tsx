import type { Me } from '@licensewatch/shared/auth';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { isAdmin } from '../features/auth/api/get-me';
import { useSignOut } from '../features/auth/api/sign-out';
import { PATHS } from '../lib/paths';
import { CreditCounters } from './credit-counters';

const itemClass =
  'block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 ' +
  'aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-800';

type MobileMenuProps = { me: Me | null; pending: boolean };

/** The top bar's links for narrow screens: a disclosure (not a modal), so the page stays reachable. */
export function MobileMenu({ me, pending }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const signOut = useSignOut();

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
    <div className="ml-auto md:hidden">
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
          <>
            <ul className="space-y-1">
              {isAdmin(me) ? (
                <li>
                  <NavLink to={PATHS.admin} className={itemClass}>
                    Admin
                  </NavLink>
                </li>
              ) : null}
              <li>
                <NavLink to={PATHS.dashboard} className={itemClass}>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to={PATHS.overview} className={itemClass}>
                  Overview
                </NavLink>
              </li>
            </ul>
            <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">For Business</p>
            <ul className="mt-1 space-y-1">
              <li>
                <Link to={PATHS.apiDocs} className={itemClass}>
                  API Documentation
                </Link>
              </li>
              <li>
                <Link to={PATHS.businessPricing} className={itemClass}>
                  Business Plans
                </Link>
              </li>
            </ul>
            <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Credits</p>
            <CreditCounters className="mt-2 flex-wrap px-3" />
            <div className="mt-4 border-t border-slate-200 pt-4">
              <p className="truncate px-3 text-sm text-slate-500">{me.email}</p>
              <ul className="mt-2 space-y-1">
                {isAdmin(me) ? (
                  <li>
                    <NavLink to={PATHS.admin} end className={itemClass}>
                      Admin Dashboard
                    </NavLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to={PATHS.profile} className={itemClass}>
                    Profile
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className={`${itemClass} w-full text-left`}
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate()}
                  >
                    Sign Out
                  </button>
                </li>
              </ul>
            </div>
          </>
        ) : pending ? null : (
          <div className="flex flex-col gap-2 pt-2">
            <Link to={PATHS.login} className={buttonClasses('secondary', 'lg')}>
              Sign In
            </Link>
            <Link to={PATHS.signup} className={buttonClasses('primary', 'lg')}>
              Sign Up
            </Link>
          </div>
        )}
      </nav>
    </div>
  );
}
