import { CheckoutReturnNotice } from '../features/billing/components/checkout-return-notice';
import { DashboardPage } from '../features/reports/components/dashboard-page';

/**
 * The dashboard is where a successful checkout comes back to. Reports may not import billing
 * (features never import features), so the shell hands billing's notice to the page.
 */
export function DashboardScreen() {
  return <DashboardPage notice={<CheckoutReturnNotice className="mb-6" />} />;
}
