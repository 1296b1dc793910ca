import { COMPLIANCE_MESSAGES, monthOf } from '@licensewatch/shared/compliance';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { PageTitle } from '../../../session/page-title';
import { complianceCsvUrl } from '../api/compliance-csv-url';
import { useComplianceMonth } from '../api/get-compliance-month';
import { useIssueComplianceStatement } from '../api/issue-compliance-statement';
import { ComplianceSummary } from './compliance-summary';
import { ComplianceTable } from './compliance-table';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The acting workspace's monthly compliance record (docs/product-rules.md, Monthly compliance
 * record): whether each report's licenses and exclusion lists were checked in the month, the gaps
 * and why, and its CSV and signed PDF. For the owner and admins; the server refuses anyone else.
 */
export function CompliancePage() {
  const current = monthOf(new Date());
  const [month, setMonth] = useState(current);
  const [page, setPage] = useState(1);
  const [gapsOnly, setGapsOnly] = useState(false);
  const record = useComplianceMonth(month, page, gapsOnly);
  const issue = useIssueComplianceStatement();
  const pickerId = useId();

  return (
    <Container className="py-8 sm:py-10">
      <PageTitle title="Compliance" />
      <PageHeader
        title="Compliance"
        description="Whether each report's licenses and exclusion lists were checked in a month, and why any were not."
      />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <label htmlFor={pickerId} className="block text-sm font-medium text-slate-700">
            Month
          </label>
          <input
            id={pickerId}
            type="month"
            value={month}
            max={current}
            onChange={(event) => {
              // A half-typed or emptied month is not asked for: the last whole one stays.
              if (MONTH.test(event.target.value) && event.target.value <= current) {
                setMonth(event.target.value);
                setPage(1);
              }
            }}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={complianceCsvUrl(month)} download className={buttonClasses('secondary', 'sm')}>
            Download CSV
          </a>
          <Button size="sm" onClick={() => issue.mutate(month)} disabled={issue.isPending}>
            {issue.isPending ? 'Issuing…' : 'Download signed PDF'}
          </Button>
        </div>
      </div>
      {issue.data ? (
        <Alert tone="success" className="mb-6">
          Statement issued. An auditor can confirm it at{' '}
          <Link to={PATHS.verify(issue.data)} className="font-medium underline" data-testid="compliance-verify-link">
            {PATHS.verify(issue.data)}
          </Link>
          .
        </Alert>
      ) : null}
      {issue.isError ? (
        <Alert tone="error" className="mb-6">
          {issue.error.message}
        </Alert>
      ) : null}
      <MonthRecord
        record={record}
        gapsOnly={gapsOnly}
        onGapsOnly={(only) => {
          setGapsOnly(only);
          setPage(1);
        }}
        onPage={setPage}
      />
    </Container>
  );
}

function MonthRecord({
  record,
  gapsOnly,
  onGapsOnly,
  onPage,
}: {
  record: ReturnType<typeof useComplianceMonth>;
  gapsOnly: boolean;
  onGapsOnly: (only: boolean) => void;
  onPage: (page: number) => void;
}) {
  const gapsId = useId();
  if (record.isPending)
    return (
      <div className="flex justify-center p-10 text-teal-700">
        <Spinner className="[&_svg]:size-6" label="Loading the month…" />
      </div>
    );
  if (record.isError)
    return (
      <Alert tone="error">
        {isApiError(record.error, 403) || isApiError(record.error, 400)
          ? record.error.message
          : COMPLIANCE_MESSAGES.loadFailed}
      </Alert>
    );
  const { data } = record;
  if (data.summary.reports === 0)
    return (
      <EmptyState title="No reports in this month">
        The workspace had no reports by the end of this month, so nothing was due to be checked.
      </EmptyState>
    );
  return (
    <div className="space-y-6" aria-busy={record.isFetching}>
      <ComplianceSummary summary={data.summary} />
      {data.head ? (
        <p className="text-xs break-all text-slate-600">
          Ledger head at the month's end: entry {data.head.seq}, SHA-256{' '}
          <span className="font-mono">{data.head.hash}</span>
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          id={gapsId}
          type="checkbox"
          checked={gapsOnly}
          onChange={(event) => onGapsOnly(event.target.checked)}
          className="size-4 rounded border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600"
        />
        <label htmlFor={gapsId} className="text-sm text-slate-700">
          {COMPLIANCE_MESSAGES.gapsOnly}
        </label>
      </div>
      {data.reports.length === 0 ? (
        <EmptyState title={COMPLIANCE_MESSAGES.noGapsTitle}>{COMPLIANCE_MESSAGES.noGaps}</EmptyState>
      ) : (
        <div>
          <ComplianceTable reports={data.reports} />
          {data.page.pages > 1 ? (
            <Pagination
              page={data.page.number}
              pageSize={data.page.per_page}
              total={data.page.reports}
              onPage={onPage}
              showing={COMPLIANCE_MESSAGES.showing}
              testId="compliance-range"
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
