import type { ReportLicense } from '@licensewatch/shared/reports';
import { STATE_NAMES, type StateName } from '@licensewatch/shared/states';

export type StateGroup = { state: StateName; licenses: ReportLicense[] };

const stateOrder = new Map<string, number>(STATE_NAMES.map((name, index) => [name, index]));

/**
 * Licenses by state, states in the UI's order and licenses by number within each. Licenses
 * without a number never reach the table (docs/product-rules.md, What is counted), even if a
 * server sent one.
 */
export function groupLicensesByState(licenses: readonly ReportLicense[]): StateGroup[] {
  const groups = new Map<StateName, ReportLicense[]>();
  for (const license of licenses) {
    if (!license.license_number.trim()) continue;
    const list = groups.get(license.state) ?? [];
    list.push(license);
    groups.set(license.state, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (stateOrder.get(a) ?? 99) - (stateOrder.get(b) ?? 99))
    .map(([state, list]) => ({
      state,
      licenses: list.sort((a, b) => a.license_number.localeCompare(b.license_number, 'en', { numeric: true })),
    }));
}
