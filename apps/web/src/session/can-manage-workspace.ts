import { canManage } from '@licensewatch/shared/organisations';
import { useOrganisations } from './get-organisations';

/** Whether the session manages the workspace it acts in: its own, or an organisation it owns or administers. */
export function useCanManageWorkspace(): boolean {
  const organisations = useOrganisations();
  if (!organisations.data) return false;
  const activeId = organisations.data.active_organisation_id;
  if (activeId === null) return true;
  const role = organisations.data.organisations.find((o) => o.id === activeId)?.role;
  return role !== undefined && canManage(role);
}
