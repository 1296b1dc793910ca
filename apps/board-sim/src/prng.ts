/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

// murmur3's finaliser: cheap and avalanches well, so neighbouring person indexes get unrelated streams.
function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a few integers; order matters. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) h = fmix32(h ^ Math.imul(part | 0, 0x27d4eb2d)) + 0x165667b1;
  return fmix32(h);
}

/** A 32-bit hash of a string (FNV-1a), for turning board ids into seeds. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for synthetic data (not for anything secret). */
export function mulberry32(seed: number): Random {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max] inclusive. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Cumulative weights for `pickWeighted`; build once per list. */
export type WeightedList<T> = { items: readonly T[]; cumulative: Float64Array; total: number };

export function weighted<T>(items: readonly T[], weights: readonly number[]): WeightedList<T> {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += weights[i] ?? 0;
    cumulative[i] = total;
  }
  return { items, cumulative, total };
}

/** Zipf-like weights: the first names of a list are the common ones, as in census tables. */
export function rankWeighted<T>(items: readonly T[], flatten = 4): WeightedList<T> {
  return weighted(
    items,
    items.map((_, rank) => 1 / (rank + flatten)),
  );
}

export function pickWeighted<T>(random: Random, list: WeightedList<T>): T {
  const target = random() * list.total;
  let lo = 0;
  let hi = list.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list.cumulative[mid] as number) <= target) lo = mid + 1;
    else hi = mid;
  }
  return list.items[lo] as T;
}
