import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../lib/paths';

const needs = [
  { term: 'Physician name', detail: 'First and last name, plus a middle name if the boards list one.' },
  { term: 'License type', detail: 'MD or DO.' },
  { term: 'States', detail: 'Any of the 50 states and Washington, D.C. — or all of them at once.' },
  { term: 'Report name', detail: 'Optional, to tell reports apart on your dashboard.' },
];

export function CreateReportPage() {
  return (
    <Container className="py-10">
      <PageTitle title="Create New Report" />
      <ButtonLink to={PATHS.dashboard} variant="ghost" size="sm" className="mb-4 -ml-3">
        <svg
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 5l-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Back
      </ButtonLink>
      <PageHeader
        title="Create New Report"
        description="A report searches the state boards for one physician and keeps the results up to date."
      />
      <Card className="max-w-2xl p-6">
        <h2 className="font-semibold text-slate-900">What you&apos;ll need</h2>
        <dl className="mt-4 space-y-4">
          {needs.map((need) => (
            <div key={need.term} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm font-medium text-slate-900">{need.term}</dt>
              <dd className="text-sm text-slate-600">{need.detail}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </Container>
  );
}
