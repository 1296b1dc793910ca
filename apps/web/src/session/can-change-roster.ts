import { useOrganisations } from './get-organisations';

/** Whether the session may change the roster: its own workspace, or an organisation it owns or administers. */
export function useCanChangeRoster(): boolean {
  const organisations = useOrganisations();
  const activeId = organisations.data?.active_organisation_id ?? null;
  if (!organisations.data) return false;
  if (activeId === null) return true;
  return organisations.data.organisations.find((o) => o.id === activeId)?.role !== 'viewer';
}
