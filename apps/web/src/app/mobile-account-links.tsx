import type { Me } from '@licensewatch/shared/accounts';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Link, NavLink } from 'react-router';
import { useSignOut } from '../features/accounts/api/sign-out';
import { useCanManageWorkspace } from '../session/can-manage-workspace';
import { isAdmin } from '../session/get-me';
import { CreditCounters } from './credit-counters';
import { mobileMenuItemClass as itemClass } from './menu-styles';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The mobile menu's links for a signed-in user (its own chunk: signed-out visitors never load it). */
export function MobileAccountLinks({ me }: { me: Me }) {
  const signOut = useSignOut();
  const canManage = useCanManageWorkspace();
  return (
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
        <li>
          <NavLink to={PATHS.roster} className={itemClass}>
            {ROSTER_MESSAGES.navLink}
          </NavLink>
        </li>
        {canManage ? (
          <li>
            <NavLink to={PATHS.compliance} className={itemClass}>
              Compliance
            </NavLink>
          </li>
        ) : null}
      </ul>
      <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Workspace</p>
      <WorkspaceSwitcher className="mx-3 mt-2" />
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
  );
}
