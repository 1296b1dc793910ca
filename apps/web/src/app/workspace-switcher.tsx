import { ORGANISATION_MESSAGES, ORGANISATION_ROLE_LABELS } from '@licensewatch/shared/organisations';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { toast } from '../components/ui/toast';
import { cn } from '../lib/cn';
import { useOrganisations, useSwitchWorkspace } from '../session/get-organisations';
import { menuContentClass, menuItemClass } from './menu-styles';

/**
 * Which workspace the session works in (one's own, or an organisation), always shown in the top
 * bar, and the menu that switches it (ADR 019).
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const organisations = useOrganisations();
  const switchWorkspace = useSwitchWorkspace();
  const list = organisations.data;
  const active = list?.organisations.find((o) => o.id === list.active_organisation_id) ?? null;
  const activeName = active?.name ?? ORGANISATION_MESSAGES.personalWorkspace;

  const choose = (id: string | null, name: string) => {
    if (id === (list?.active_organisation_id ?? null)) return;
    switchWorkspace.mutate(id, {
      onSuccess: () => toast.success(ORGANISATION_MESSAGES.switched(name)),
      onError: () => toast.error('Could not switch. Please try again.'),
    });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Workspace: ${activeName}. Switch workspace`}
        className={cn(
          'flex max-w-48 items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 data-[state=open]:bg-slate-100',
          className,
        )}
      >
        <span
          aria-hidden="true"
          className={cn('size-2 shrink-0 rounded-full', active ? 'bg-teal-600' : 'bg-slate-400')}
        />
        <span className="truncate">{organisations.isPending ? '…' : activeName}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, 'min-w-60')}>
        <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Workspaces
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={list?.active_organisation_id ?? ''}>
          <DropdownMenu.RadioItem
            value=""
            className={menuItemClass}
            onSelect={() => choose(null, ORGANISATION_MESSAGES.personalWorkspace)}
          >
            <WorkspaceLabel name={ORGANISATION_MESSAGES.personalWorkspace} note="Your own reports" />
          </DropdownMenu.RadioItem>
          {list?.organisations.map((o) => (
            <DropdownMenu.RadioItem
              key={o.id}
              value={o.id}
              className={menuItemClass}
              onSelect={() => choose(o.id, o.name)}
            >
              <WorkspaceLabel name={o.name} note={ORGANISATION_ROLE_LABELS[o.role]} />
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item asChild className={menuItemClass}>
          <Link to={PATHS.roster}>{ROSTER_MESSAGES.navLink}</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={menuItemClass}>
          <Link to={PATHS.organisation}>{active ? 'Members and invitations' : 'Create an organization'}</Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function WorkspaceLabel({ name, note }: { name: string; note: string }) {
  return (
    <span className="flex w-full items-center justify-between gap-3">
      <span className="truncate">{name}</span>
      <span className="shrink-0 text-xs text-slate-500">{note}</span>
      <DropdownMenu.ItemIndicator className="shrink-0 text-teal-700">✓</DropdownMenu.ItemIndicator>
    </span>
  );
}
