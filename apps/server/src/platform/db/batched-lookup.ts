type Waiter<V> = { resolve: (value: V) => void; reject: (error: unknown) => void };

/**
 * Calls that share round trips. A call waits for the end of the event loop's current turn
 * (`setImmediate`), so that the calls made while Node handled one batch of I/O — requests read
 * from many sockets at once under load — go out in one statement; a call made while another batch
 * is in flight joins the next one, which starts once that one returns. Idle, a call goes out within
 * the same turn, as before; under load, each statement carries many calls, and with it one socket
 * write and one round trip instead of one each (a write costs tens of microseconds on these
 * machines: BENCHMARKS.md, Search API). Nothing is kept: a batch only ever answers calls made
 * before it started, so each answer is at least as fresh as its request (a deactivation committed
 * before a request arrived is seen by its session read).
 *
 * `runMany` answers its items in order, one result each. A batch the database refuses for its data
 * (SQLSTATE classes 22 and 23: a value it cannot store, a constraint) is run again item by item,
 * so that one caller's input fails that caller's call alone; meant for statements that change
 * nothing when they fail. Any other failure (the database unreachable, a timeout) fails the whole
 * batch at once, so that an outage answers every caller as quickly as one.
 */
const refusesData = (error: unknown) =>
  typeof error === 'object' && error !== null && /^2[23]/.test(String((error as { code?: unknown }).code));

export function createBatchedCall<I, R>(runMany: (items: I[]) => Promise<R[]>): (item: I) => Promise<R> {
  let waiting: { item: I; waiter: Waiter<R> }[] = [];
  let inFlight = false;
  let scheduled = false;
  const schedule = () => {
    if (scheduled || inFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  const settle = async (batch: { item: I; waiter: Waiter<R> }[]) => {
    const results = await runMany(batch.map((entry) => entry.item));
    for (const [index, entry] of batch.entries()) entry.waiter.resolve(results[index] as R);
  };

  async function flush(): Promise<void> {
    scheduled = false;
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch = waiting;
    waiting = [];
    try {
      await settle(batch);
    } catch (error) {
      if (batch.length === 1 || !refusesData(error)) for (const entry of batch) entry.waiter.reject(error);
      else
        for (const entry of batch) {
          await settle([entry]).catch((alone) => entry.waiter.reject(alone));
        }
    } finally {
      inFlight = false;
      schedule();
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, waiter: { resolve, reject } });
      schedule();
    });
}

/**
 * Look-ups by key that share round trips (createBatchedCall): a batch asks for each key once,
 * however many callers asked for it.
 */
export function createBatchedLookup<K, V>(
  fetchMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  return createBatchedCall(async (keys: K[]) => {
    const found = await fetchMany([...new Set(keys)]);
    return keys.map((key) => found.get(key));
  });
}

/**
 * A batched call once per `owner` (a pool or a Drizzle handle), for operations that take their
 * connection as an argument: each owner's calls batch among themselves, never with another
 * database's.
 */
function batchedPer<O extends object, I, R>(
  create: (owner: O) => (item: I) => Promise<R>,
): (owner: O) => (item: I) => Promise<R> {
  const calls = new WeakMap<O, (item: I) => Promise<R>>();
  return (owner) => {
    let call = calls.get(owner);
    if (!call) {
      call = create(owner);
      calls.set(owner, call);
    }
    return call;
  };
}

/** createBatchedLookup once per owner (batchedPer). */
export function createBatchedLookupPer<O extends object, K, V>(
  fetchMany: (owner: O, keys: K[]) => Promise<Map<K, V>>,
): (owner: O) => (key: K) => Promise<V | undefined> {
  return batchedPer((owner: O) => createBatchedLookup((keys: K[]) => fetchMany(owner, keys)));
}

/** createBatchedCall once per owner (batchedPer). */
export function createBatchedCallPer<O extends object, I, R>(
  runMany: (owner: O, items: I[]) => Promise<R[]>,
): (owner: O) => (item: I) => Promise<R> {
  return batchedPer((owner: O) => createBatchedCall((items: I[]) => runMany(owner, items)));
}
