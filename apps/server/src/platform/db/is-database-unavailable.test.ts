import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './is-database-unavailable.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new Error('Failed query: insert into "report" …', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['read-only transaction', pgError('25006', 'cannot execute INSERT in a read-only transaction')],
    ['admin shutdown', pgError('57P01')],
    ['starting up', pgError('57P03')],
    ['too many connections', pgError('53300')],
    ['connection failure', pgError('08006')],
    ['refused socket', pgError('ECONNREFUSED')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('timeout expired')],
    ['connection ended', new Error('Connection terminated unexpectedly')],
  ])('%s, bare or wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'timeout'],
    ['another timeout', new Error('request timeout expired after 30 s')],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('survives a cause that points back at itself', () => {
    const error = pgError('23505') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
