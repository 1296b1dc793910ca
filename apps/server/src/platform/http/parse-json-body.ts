import { isUtf8 } from 'node:buffer';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * What a JSON body may be (docs/security.md, Request limits). The deepest body a route takes nests
 * four levels and the widest has a few dozen fields (files travel as one base64 string), so both
 * limits are far above any honest request, yet they bound what parsing and every later walk of
 * the body (the unstorable-text check, zod, better-auth) can cost: nesting 10,000 deep overflows
 * a recursive walk's stack, and a million tiny keys cost seconds of CPU inside the size limit.
 */
export const JSON_BODY_LIMITS = { depth: 32, items: 10_000 } as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);
const COMMA = 0x2c;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Why the JSON text is over a limit, or null. One pass over the bytes before any parsing, with no
 * recursion: a depth counter, and a count of array elements and object members (one for each
 * container's first value, one for each comma). Text that is not JSON at all is left for the
 * parser to refuse.
 */
export function exceededJsonLimit(bytes: Buffer): string | null {
  let depth = 0;
  let items = 0;
  // Just inside a `[` or `{`, before its first value (or its end).
  let opened = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (WHITESPACE.has(byte)) continue;
    if (opened && !CLOSERS.has(byte)) items++;
    opened = false;
    if (byte === QUOTE) {
      // Jump to the closing quote: one not escaped by an odd run of backslashes.
      let end = i;
      for (;;) {
        end = bytes.indexOf(QUOTE, end + 1);
        if (end === -1) return null;
        let run = 0;
        while (bytes[end - 1 - run] === BACKSLASH) run++;
        if (run % 2 === 0) break;
      }
      i = end;
    } else if (OPENERS.has(byte)) {
      depth++;
      if (depth > JSON_BODY_LIMITS.depth) return `nests deeper than ${JSON_BODY_LIMITS.depth} levels`;
      opened = true;
    } else if (CLOSERS.has(byte)) {
      depth--;
    } else if (byte === COMMA) {
      items++;
    }
  }
  if (items > JSON_BODY_LIMITS.items) {
    return `has more than ${JSON_BODY_LIMITS.items.toLocaleString('en-US')} keys and elements`;
  }
  return null;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The app's one parser of `application/json`, for every route (better-auth's included, mounted as
 * one of ours): the bytes must be UTF-8 without a byte-order mark (RFC 8259; Fastify's parser
 * would drop a BOM silently and turn broken bytes into U+FFFD, storing what was not sent) and
 * within JSON_BODY_LIMITS, before Fastify's own parser (prototype-poisoning checks, its 400s for
 * an empty or broken body) reads them. The size limit is Fastify's, per route, before this runs.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parse: FastifyBodyParser<Buffer> = (request, bytes, done) => {
    if (bytes.subarray(0, BOM.length).equals(BOM)) {
      return done(
        new AppError('INVALID_ENCODING', 'The request body must not start with a byte-order mark', 400),
        undefined,
      );
    }
    if (!isUtf8(bytes)) {
      return done(new AppError('INVALID_ENCODING', 'The request body is not valid UTF-8', 400), undefined);
    }
    const exceeded = exceededJsonLimit(bytes);
    if (exceeded) return done(new AppError('JSON_TOO_COMPLEX', `The JSON body ${exceeded}`, 400), undefined);
    parseJson(request, bytes.toString('utf8'), done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parse);
}
