import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a body is read and thrown away after it was refused: 16 MB, or the route's own
 * limit where that is more. Enough for a client to finish sending a body somewhat over the limit
 * and read its answer; past it the connection is cut, so a client that never stops costs no more.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * An onSend hook for every route: an answer sent before its request's body has all arrived (a 413
 * for a body over the limit, a refusal by an onRequest hook) leaves the connection open while the
 * rest of the body is read and discarded (docs/security.md, Request limits). Fastify marks such an
 * answer `Connection: close`, and Node then closes the socket with the body's bytes unread; the
 * kernel answers them with a reset, which the client meets while it is still sending (EPIPE,
 * ECONNRESET) and which can discard the answer before the client has read it.
 */
export async function drainRefusedBody<T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> {
  const incoming = request.raw;
  if (incoming.complete || incoming.destroyed) return payload;
  if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
  const limit = Math.max(DRAIN_LIMIT_BYTES, request.routeOptions.bodyLimit ?? 0);
  let drained = 0;
  // Reading it is what discards it: a listener puts the stream in flowing mode.
  incoming.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) incoming.socket.destroy();
  });
  // Then the connection closes as Fastify meant it to, now that no byte is left unread (Node would
  // otherwise keep it open, and count it busy when the server closes).
  incoming.once('end', () => {
    if (reply.raw.writableFinished) incoming.socket.end();
    else reply.raw.once('finish', () => incoming.socket.end());
  });
  return payload;
}
