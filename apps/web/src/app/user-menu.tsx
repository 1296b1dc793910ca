import type { Me } from '@licensewatch/shared/accounts';
import { PATHS } from '@licensewatch/shared/web-paths';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useSignOut } from '../features/accounts/api/sign-out';
import { useCredentials } from '../session/get-credentials';
import { isAdmin } from '../session/get-me';
import { creditDisplay } from './credit-counters';
import { menuContentClass, menuItemClass } from './menu-styles';

export function avatarLetter(email: string): string {
  return (email.trim()[0] ?? '?').toUpperCase();
}

/**
 * The balances the top bar shows from xl up, in the menu below it (the bar has no room for them
 * between md and xl); each is a way to the plans, like the bar's '+'.
 */
function MenuCredits() {
  const credentials = useCredentials();
  const loaded = credentials.isSuccess;
  const rows = [
    ['API Credits', creditDisplay(credentials.data?.amount, loaded)],
    ['Report Credits', creditDisplay(credentials.data?.reports_plan?.remain_report_number, loaded)],
  ] as const;
  return (
    <div className="xl:hidden">
      {rows.map(([label, shown]) => (
        <DropdownMenu.Item key={label} asChild className={menuItemClass}>
          <Link to={PATHS.pricing} className="flex justify-between gap-4" data-testid="menu-credits">
            <span>{label}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{shown}</span>
          </Link>
        </DropdownMenu.Item>
      ))}
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
    </div>
  );
}

export function UserMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  return (
    // Not portalled: inside the top bar the open menu stays within the banner landmark, where a
    // screen reader's landmark navigation (and axe's region rule) expects it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${me.email}`}
        className="flex size-9 items-center justify-center rounded-full bg-teal-700 text-sm font-bold text-white ring-offset-2 hover:bg-teal-800 data-[state=open]:ring-2 data-[state=open]:ring-teal-600"
      >
        <span aria-hidden="true">{avatarLetter(me.email)}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block truncate text-sm font-semibold text-slate-900">
            {me.user_metadata.full_name || 'Signed in as'}
          </span>
          <span className="block max-w-56 truncate text-xs text-slate-500">{me.email}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <MenuCredits />
        {isAdmin(me) ? (
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to={PATHS.admin}>Admin Dashboard</Link>
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Item asChild className={menuItemClass}>
          <Link to={PATHS.profile}>Profile</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item className={menuItemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          Sign Out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
