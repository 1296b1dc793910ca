import { PATHS } from '@licensewatch/shared/web-paths';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { menuContentClass, menuItemClass } from './menu-styles';

/** `compliance`: the workspace's monthly compliance record, for those who manage the workspace. */
export function BusinessMenu({ compliance = false }: { compliance?: boolean }) {
  return (
    // Not portalled: inside the top bar the open menu stays within the banner landmark, where a
    // screen reader's landmark navigation (and axe's region rule) expects it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-md px-3 whitespace-nowrap py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100">
        For Business
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" sideOffset={6} className={menuContentClass}>
        <DropdownMenu.Item asChild className={menuItemClass}>
          <Link to={PATHS.apiDocs}>API Documentation</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={menuItemClass}>
          <Link to={PATHS.businessPricing}>Business Plans</Link>
        </DropdownMenu.Item>
        {compliance ? (
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to={PATHS.compliance}>Compliance</Link>
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
