import type { RosterImport } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_ENDPOINTS as E } from '@licensewatch/shared/roster-import-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInRequired } from '../../accounts/http/signed-in-user.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { checkRosterFile } from '../roster-import/check-roster-file.ts';
import { getRosterImport, type RosterImportRow } from '../roster-import/get-roster-import.ts';
import { lookUpNpi } from '../roster-import/look-up-npi.ts';
import { startRosterImport } from '../roster-import/start-roster-import.ts';

type Ctx = Pick<Platform, 'db' | 'env' | 'jobs' | 'log'> & { readSession: SessionReader };

// A 2 MB file is about 2.8 MB of base64; the app's 1 MB default would refuse it before our check
// could say why.
const UPLOAD_BODY_LIMIT = 3 * 1024 * 1024;

function presentImport(r: RosterImportRow): RosterImport {
  return {
    id: r.id,
    file_name: r.fileName,
    status: r.status,
    total_rows: r.totalRows,
    processed_rows: r.processedRows,
    created: r.createdCount,
    updated: r.updatedCount,
    unchanged: r.unchangedCount,
    failed: r.failedCount,
    skipped: r.skippedRows,
    error: r.error,
    // Rows imported side by side are counted as each ends: in file order here.
    failures: [...r.failures].sort((a, b) => a.row - b.row),
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** Roster import (docs/data-flows.md, Roster import) and the NPI look-up; the workspace is always the session's (ADR 019). */
export function registerRosterImportRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(E.preview.path, { schema: endpointSchema(E.preview), bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
      const { workspaceId } = workspaceToChange(request);
      await requireActivePlan(db, workspaceId);
      return (await checkRosterFile(db, workspaceId, request.body)).preview;
    });

    app.post(
      E.start.path,
      { schema: endpointSchema(E.start), bodyLimit: UPLOAD_BODY_LIMIT },
      async (request, reply) => {
        const started = await startRosterImport(ctx, workspaceToChange(request), request.body);
        return reply.status(E.start.status).send(presentImport(started));
      },
    );

    app.get(E.status.path, { schema: endpointSchema(E.status) }, async (request) =>
      presentImport(await getRosterImport(db, actingWorkspace(request).workspaceId, request.params.id)),
    );

    app.get(E.npiLookup.path, { schema: endpointSchema(E.npiLookup) }, async (request) => {
      // Pre-fills the new-report form: whoever may create a report may ask.
      workspaceToChange(request);
      return lookUpNpi(ctx.env, request.params.npi);
    });
  });
}
