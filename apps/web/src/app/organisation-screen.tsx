import { ExpiryWindowsCard } from '../features/alerts/components/expiry-windows-card';
import { WorkspacePlanCard } from '../features/billing/components/workspace-plan-card';
import { OrganisationPage } from '../features/organisations/components/organisation-page';

/** The organisation with its plan and billing and its expiry windows: features composed here because a feature never imports another. */
export function OrganisationScreen() {
  return (
    <OrganisationPage
      plan={({ canManage, members }) => <WorkspacePlanCard canManage={canManage} members={members} />}
      settings={<ExpiryWindowsCard scope="organisation" />}
    />
  );
}
