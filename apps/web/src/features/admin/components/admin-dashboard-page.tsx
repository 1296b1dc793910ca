import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { AdminAuditLog } from './admin-audit-log';
import { AdminSection } from './admin-section';

const shortcuts = [
  {
    to: PATHS.adminUsers,
    title: 'Users',
    body: 'Activate or deactivate accounts and adjust temporary report credits.',
  },
  {
    to: PATHS.adminSettings,
    title: 'Settings',
    body: 'Application name, default role, registration and session rules.',
  },
  { to: PATHS.adminBilling, title: 'Billing', body: 'Subscriptions and plan activity across all accounts.' },
];

export function AdminDashboardPage() {
  return (
    <AdminSection title="Overview" description="Manage users, billing and system settings.">
      <ul className="grid gap-4 md:grid-cols-3">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.to}>
            <Link
              to={shortcut.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-teal-600"
            >
              <span className="font-semibold text-slate-900">{shortcut.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{shortcut.body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <AdminAuditLog />
    </AdminSection>
  );
}
