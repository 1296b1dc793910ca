import type { ReportLicense } from '@licensewatch/shared/reports';
import { STATE_NAMES } from '@licensewatch/shared/states';

/** The columns the report's license table sorts by (docs/product-rules.md, Reading reports). */
export const SORT_KEYS = ['state', 'type', 'number', 'status', 'issued', 'expires', 'days', 'verified'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';
export type SortOrder = { key: SortKey; direction: SortDirection };

/** As the per-state cards read: states in the list's order, then licenses by number. */
export const DEFAULT_SORT: SortOrder = { key: 'state', direction: 'ascending' };

/** 'all', or a license standing; 'active' includes the expiring ones, as the Active counter does. */
export type StatusFilter = 'all' | ReportLicense['standing'];

const STATUS_LABELS: Record<ReportLicense['standing'], string> = {
  active: 'Active',
  expiring: 'Expiring',
  expired: 'Expired',
  attention: 'Needs attention',
};

/** A standing's name; expiring says the workspace's window (expiry-windows.ts): 'Expiring within 42 days'. */
function standingLabel(standing: ReportLicense['standing'], expiringWithinDays: number): string {
  return standing === 'expiring' ? `Expiring within ${expiringWithinDays} days` : STATUS_LABELS[standing];
}
const STANDING_ORDER: ReportLicense['standing'][] = ['active', 'expiring', 'expired', 'attention'];

export type StatusOption = { value: StatusFilter; label: string; count: number };

const stateOrder = new Map<string, number>(STATE_NAMES.map((name, index) => [name, index]));

function compareNumbers(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The default order, also every other key's tie-break, so equal rows never swap between renders. */
function compareDefault(a: ReportLicense, b: ReportLicense): number {
  return (
    (stateOrder.get(a.state) ?? 99) - (stateOrder.get(b.state) ?? 99) ||
    compareNumbers(a.license_number, b.license_number) ||
    a.id.localeCompare(b.id)
  );
}

/** A value each key compares by; null (no date) sorts after every value in both directions. */
function sortValue(license: ReportLicense, key: SortKey): string | number | null {
  switch (key) {
    case 'state':
      return stateOrder.get(license.state) ?? 99;
    case 'type':
      return license.license_type;
    case 'number':
      return license.license_number;
    case 'status':
      return STANDING_ORDER.indexOf(license.standing);
    case 'issued':
      return license.issued;
    case 'expires':
      return license.expired;
    case 'days':
      return license.days_to_expiry;
    case 'verified':
      return license.verified_at;
  }
}

function compareValues(a: string | number, b: string | number, key: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // ISO dates and timestamps compare as text; license numbers naturally (MD9 before MD10).
  return key === 'number' ? compareNumbers(String(a), String(b)) : String(a).localeCompare(String(b));
}

/** A sorted copy of the licenses. */
export function sortLicenses(licenses: readonly ReportLicense[], order: SortOrder): ReportLicense[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...licenses].sort((a, b) => {
    const left = sortValue(a, order.key);
    const right = sortValue(b, order.key);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else {
      const byKey = compareValues(left, right, order.key);
      if (byKey !== 0) return sign * byKey;
    }
    return compareDefault(a, b);
  });
}

/** A header click: the same column flips direction, another column starts ascending. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

export function matchesStatus(license: ReportLicense, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  // Expiring licenses are still active (the report's Active counter counts them).
  if (filter === 'active') return license.standing === 'active' || license.standing === 'expiring';
  return license.standing === filter;
}

/** Case-insensitive match on the license number, the state and the name on the license. */
export function matchesSearch(license: ReportLicense, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [license.license_number, license.state, license.name_on_license].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/**
 * The rows the table shows. Licenses without a number never reach the table
 * (docs/product-rules.md, What is counted), as in groupLicensesByState.
 */
export function filterLicenses(
  licenses: readonly ReportLicense[],
  { status, search }: { status: StatusFilter; search: string },
): ReportLicense[] {
  return licenses.filter(
    (license) =>
      license.license_number.trim() !== '' && matchesStatus(license, status) && matchesSearch(license, search),
  );
}

/** 'All' and each status present in the report, with how many licenses it would show. */
export function statusOptions(licenses: readonly ReportLicense[], expiringWithinDays: number): StatusOption[] {
  const listed = licenses.filter((license) => license.license_number.trim() !== '');
  const options: StatusOption[] = [{ value: 'all', label: 'All statuses', count: listed.length }];
  for (const standing of STANDING_ORDER) {
    const count = listed.filter((license) => matchesStatus(license, standing)).length;
    if (count > 0) options.push({ value: standing, label: standingLabel(standing, expiringWithinDays), count });
  }
  return options;
}

export function isStatusFilter(value: string): value is StatusFilter {
  return value === 'all' || value in STATUS_LABELS;
}

export function statusFilterLabel(filter: StatusFilter, expiringWithinDays: number): string {
  return filter === 'all' ? 'All statuses' : standingLabel(filter, expiringWithinDays);
}
