import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { ZodApp } from '../../../platform/http/zod-app.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { getLicenseHistory } from '../get-license-history.ts';
import { hideReportLicense } from '../hide-report-license.ts';
import { listReportLicenses } from '../list-report-licenses.ts';
import { presentLicenseHistory, presentReportLicense } from '../present-report.ts';
import { restoreReportLicense } from '../restore-report-license.ts';

/** A report's licenses: shown, hidden and restored, and each one's history. An expired plan refuses them (403). */
export function registerReportLicenseRoutes(app: ZodApp, { db }: Pick<Platform, 'db'>) {
  app.get(REPORTS_ENDPOINTS.licenses.path, { schema: endpointSchema(REPORTS_ENDPOINTS.licenses) }, async (request) => {
    const { workspaceId: id } = actingWorkspace(request);
    await requireActivePlan(db, id);
    return (await listReportLicenses(db, id, request.params.id)).map(presentReportLicense);
  });

  app.get(
    REPORTS_ENDPOINTS.licenseHistory.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.licenseHistory) },
    async (request) => {
      const { workspaceId: id } = actingWorkspace(request);
      await requireActivePlan(db, id);
      const { id: reportId, licenseId } = request.params;
      return presentLicenseHistory(await getLicenseHistory(db, id, reportId, licenseId));
    },
  );

  app.patch(
    REPORTS_ENDPOINTS.hideLicense.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.hideLicense) },
    async (request) => {
      const { workspaceId: id } = workspaceToChange(request);
      await requireActivePlan(db, id);
      await hideReportLicense(db, id, request.params.id);
      return { id: request.params.id, hidden: true } as const;
    },
  );

  app.get(
    REPORTS_ENDPOINTS.hiddenLicenses.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.hiddenLicenses) },
    async (request) => {
      const { workspaceId: id } = actingWorkspace(request);
      await requireActivePlan(db, id);
      return (await listReportLicenses(db, id, request.params.id, { hidden: true })).map(presentReportLicense);
    },
  );

  app.patch(
    REPORTS_ENDPOINTS.restoreLicense.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.restoreLicense) },
    async (request) => {
      const { workspaceId: id } = workspaceToChange(request);
      await requireActivePlan(db, id);
      await restoreReportLicense(db, id, request.params.id);
      return { id: request.params.id, hidden: false } as const;
    },
  );
}
