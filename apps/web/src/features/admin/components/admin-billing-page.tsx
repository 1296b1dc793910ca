import { EmptyState } from '../../../components/ui/empty-state';
import { AdminSection } from './admin-section';

export function AdminBillingPage() {
  return (
    <AdminSection title="Billing" description="Subscriptions, payments and plan changes.">
      <EmptyState title="No billing activity yet">
        Subscriptions and payments appear here once users choose a paid plan.
      </EmptyState>
    </AdminSection>
  );
}
