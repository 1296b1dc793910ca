import { AdminAuditLog } from './admin-audit-log';
import { AdminSection } from './admin-section';

/** /admin/audit (docs/product-rules.md, Audit log): its own page in the sidebar, not the foot of the dashboard. */
export function AdminAuditPage() {
  return (
    <AdminSection
      title="Audit log"
      description="Every change made in the admin area: who, what, to whom, when, why and from where. It cannot be edited."
    >
      <AdminAuditLog />
    </AdminSection>
  );
}
