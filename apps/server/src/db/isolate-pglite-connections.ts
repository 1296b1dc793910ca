import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type Queued = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

// Frontend message types: Terminate ends a connection without an answer.
const TERMINATE = 0x58;
// ReadyForQuery 'Z', length 5, status 'I' (idle; 'T' and 'E' mean inside a transaction block).
const READY_IDLE = [0x5a, 0, 0, 0, 5, 0x49];
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

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

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    const dropped = this.queue.filter((q) => q.handlerId === handlerId);
    this.queue = this.queue.filter((q) => q.handlerId !== handlerId);
    for (const q of dropped) q.reject(new Error('Handler disconnected'));
  }

  /** A connection gone mid-batch or mid-transaction must not leave the session to the next one. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    // Ends an extended batch cut short (the backend would otherwise skip the next one's messages).
    await this.db.runExclusive(() => this.db.execProtocolRawStream(SYNC, { onRawData: () => {} })).catch(() => {});
    // exec() takes PGlite's query lock itself, so not inside runExclusive.
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => {});
    this.owner = null;
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
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                tail = lastBytes(tail, data, 6);
                item.onData(data);
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
