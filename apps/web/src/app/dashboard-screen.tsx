import { CheckoutReturnNotice } from '../features/billing/components/checkout-return-notice';
import { OrganisationSuggestion } from '../features/organisations/components/organisation-suggestion';
import { DashboardPage } from '../features/reports/components/dashboard-page';

/**
 * The dashboard is where a successful checkout comes back to, and where a clinic's sign-up is
 * offered its organisation. Reports may import neither billing nor organisations (features never
 * import features), so the shell hands their notices to the page.
 */
export function DashboardScreen() {
  return (
    <DashboardPage
      notice={
        <>
          <CheckoutReturnNotice className="mb-6" />
          <OrganisationSuggestion className="mb-6" />
        </>
      }
    />
  );
}
