import type { Socket } from 'node:net';
import type { ErrorCode } from '@licensewatch/shared/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from './db/is-database-unavailable.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** Fastify's name for the status: scoped error handlers of plugins (the test provider's) read it. */
  get statusCode(): number {
    return this.status;
  }

  static validation(detail: string) {
    return new AppError('VALIDATION_ERROR', detail, 400);
  }
  static unauthenticated(detail = 'Not authenticated') {
    return new AppError('UNAUTHENTICATED', detail, 401);
  }
  static forbidden(detail = 'You do not have permission to do this.') {
    return new AppError('FORBIDDEN', detail, 403);
  }
  static notFound(detail = 'Not found') {
    return new AppError('NOT_FOUND', detail, 404);
  }
  static rateLimited(detail: string, retryAfterSeconds: number, code: ErrorCode = 'RATE_LIMITED') {
    return new AppError(code, detail, 429, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** "email: Please enter a valid email address." — names the field, as the client shows it. */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}

const FASTIFY_CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION_ERROR', 'Request body must not be empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_ERROR', 'Request body is not valid JSON'],
};

/** How long a client is asked to wait when the database is away: about as long as a restart or failover. */
const RETRY_AFTER_SECONDS = 30;
const DATABASE_UNAVAILABLE_DETAIL =
  'LicenseWatch cannot reach its database just now. Please try again in a minute; if you were saving something, check afterwards that it was saved.';

/** The one place errors become HTTP answers: `{detail, code}` with the right status, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).headers(error.headers).send({ detail: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map(
          (v) => `${v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext}: ${v.message}`,
        )
        .join('; ');
      return reply.status(400).send({ detail, code: 'VALIDATION_ERROR' });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ detail: describeIssues(error.issues), code: 'VALIDATION_ERROR' });
    }
    const known = 'code' in error ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ detail: known[2], code: known[1] });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message || 'Bad request', code: 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ detail: DATABASE_UNAVAILABLE_DETAIL, code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}

export function notFoundBody(method: string, url: string) {
  return { detail: `No route for ${method} ${url.split('?')[0]}`, code: 'NOT_FOUND' satisfies ErrorCode };
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot read (bad percent-encoding) or a path
 * segment longer than `maxParamLength`, answered like every other error.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ detail: 'The address is too long', code: 'URI_TOO_LONG' });
  }
  return reply.status(400).send({ detail: 'The address is not a valid URL', code: 'BAD_URL' });
}

const CLIENT_ERRORS: Record<string, [number, string, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'Request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive'],
};

/**
 * Node's `clientError`: a request its HTTP parser refused (headers or URL over 16 KB, bytes that
 * are not HTTP) never reaches Fastify; it gets the same `{detail, code}` body, then the connection
 * closes as Node requires.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'BAD_REQUEST',
    'The request is not valid HTTP',
  ];
  const body = JSON.stringify({ detail, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
