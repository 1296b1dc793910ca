import { ADMIN_BOARD_LISTS_ENDPOINTS as E } from '@licensewatch/shared/admin-board-lists-endpoints';
import { BOARD_LIST_MAX_BYTES } from '@licensewatch/shared/board-lists';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { loadBoardList } from '../../licensing/load-board-list.ts';
import { recordAdminAction } from '../record-admin-action.ts';
import { adminActor } from './admin-actor.ts';
import { registerAdminScope } from './admin-required.ts';

type Ctx = Pick<Platform, 'db' | 'pool' | 'log'> & {
  readSession: SessionReader;
  licensing?: LicenseSources | undefined;
};

// A 20 MB file is about 26.7 MB in base64; the app's 1 MB default would refuse it before the
// schema could say why. For this route alone.
const LIST_BODY_LIMIT = Math.ceil((BOARD_LIST_MAX_BYTES * 4) / 3) + 64 * 1024;

const noSource = (boardId: string): never => {
  throw new Error(`No license board is configured with id '${boardId}'`);
};

/** A board's list loaded by an operator (docs/sources.md, Lists an operator loads). */
export function registerAdminBoardListsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  registerAdminScope(fastify, ctx.readSession, (app) => {
    app.post(
      E.loadBoardList.path,
      { schema: endpointSchema(E.loadBoardList), bodyLimit: LIST_BODY_LIMIT },
      async (request) => {
        // Read at each request: the boards are wired once the sources are open (tests wire them late).
        const licensing = ctx.licensing ?? { boards: [], sourceFor: noSource };
        const result = await loadBoardList(ctx, licensing, request.body);
        // The load is many merges, not one transaction (ingestBulkFile's batches): its audit row follows it,
        // with what it did, once it has done it.
        if (!result.check_only)
          await recordAdminAction(ctx.db, adminActor(request), {
            action: 'board_list.load',
            targetType: 'board',
            targetId: result.board_id,
            targetLabel: result.board_name,
            after: {
              file: request.body.file_name,
              rows_read: result.rows_read,
              rows_rejected: result.rows_rejected,
              licenses_new: result.licenses_new,
              licenses_changed: result.licenses_changed,
              licenses_removed: result.licenses_removed,
              layout: request.body.layout,
              complete: request.body.complete,
            },
          });
        return result;
      },
    );
  });
}
