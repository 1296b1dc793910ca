import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from './env.ts';

afterEach(() => vi.restoreAllMocks());

function failing(env: Record<string, string>) {
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => parseEnv(env)).toThrow('exit');
  expect(exit).toHaveBeenCalledWith(1);
  return String(error.mock.calls[0]?.[0]);
}

describe('parseEnv', () => {
  it('gives the embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data', TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    const message = failing({ PORT: 'eighty', DATABASE_URL: 'not a url', AUTH_SECRET: 'short' });
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL:');
    expect(message).toContain('AUTH_SECRET: must be at least 32 characters');
  });

  it('requires real secrets and services in production', () => {
    const message = failing({ NODE_ENV: 'production' });
    for (const name of ['AUTH_SECRET', 'DATABASE_URL', 'APP_URL', 'SMTP_URL']) {
      expect(message).toContain(`${name}: is required in production`);
    }
  });
});
