import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { billingTestObject } from '../tables.ts';
import type { TestObject, TestObjectStore } from './test-object-store.ts';

/** The test provider's objects in billing_test_object; updates compare-and-swap on the whole object. */
export function createDbTestObjectStore(db: Db): TestObjectStore {
  const get = async <T extends TestObject>(id: string): Promise<T | null> => {
    const [row] = await db
      .select({ data: billingTestObject.data })
      .from(billingTestObject)
      .where(eq(billingTestObject.id, id));
    return (row?.data as T | undefined) ?? null;
  };
  return {
    get,
    create: async (object) => {
      await db.insert(billingTestObject).values({ id: object.id, kind: object.object, data: object });
      return object;
    },
    update: async <T extends TestObject>(id: string, change: (current: T) => T | null) => {
      // Optimistic: two clicks on "Complete test payment" must not both see the session open.
      for (let attempt = 0; attempt < 10; attempt++) {
        const current = await get<T>(id);
        if (!current) return null;
        const next = change(structuredClone(current));
        if (!next) return null;
        const written = await db
          .update(billingTestObject)
          .set({ data: next, updatedAt: sql`now()` })
          .where(and(eq(billingTestObject.id, id), sql`${billingTestObject.data} = ${JSON.stringify(current)}::jsonb`))
          .returning({ id: billingTestObject.id });
        if (written.length > 0) return next;
      }
      throw new Error(`test object ${id} kept changing`);
    },
    list: async <T extends TestObject>(kind: string, match: Record<string, unknown>) => {
      const rows = await db
        .select({ data: billingTestObject.data })
        .from(billingTestObject)
        .where(and(eq(billingTestObject.kind, kind), sql`${billingTestObject.data} @> ${JSON.stringify(match)}::jsonb`))
        .orderBy(billingTestObject.createdAt);
      return rows.map((r) => r.data as T);
    },
  };
}
