import { describe, expect, it } from 'vitest';
import { createBatchedLookup, createBatchedLookupPer } from './batched-lookup.ts';

/** A fake fetch that records its batches and answers when told to. */
function gatedFetch() {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const fetchMany = async (keys: string[]) => {
    batches.push(keys);
    await new Promise<void>((release) => gates.push(release));
    return new Map(keys.filter((k) => !k.startsWith('missing')).map((k) => [k, k.toUpperCase()]));
  };
  const release = async () => {
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, fetchMany, release };
}

describe('createBatchedLookup', () => {
  it('starts at once when idle, and batches what arrives meanwhile into the next round trip', async () => {
    const { batches, fetchMany, release } = gatedFetch();
    const lookup = createBatchedLookup(fetchMany);
    const first = lookup('a');
    const during = [lookup('b'), lookup('c'), lookup('b'), lookup('missing')];
    expect(batches).toEqual([['a']]);
    await release();
    expect(await first).toBe('A');
    expect(batches).toEqual([['a'], ['b', 'c', 'missing']]);
    await release();
    expect(await Promise.all(during)).toEqual(['B', 'C', 'B', undefined]);
  });

  it('never answers a look-up from a batch that started before it was asked (no caching)', async () => {
    const { batches, fetchMany, release } = gatedFetch();
    const lookup = createBatchedLookup(fetchMany);
    const early = lookup('k');
    const late = lookup('k');
    await release();
    await early;
    expect(batches).toEqual([['k'], ['k']]);
    await release();
    expect(await late).toBe('K');
    const again = lookup('k');
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
      ['a', ['x']],
      ['b', ['x']],
      ['a', ['y']],
    ]);
  });
});
