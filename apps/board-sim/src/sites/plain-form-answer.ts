import type { ServerResponse } from 'node:http';

/**
 * A request to one of the plain-form look-up pages (plain-form-lookups.ts), read: whose board it is,
 * the surname it searches (a fault scoped to one physician meets only that physician's searches), and
 * how the page answers when no fault does.
 */
export type PlainFormAnswer = {
  boardId: string;
  lastName: string | undefined;
  send(res: ServerResponse): void | Promise<void>;
};
