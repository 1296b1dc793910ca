const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Node = { [key: string]: Node | string };

function toArrays(node: Node | string): unknown {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values = Object.fromEntries(keys.map((k) => [k, toArrays(node[k] as Node | string)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => values[k]);
  }
  return values;
}

/**
 * Stripe's form encoding (`line_items[0][price]=…&metadata[userId]=…`, `expand[]=…`) as nested
 * objects and arrays, values as strings — what the Stripe client sends the test provider.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Node = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    if (path.some((p) => UNSAFE_KEYS.has(p))) continue;
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] === '' ? String(Object.keys(node).length) : (path[i] as string);
      if (i === path.length - 1) {
        node[segment] = value;
      } else {
        const next = node[segment];
        node[segment] = typeof next === 'object' ? next : {};
        node = node[segment] as Node;
      }
    }
  }
  return toArrays(root) as Record<string, unknown>;
}
