import { ReportExclusions } from '../features/exclusions/components/report-exclusions';
import { ReportDetailPage } from '../features/reports/components/report-detail-page';

/** The report page with its exclusion check: two features, composed here because a feature never imports another. */
export function ReportDetailScreen() {
  return (
    <ReportDetailPage exclusions={(report, canChange) => <ReportExclusions report={report} canChange={canChange} />} />
  );
}
