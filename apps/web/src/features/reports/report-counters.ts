/**
 * The report's counters, in the order every screen shows them (docs/product-rules.md, What is
 * counted): the report page's tiles, the dashboard's columns and their headings all read this list,
 * so a counter cannot be on one and missing from another. The first four partition the licenses.
 */
export const REPORT_COUNTERS = [
  { key: 'total_license', label: 'Total', shortLabel: 'Total', tone: 'text-slate-900' },
  { key: 'active_license', label: 'Active', shortLabel: 'Active', tone: 'text-emerald-700' },
  { key: 'expiring_license', label: 'Expiring soon', shortLabel: 'Expiring', tone: 'text-amber-700' },
  { key: 'expired_license', label: 'Expired', shortLabel: 'Expired', tone: 'text-red-700' },
  // Not a license count: every item about the physician waiting for someone to act (attentionReasons).
  { key: 'needs_attention', label: 'Needs attention', shortLabel: 'Needs attention', tone: 'text-violet-800' },
] as const;
