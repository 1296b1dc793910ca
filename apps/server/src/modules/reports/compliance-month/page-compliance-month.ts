import type { ComplianceMonth, ComplianceMonthPage, ComplianceMonthQuery } from '@licensewatch/shared/compliance';

/**
 * One page of a month's record for the page and the API: the month's summary and head stay whole
 * (the counts an auditor reads), the reports are cut to the page, after keeping only those with a
 * gap when asked. A page past the last is empty, with the count that says so.
 */
export function pageComplianceMonth(view: ComplianceMonth, query: ComplianceMonthQuery): ComplianceMonthPage {
  const matching = query.gaps_only
    ? view.reports.filter((r) => [...r.licenses, ...r.lists].some((line) => line.gap !== null))
    : view.reports;
  const from = (query.page - 1) * query.per_page;
  return {
    ...view,
    reports: matching.slice(from, from + query.per_page),
    page: {
      number: query.page,
      per_page: query.per_page,
      reports: matching.length,
      pages: Math.max(1, Math.ceil(matching.length / query.per_page)),
    },
  };
}
