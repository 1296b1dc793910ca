import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type Queued = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

// Frontend message types: Terminate ends a connection without an answer; Parse, Bind, Describe
// and Close may name a prepared statement.
const TERMINATE = 0x58;
const PARSE = 0x50;
const BIND = 0x42;
const DESCRIBE = 0x44;
const CLOSE = 0x43;
const STATEMENT = 0x53;
const QUERY = 0x51;
// Backend message type: NotificationResponse (a NOTIFY, delivered to a session that LISTENs).
const NOTIFICATION = 0x41;
// ReadyForQuery 'Z', length 5, status 'I' (idle; 'T' and 'E' mean inside a transaction block).
const READY_IDLE = [0x5a, 0, 0, 0, 5, 0x49];
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

const encoder = new TextEncoder();

/** The end (exclusive) of the NUL-terminated string at `start`. */
function cstringEnd(message: Uint8Array, start: number): number {
  const end = message.indexOf(0, start);
  return end === -1 ? message.length : end;
}

/** One protocol message: type byte, int32 length (itself included), body. */
function frame(type: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type;
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

/**
 * PostgreSQL keeps prepared statements per session; PGlite has one session behind every socket
 * connection, so two pool connections preparing the same name (node-postgres prepares a named
 * query once per connection) would collide: "prepared statement already exists", or one running
 * the other's text. Each connection's statement names get its id appended on the way in, and a
 * closed connection's statements are closed.
 */
class StatementNames {
  private readonly byHandler = new Map<number, Set<string>>();

  /** The message with its statement name (if it names one) made this connection's own. */
  rewrite(handlerId: number, message: Uint8Array): Uint8Array {
    const type = message[0];
    let nameStart: number;
    if (type === PARSE) nameStart = 5;
    else if (type === BIND) nameStart = cstringEnd(message, 5) + 1;
    else if ((type === DESCRIBE || type === CLOSE) && message[5] === STATEMENT) nameStart = 6;
    else return message;
    const nameEnd = cstringEnd(message, nameStart);
    // The unnamed statement is per connection already: each batch re-parses it in its turn.
    if (nameEnd === nameStart) return message;
    const name = new TextDecoder().decode(message.subarray(nameStart, nameEnd));
    const own = `${name}#${handlerId}`;
    const names = this.byHandler.get(handlerId) ?? new Set<string>();
    this.byHandler.set(handlerId, names);
    if (type === PARSE) names.add(own);
    if (type === CLOSE) names.delete(own);
    const ownBytes = encoder.encode(own);
    const body = new Uint8Array(message.length - 5 - (nameEnd - nameStart) + ownBytes.length);
    body.set(message.subarray(5, nameStart), 0);
    body.set(ownBytes, nameStart - 5);
    body.set(message.subarray(nameEnd), nameStart - 5 + ownBytes.length);
    return frame(type, body);
  }

  /** Close + Sync for every statement a connection left prepared; it is forgotten here. */
  closeAll(handlerId: number): Uint8Array[] {
    const names = this.byHandler.get(handlerId) ?? new Set<string>();
    this.byHandler.delete(handlerId);
    return [...names].map((name) => {
      const close = frame(CLOSE, new Uint8Array([STATEMENT, ...encoder.encode(name), 0]));
      const joined = new Uint8Array(close.length + SYNC.length);
      joined.set(close);
      joined.set(SYNC, close.length);
      return joined;
    });
  }
}

/**
 * Finds the NotificationResponse messages in the backend's output to one message as it streams,
 * however it is cut into chunks: whole messages (type byte, int32 length counting itself, body).
 */
class NotificationScanner {
  private readonly header = new Uint8Array(5);
  private headerLength = 0;
  private bodyLeft = 0;
  private frame: Uint8Array | null = null;
  private framed = 0;

  scan(chunk: Uint8Array, found: (frame: Uint8Array) => void): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft === 0) {
        const take = Math.min(5 - this.headerLength, chunk.length - at);
        this.header.set(chunk.subarray(at, at + take), this.headerLength);
        this.headerLength += take;
        at += take;
        if (this.headerLength < 5) return;
        this.headerLength = 0;
        const length = new DataView(this.header.buffer).getInt32(1);
        this.bodyLeft = length - 4;
        if (this.header[0] === NOTIFICATION) {
          this.frame = new Uint8Array(1 + length);
          this.frame.set(this.header);
          this.framed = 5;
        }
      } else {
        const take = Math.min(this.bodyLeft, chunk.length - at);
        if (this.frame) this.frame.set(chunk.subarray(at, at + take), this.framed);
        this.framed += take;
        this.bodyLeft -= take;
        at += take;
      }
      if (this.bodyLeft === 0 && this.frame) {
        found(this.frame);
        this.frame = null;
      }
    }
  }
}

