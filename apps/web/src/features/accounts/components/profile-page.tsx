import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageTitle } from '../../../components/ui/page-title';
import { useMe } from '../../../session/get-me';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function ActiveBadge() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
      <span className="size-1.5 rounded-full bg-emerald-600" aria-hidden="true" />
      Active
    </span>
  );
}

export function ProfilePage() {
  const me = useMe();
  const user = me.data;
  if (!user) return null;

  return (
    <Container className="py-10">
      <PageTitle title="Profile" />
      <PageHeader title="Profile" description="Your account details and notification settings." />
      <Card className="max-w-3xl">
        <dl className="divide-y divide-slate-100">
          <Row label="Email">{user.email}</Row>
          <Row label="Full Name">{user.user_metadata.full_name || '-'}</Row>
          <Row label="Phone Number">{user.user_metadata.phone_number || 'Not set'}</Row>
          <Row label="Weekly email report">
            <ActiveBadge />
          </Row>
          <Row label="SMS renewal notice">
            <ActiveBadge />
          </Row>
        </dl>
      </Card>
    </Container>
  );
}
