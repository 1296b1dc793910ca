type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Look-ups by key that share round trips: a look-up asked for while another batch is in flight
 * joins the next batch, which starts as soon as that one returns. Idle, a look-up starts at once
 * (one round trip, as before); under load, every request that arrived during a round trip shares
 * the next one. Nothing is kept: a batch is only ever answered to look-ups asked before it started,
 * so each answer is at least as fresh as its request (a deactivation committed before a request
 * arrived is seen by its session read).
 */
export function createBatchedLookup<K, V>(
  fetchMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let waiting = new Map<K, Waiter<V>[]>();
  let inFlight = false;

  async function flush(): Promise<void> {
    if (inFlight || waiting.size === 0) return;
    inFlight = true;
    const batch = waiting;
    waiting = new Map();
    try {
      const found = await fetchMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    } finally {
      inFlight = false;
      void flush();
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      void flush();
    });
}

/**
 * createBatchedLookup once per `owner` (a pool or a Drizzle handle), for operations that take
 * their connection as an argument: each owner's look-ups batch among themselves, never with
 * another database's.
 */
export function createBatchedLookupPer<O extends object, K, V>(
  fetchMany: (owner: O, keys: K[]) => Promise<Map<K, V>>,
): (owner: O) => (key: K) => Promise<V | undefined> {
  const lookups = new WeakMap<O, (key: K) => Promise<V | undefined>>();
  return (owner) => {
    let lookup = lookups.get(owner);
    if (!lookup) {
      lookup = createBatchedLookup((keys: K[]) => fetchMany(owner, keys));
      lookups.set(owner, lookup);
    }
    return lookup;
  };
}
