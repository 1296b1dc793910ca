import type { Me } from '@licensewatch/shared/accounts';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { NavLink } from 'react-router';
import { ActionNeededLink } from '../features/reports/components/action-needed-link';
import { useCanManageWorkspace } from '../session/can-manage-workspace';
import { isAdmin } from '../session/get-me';
import { BusinessMenu } from './business-menu';
import { CreditCounters } from './credit-counters';
import { navLinkClass } from './nav-styles';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The desktop links of a signed-in visitor; its own chunk because the menus bring Radix and floating-ui. */
export function SignedInNav({ me }: { me: Me }) {
  const canManage = useCanManageWorkspace();
  return (
    <>
      {isAdmin(me) ? (
        // Below lg the row has no room for it; the account menu's 'Admin Dashboard' is there at every width.
        <NavLink to={PATHS.admin} className={`${navLinkClass} hidden lg:block`}>
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
      {/* In the business menu, not the bar: from 768 px the bar has no room for another link. */}
      <BusinessMenu compliance={canManage} />
      <ActionNeededLink className="ml-1" />
      <WorkspaceSwitcher className="ml-1" />
      {/* Below xl the bar has no room for them (an administrator's least of all): the account menu carries the balances there. */}
      <CreditCounters compact className="mx-2 hidden xl:flex" />
      <UserMenu me={me} />
    </>
  );
}
