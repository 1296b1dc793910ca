import type { Me } from '@licensewatch/shared/accounts';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { NavLink } from 'react-router';
import { ActionNeededLink } from '../features/reports/components/action-needed-link';
import { isAdmin } from '../session/get-me';
import { BusinessMenu } from './business-menu';
import { CreditCounters } from './credit-counters';
import { navLinkClass } from './nav-styles';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The desktop links of a signed-in visitor; its own chunk because the menus bring Radix and floating-ui. */
export function SignedInNav({ me }: { me: Me }) {
  return (
    <>
      {isAdmin(me) ? (
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
      <NavLink to={PATHS.roster} className={navLinkClass}>
        {ROSTER_MESSAGES.navLink}
      </NavLink>
      <BusinessMenu />
      <ActionNeededLink className="ml-1" />
      <WorkspaceSwitcher className="ml-1" />
      {/* Below lg the bar has no room for them: the account menu carries the balances there. */}
      <CreditCounters compact className="mx-2 hidden lg:flex" />
      <UserMenu me={me} />
    </>
  );
}
