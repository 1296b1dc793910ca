import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDate, formatNumber, maskApiKey } from '../../../lib/format';
import { useCredentials } from '../../credentials/api/get-credentials';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function OverviewPage() {
  const credentials = useCredentials();
  const data = credentials.data;

  async function copyKey() {
    if (!data?.credential_key) return;
    try {
      await navigator.clipboard.writeText(data.credential_key);
      toast.success('API key copied to clipboard');
    } catch {
      toast.error('Failed to copy API key');
    }
  }

  return (
    <Container className="py-10">
      <PageTitle title="License Information" />
      <PageHeader title="License Information" description="Your plan, remaining credits and API key." />
      {credentials.isPending ? (
        <PageSpinner />
      ) : credentials.isError || !data ? (
        <div className="max-w-2xl space-y-4">
          <Alert tone="error">Error loading credentials</Alert>
          <Button variant="secondary" pending={credentials.isFetching} onClick={() => credentials.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Card className="max-w-3xl p-6">
          <p className="text-slate-700">
            This plan will end on{' '}
            <span className="font-semibold text-slate-900">{formatDate(data.reports_plan?.end_date)}</span>
          </p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <Stat label="Available Credits" value={data.amount == null ? '-' : formatNumber(data.amount)} />
            <Stat
              label="Available Reports"
              value={
                data.reports_plan?.remain_report_number == null
                  ? '-'
                  : formatNumber(data.reports_plan.remain_report_number)
              }
            />
          </dl>
          <div className="mt-6">
            <p className="text-sm font-medium text-slate-800">API key</p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <code className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-800">
                {maskApiKey(data.credential_key)}
              </code>
              <Button variant="secondary" size="sm" onClick={copyKey} disabled={!data.credential_key}>
                Copy
              </Button>
            </div>
          </div>
        </Card>
      )}
    </Container>
  );
}
