import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Why PostgreSQL could not store this text, or null when it can. */
function unstorable(text: string): string | null {
  // text and jsonb refuse U+0000 outright.
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  // A lone surrogate cannot be encoded as UTF-8 (jsonb refuses its \u escape; text would silently
  // get U+FFFD instead of what was sent).
  if (!text.isWellFormed()) return 'is not valid Unicode text';
  return null;
}

function findUnstorable(value: unknown, path: string[]): { path: string[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = unstorable(value);
    return problem ? { path, problem } : null;
  }
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorable(key);
    if (keyProblem) return { path: [...path, key.replace(/\0/g, '\\0')], problem: keyProblem };
    const found = findUnstorable(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * A preValidation hook for every route: text the database cannot store (docs/security.md, Errors
 * and unstorable input) is a 400 that names the field — before any route's own validation, so no
 * query ever sees it and no route has to remember to refuse it. A raw body (the Stripe webhook's
 * bytes) is not text and is left alone.
 */
export async function rejectUnstorableInput(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const found = findUnstorable(value, []);
    if (found) throw AppError.validation(`${found.path.join('.') || part}: ${found.problem}`);
  }
}
