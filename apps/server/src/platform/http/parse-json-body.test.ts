import { describe, expect, it } from 'vitest';
import { exceededJsonLimit, JSON_BODY_LIMITS } from './parse-json-body.ts';

const check = (text: string) => exceededJsonLimit(Buffer.from(text));

describe('exceededJsonLimit', () => {
  it('counts nesting, not brackets inside strings or after escaped quotes', () => {
    const { depth } = JSON_BODY_LIMITS;
    expect(check(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBeNull();
    expect(check(`${'['.repeat(depth + 1)}${']'.repeat(depth + 1)}`)).toBe('nests deeper than 32 levels');
    expect(check(`${'{"a":'.repeat(depth + 1)}1${'}'.repeat(depth + 1)}`)).toBe('nests deeper than 32 levels');
    expect(check(JSON.stringify({ a: '['.repeat(100) }))).toBeNull();
    expect(check(JSON.stringify({ a: `\\"${'{'.repeat(100)}`, b: '\\' }))).toBeNull();
    expect(check(`["\\\\", ${'['.repeat(depth)}${']'.repeat(depth)}]`)).toBe('nests deeper than 32 levels');
  });

  it('counts every array element and object member, at any depth', () => {
    const { items } = JSON_BODY_LIMITS;
    expect(check(`[${Array(items).fill(0).join(',')}]`)).toBeNull();
    expect(
      check(
        `[${Array(items + 1)
          .fill(0)
          .join(',')}]`,
      ),
    ).toBe('has more than 10,000 keys and elements');
    expect(check(`{"a":[${Array(items).fill('{}').join(',')}]}`)).toBe('has more than 10,000 keys and elements');
    expect(check(JSON.stringify({ a: ','.repeat(items * 2) }))).toBeNull();
    expect(check('[ ]')).toBeNull();
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(check('"unterminated')).toBeNull();
    expect(check('')).toBeNull();
  });
});
