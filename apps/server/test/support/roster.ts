import { addDays } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { license } from '../../src/modules/licensing/tables.ts';
import { report, reportLicense } from '../../src/modules/reports/tables.ts';
import type { TestServer } from './test-server.ts';

export type RosterLicenseSpec = {
  state: StateCode;
  status?: 'active' | 'expired' | 'suspended';
  /** Days from today (UTC); null: no expiry date. */
  expiresIn: number | null;
  /** Leave the number out (a row the board published without one: never shown). */
  noNumber?: boolean;
  hidden?: boolean;
};

let sequence = 0;
export const utcDay = (offset: number) => addDays(new Date().toISOString().slice(0, 10), offset);

/**
 * A report of `workspaceId`'s for one physician with the given registry licenses attached,
 * straight into the tables, as a report's update leaves them. Answers the report id and the
 * license numbers, in the order given.
 */
export async function addRosterReport(
  server: TestServer,
  workspaceId: string,
  name: { firstName: string; middleName?: string; lastName: string },
  licenses: RosterLicenseSpec[],
): Promise<{ reportId: string; numbers: string[] }> {
  const { db } = server.ctx;
  const [rep] = await db
    .insert(report)
    .values({
      workspaceId,
      name: `${name.firstName} ${name.lastName}`,
      firstName: name.firstName,
      middleName: name.middleName ?? null,
      lastName: name.lastName,
      licenseType: 'MD',
      states: [...new Set(licenses.map((l) => l.state))],
    })
    .returning({ id: report.id });
  if (!rep) throw new Error('no report');
  const numbers: string[] = [];
  for (const spec of licenses) {
    sequence += 1;
    const number = `RV${Date.now().toString(36).toUpperCase()}${sequence}`;
    const status = spec.status ?? 'active';
    const [row] = await db
      .insert(license)
      .values({
        jurisdiction: spec.state,
        boardId: 'zz-roster',
        licenseType: 'MD',
        licenseNumber: spec.noNumber ? null : number,
        recordKey: number,
        firstName: name.firstName,
        lastName: name.lastName,
        firstNorm: name.firstName.toLowerCase(),
        lastNorm: name.lastName.toLowerCase(),
        rawStatus: status.toUpperCase(),
        status,
        issueDate: '2015-01-01',
        expiryDate: spec.expiresIn === null ? null : utcDay(spec.expiresIn),
        sourceKind: 'socrata',
      })
      .returning({ id: license.id });
    if (!row) throw new Error('no license');
    await db.insert(reportLicense).values({
      reportId: rep.id,
      licenseId: row.id,
      confidence: 1,
      matchReason: 'test fixture',
      hiddenAt: spec.hidden ? new Date() : null,
    });
    numbers.push(number);
  }
  return { reportId: rep.id, numbers };
}
