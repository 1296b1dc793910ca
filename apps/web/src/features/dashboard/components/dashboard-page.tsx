import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../lib/paths';

const plusIcon = (
  <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M8 3v10M3 8h10" strokeLinecap="round" />
  </svg>
);

export function DashboardPage() {
  return (
    <Container className="py-10">
      <PageTitle title="Dashboard" />
      <PageHeader
        title="Medical License Reports"
        description="Each report tracks one physician's licenses across the states you choose."
        actions={
          <ButtonLink to={PATHS.newReport}>
            {plusIcon}
            Create New Report
          </ButtonLink>
        }
      />
      <EmptyState
        title="No reports yet"
        icon={
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" strokeLinejoin="round" />
            <path d="M14 3v5h5M9 13h6M9 17h4" strokeLinecap="round" />
          </svg>
        }
        action={<ButtonLink to={PATHS.newReport}>Create your first report</ButtonLink>}
      >
        Create a report with a physician&apos;s name, license type and states, and we&apos;ll gather their licenses,
        statuses and renewal dates here.
      </EmptyState>
    </Container>
  );
}
