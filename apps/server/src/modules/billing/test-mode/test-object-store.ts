/** A Stripe-shaped object of the test provider: `object` names its kind, as in Stripe's JSON. */
export type TestObject = { id: string; object: string } & Record<string, unknown>;

/**
 * Where the test provider keeps its objects: the database when it runs inside the server (a test
 * checkout survives a restart and any process can answer it), memory when it runs standalone.
 */
export type TestObjectStore = {
  get<T extends TestObject>(id: string): Promise<T | null>;
  create<T extends TestObject>(object: T): Promise<T>;
  /** Applies `change` atomically (retrying on a concurrent write); null from `change` leaves it as is. */
  update<T extends TestObject>(id: string, change: (current: T) => T | null): Promise<T | null>;
  /** Objects of a kind whose fields include `match`. */
  list<T extends TestObject>(kind: string, match: Record<string, unknown>): Promise<T[]>;
};

export function createMemoryTestObjectStore(): TestObjectStore {
  const objects = new Map<string, TestObject>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    get: async <T extends TestObject>(id: string) => (objects.has(id) ? copy(objects.get(id) as T) : null),
    create: async <T extends TestObject>(object: T) => {
      objects.set(object.id, copy(object));
      return object;
    },
    update: async <T extends TestObject>(id: string, change: (current: T) => T | null) => {
      const current = objects.get(id) as T | undefined;
      if (!current) return null;
      const next = change(copy(current));
      if (next) objects.set(id, copy(next));
      return next;
    },
    list: async <T extends TestObject>(kind: string, match: Record<string, unknown>) =>
      [...objects.values()]
        .filter((o) => o.object === kind && Object.entries(match).every(([k, v]) => o[k] === v))
        .map((o) => copy(o as T)),
  };
}
