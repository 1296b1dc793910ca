import { describe, expect, it } from 'vitest';
import { createBatchedCall, createBatchedLookup, createBatchedLookupPer } from './batched-lookup.ts';

/** The end of the event loop's current turn, when a batch of the calls made in it goes out. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A fake fetch that records its batches and answers when told to. */
function gatedFetch() {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const fetchMany = async (keys: string[]) => {
    batches.push(keys);
    await new Promise<void>((release) => gates.push(release));
    return new Map(keys.filter((k) => !k.startsWith('missing')).map((k) => [k, k.toUpperCase()]));
  };
  /** Answers the batch in flight, and lets the next one start. */
  const release = async () => {
    gates.shift()?.();
    await turn();
    await turn();
  };
  return { batches, fetchMany, release };
}

describe('createBatchedLookup', () => {
  it('sends the look-ups of one turn together, and batches what arrives meanwhile into the next round trip', async () => {
    const { batches, fetchMany, release } = gatedFetch();
    const lookup = createBatchedLookup(fetchMany);
    const first = [lookup('a'), lookup('z')];
    expect(batches).toEqual([]);
    await turn();
    expect(batches).toEqual([['a', 'z']]);
    const during = [lookup('b'), lookup('c'), lookup('b'), lookup('missing')];
    await turn();
    expect(batches).toEqual([['a', 'z']]);
    await release();
    expect(await Promise.all(first)).toEqual(['A', 'Z']);
    expect(batches).toEqual([
      ['a', 'z'],
      ['b', 'c', 'missing'],
    ]);
    await release();
    expect(await Promise.all(during)).toEqual(['B', 'C', 'B', undefined]);
  });

  it('never answers a look-up from a batch that started before it was asked (no caching)', async () => {
    const { batches, fetchMany, release } = gatedFetch();
    const lookup = createBatchedLookup(fetchMany);
    const early = lookup('k');
    await turn();
    const late = lookup('k');
    await release();
    await early;
    expect(batches).toEqual([['k'], ['k']]);
    await release();
    expect(await late).toBe('K');
    const again = lookup('k');
    await turn();
    expect(batches).toHaveLength(3);
    await release();
    expect(await again).toBe('K');
  });

  it('fails every look-up of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const lookup = createBatchedLookup(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(lookup('x')).rejects.toThrow('database down');
    fail = false;
    expect(await lookup('x')).toBe('x');
  });
});

describe('createBatchedCall', () => {
  it('answers every call of a batch on its own, in the order the calls came, repeats included', async () => {
    const batches: string[][] = [];
    const call = createBatchedCall(async (items: string[]) => {
      batches.push(items);
      return items.map((item, index) => `${item}${index}`);
    });
    const answers = await Promise.all(['a', 'b', 'a', 'c'].map((item) => call(item)));
    expect(batches).toEqual([['a', 'b', 'a', 'c']]);
    expect(answers).toEqual(['a0', 'b1', 'a2', 'c3']);
  });

  it('runs a batch the database refuses for its data again call by call, so that only that call fails', async () => {
    const batches: string[][] = [];
    const call = createBatchedCall(async (items: string[]) => {
      batches.push(items);
      // 22P05: untranslatable character, as PostgreSQL answers a NUL in a jsonb value.
      if (items.includes('bad')) throw Object.assign(new Error('refused'), { code: '22P05' });
      return items.map((item) => item.toUpperCase());
    });
    const answers = await Promise.allSettled(['x', 'y', 'bad', 'z'].map((item) => call(item)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'X',
      'Y',
      'refused',
      'Z',
    ]);
    expect(batches).toEqual([['x', 'y', 'bad', 'z'], ['x'], ['y'], ['bad'], ['z']]);
  });

  it('fails every call of a batch at once when the database cannot be reached, trying none again', async () => {
    const batches: string[][] = [];
    const call = createBatchedCall(async (items: string[]) => {
      batches.push(items);
      throw Object.assign(new Error('connection terminated'), { code: '08006' });
    });
    const answers = await Promise.allSettled(['x', 'y', 'z'].map((item) => call(item)));
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(batches).toEqual([['x', 'y', 'z']]);
  });
});

describe('createBatchedLookupPer', () => {
  it('keeps one batched look-up per owner, batching each owner’s keys apart from another’s', async () => {
    const asked: [string, string[]][] = [];
    const lookupOf = createBatchedLookupPer(async (owner: { name: string }, keys: string[]) => {
      asked.push([owner.name, keys]);
      return new Map(keys.map((k) => [k, `${owner.name}:${k}`]));
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(lookupOf(a)).toBe(lookupOf(a));
    expect(await Promise.all([lookupOf(a)('x'), lookupOf(b)('x'), lookupOf(a)('y')])).toEqual(['a:x', 'b:x', 'a:y']);
    expect(asked).toEqual([
      ['a', ['x', 'y']],
      ['b', ['x']],
    ]);
  });
});
