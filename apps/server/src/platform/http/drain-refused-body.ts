import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused body is read and thrown away past the route's limit. Enough for a client
 * to finish sending a body somewhat over the limit and read its answer; past it the connection is
 * cut, so a client that never stops costs no more.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * An onSend hook for every route: an answer to a request whose body has not all arrived (a 413
 * for a body over the limit, a 415) waits until the rest of the body has been read and discarded
 * (docs/security.md, Request limits). Fastify marks such an answer `Connection: close`, and Node
 * closes the socket as soon as it is written; with the body's bytes unread, the kernel answers
 * them with a reset, which the client meets while it is still sending (EPIPE, ECONNRESET) and
 * which can discard the answer before the client has read it.
 */
export async function drainRefusedBody<T>(request: FastifyRequest, _reply: FastifyReply, payload: T): Promise<T> {
  const incoming = request.raw;
  if (incoming.complete || incoming.destroyed) return payload;
  const limit = (request.routeOptions.bodyLimit ?? 0) + DRAIN_LIMIT_BYTES;
  await new Promise<void>((resolve) => {
    let drained = 0;
    // Reading it is what discards it: a listener puts the stream in flowing mode.
    incoming.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > limit) {
        incoming.socket.destroy();
        resolve();
      }
    });
    incoming.once('end', resolve);
    // Given up by the client, or by Node's request timeout.
    incoming.once('close', resolve);
  });
  return payload;
}
