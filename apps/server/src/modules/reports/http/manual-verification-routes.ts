import {
  EVIDENCE_MAX_BYTES,
  type ManualVerification,
  verificationDueOn,
} from '@licensewatch/shared/manual-verification';
import { REPORTS_ENDPOINTS as E } from '@licensewatch/shared/reports-endpoints';
import { stateName } from '@licensewatch/shared/states';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInRequired } from '../../accounts/http/signed-in-user.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { listManualVerifications, type ManualVerificationRow } from '../manual/list-manual-verifications.ts';
import { readManualEvidence } from '../manual/read-manual-evidence.ts';
import { recordManualVerification } from '../manual/record-manual-verification.ts';

// The evidence may be 5 MB, about 6.7 MB in base64 with the fields around it; the app's 1 MB default
// would refuse it before our own check could say why. For this route alone.
const EVIDENCE_BODY_LIMIT = Math.ceil((EVIDENCE_MAX_BYTES * 4) / 3) + 64 * 1024;

export function presentManualVerification(v: ManualVerificationRow): ManualVerification {
  return {
    id: v.id,
    state: stateName(v.state),
    license_number: v.licenseNumber,
    board_status_text: v.rawStatus,
    status: v.status,
    issued: v.issueDate,
    expires: v.expiryDate,
    discipline: v.discipline,
    checked_on: v.checkedOn,
    recorded_at: v.recordedAt.toISOString(),
    verified_by: v.verifiedByName,
    due_on: verificationDueOn(v.checkedOn),
    evidence: { file_name: v.evidenceName, type: v.evidenceType, size: v.evidenceSize, sha256: v.evidenceSha256 },
  };
}

/**
 * Verification by hand (docs/product-rules.md, Verification by hand): recording one on a report, a
 * license's verifications, and their evidence files. The workspace is always the session's (ADR 019):
 * another workspace's report, license or verification answers 404 like a missing one.
 */
export function registerManualVerificationRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'jobs'> & { readSession: SessionReader; licensing?: LicenseSources | undefined },
) {
  const { db } = ctx;
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));

    app.post(
      E.recordManualVerification.path,
      { schema: endpointSchema(E.recordManualVerification), bodyLimit: EVIDENCE_BODY_LIMIT },
      async (request, reply) => {
        const acting = workspaceToChange(request);
        await requireActivePlan(db, acting.workspaceId);
        // Read at each request: the boards are wired once the sources are open (tests wire them late).
        const boards = ctx.licensing?.boards ?? [];
        const recorded = await recordManualVerification({ ...ctx, boards }, acting, request.params.id, request.body);
        return reply.status(E.recordManualVerification.status).send({
          report_license_id: recorded.reportLicenseId,
          verification: presentManualVerification(recorded.verification),
        });
      },
    );

    app.get(E.manualVerifications.path, { schema: endpointSchema(E.manualVerifications) }, async (request) => {
      const { workspaceId } = actingWorkspace(request);
      await requireActivePlan(db, workspaceId);
      const { id, licenseId } = request.params;
      return (await listManualVerifications(db, workspaceId, id, licenseId)).map(presentManualVerification);
    });

    // No requireActivePlan, as for the exports: the evidence a workspace kept stays theirs on a lapsed plan.
    app.get(E.manualEvidence.path, { schema: endpointSchema(E.manualEvidence) }, async (request, reply) => {
      const { workspaceId } = actingWorkspace(request);
      const evidence = await readManualEvidence(db, workspaceId, request.params.id, request.params.verificationId);
      return reply
        .header('content-type', evidence.type)
        .header(
          'content-disposition',
          `attachment; filename="${evidence.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(evidence.name)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(evidence.content);
    });
  });
}
