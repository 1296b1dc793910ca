import { boardListResultSchema, loadBoardListSchema } from './board-lists.ts';
import { defineEndpoints } from './endpoint.ts';

/** A board's list loaded by an operator (docs/sources.md): an administrator's session only. */
export const ADMIN_BOARD_LISTS_ENDPOINTS = defineEndpoints({
  loadBoardList: {
    method: 'POST',
    path: '/api/v2/admin/board-lists',
    signedIn: true,
    summary:
      "Check, then load, a board's list of licenses from a file with its columns mapped; read and validated like any bulk file (administrators only)",
    body: loadBoardListSchema,
    response: boardListResultSchema,
    errors: [403],
  },
});