const decoder = new TextDecoder();

/** Whether a simple-protocol Query message is a LISTEN (every message passes here: one decoder). */
function isListen(message: Uint8Array): boolean {
  return message[0] === QUERY && /^\s*listen\s/i.test(decoder.decode(message.subarray(5, 40)));
}

/**
 * PGlite is one backend session shared by every socket connection. pglite-socket 0.2.17 queues
 * their protocol messages one by one and keeps a connection's turn only inside an explicit
 * transaction block, so an extended-protocol batch (Parse/Bind/Execute/Sync) from one pool
 * connection interleaves with another's: wrong rows, "portal does not exist", hung queries
 * (electric-sql/pglite#1046, open). This queue keeps the turn with a connection until the backend
 * says ReadyForQuery *idle*, i.e. after its whole batch or transaction.
 */
class ConnectionTurnQueue {
  private queue: Queued[] = [];
  private processing = false;
  /** The connection mid-batch or mid-transaction; only its messages may run. */
  private owner: number | null = null;
  private readonly statements = new StatementNames();
  /**
   * The connections that said LISTEN, each with how to write to it. The one session listens for
   * them all, and PostgreSQL gives a notification to the session that runs the transaction that
   * commits it, so without this a NOTIFY from one connection reached only that connection.
   */
  private readonly listeners = new Map<number, (data: Uint8Array) => void>();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (isListen(message)) this.listeners.set(handlerId, onData);
    return this.push(handlerId, this.statements.rewrite(handlerId, message), onData);
  }

  private push(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.listeners.delete(handlerId);
    const dropped = this.queue.filter((q) => q.handlerId === handlerId);
    this.queue = this.queue.filter((q) => q.handlerId !== handlerId);
    for (const q of dropped) q.reject(new Error('Handler disconnected'));
  }

  /**
   * Called when a connection goes: a connection gone mid-batch or mid-transaction must not leave
   * the session to the next one, and the statements it prepared are closed, in their turn.
   */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner === handlerId) {
      // Ends an extended batch cut short (the backend would otherwise skip the next one's messages).
      await this.db.runExclusive(() => this.db.execProtocolRawStream(SYNC, { onRawData: () => {} })).catch(() => {});
      // exec() takes PGlite's query lock itself, so not inside runExclusive.
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => {});
      this.owner = null;
    }
    for (const close of this.statements.closeAll(handlerId)) void this.push(handlerId, close, () => {}).catch(() => {});
    await this.process();
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === this.owner);
        // The owner's next message has not arrived yet: everyone else waits for it.
        if (index === -1 || this.queue.length === 0) return;
        const [item] = this.queue.splice(index, 1);
        if (!item) return;
        let bytes = 0;
        let tail: Uint8Array = new Uint8Array(0);
        // A message's output starts with a whole message, so each is scanned on its own.
        const notifications = this.listeners.size > 0 ? new NotificationScanner() : null;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                tail = lastBytes(tail, data, 6);
                item.onData(data);
                notifications?.scan(data, (frame) => this.forward(item.handlerId, frame));
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error);
          continue;
        }
        const idle = tail.length === 6 && tail.every((b, i) => b === READY_IDLE[i]);
        this.owner = idle || item.message[0] === TERMINATE ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  /**
   * A notification, to every listening connection but the one whose output carries it already.
   * Written between that connection's messages: the queue runs one message at a time and each
   * one's output is whole before the next runs, so no other connection is in the middle of one.
   */
  private forward(from: number, frame: Uint8Array): void {
    for (const [handlerId, write] of this.listeners) if (handlerId !== from) write(frame);
  }
}

function lastBytes(previous: Uint8Array, next: Uint8Array, n: number): Uint8Array {
  if (next.length >= n) return next.slice(next.length - n);
  const joined = new Uint8Array(previous.length + next.length);
  joined.set(previous);
  joined.set(next, previous.length);
  return joined.slice(Math.max(0, joined.length - n));
}

/** Gives the socket server a queue that never interleaves two connections' batches. Call before start(). */
export function isolatePgliteConnections(server: PGLiteSocketServer, db: PGlite): void {
  const internals = server as unknown as { queryQueue?: { enqueue?: unknown } };
  // The field is private to pglite-socket (pinned at 0.2.17): fail loudly if an upgrade moves it.
  if (typeof internals.queryQueue?.enqueue !== 'function')
    throw new Error('pglite-socket changed: cannot isolate connections; review isolate-pglite-connections.ts');
  internals.queryQueue = new ConnectionTurnQueue(db) as unknown as typeof internals.queryQueue;
}
