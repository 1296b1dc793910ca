import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../lib/paths';

export function ReportDetailPage() {
  return (
    <Container className="py-10">
      <PageTitle title="Report not found" />
      <h1 className="sr-only">Report</h1>
      <EmptyState title="Report not found" action={<ButtonLink to={PATHS.dashboard}>Back to Dashboard</ButtonLink>}>
        This report doesn&apos;t exist or was deleted. Your reports are listed on the dashboard.
      </EmptyState>
    </Container>
  );
}
