import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.ts';

const PORTAL = 'https://portal.example.gov';
const LOGIN = 'https://tenant.b2clogin.com';

describe('CookieJar', () => {
  it('sends a host-only cookie back to its host only, and a domain cookie to the domain and below', () => {
    const jar = new CookieJar();
    jar.store(['session=abc; Path=/; HttpOnly', 'wide=1; Domain=.example.gov; Path=/'], `${PORTAL}/start`);
    expect(jar.header(`${PORTAL}/data`)).toBe('session=abc; wide=1');
    expect(jar.header('https://files.example.gov/x')).toBe('wide=1');
    expect(jar.header(`${LOGIN}/anything`)).toBe('');
  });

  it('refuses a cookie a site sets for another site', () => {
    const jar = new CookieJar();
    jar.store(['stolen=1; Domain=b2clogin.com; Path=/'], `${PORTAL}/`);
    expect(jar.names()).toEqual([]);
  });

  it("sends a cookie only under its path, and defaults the path to the answering page's directory", () => {
    const jar = new CookieJar();
    jar.store(['correlation=N; path=/signin-oidc; HttpOnly'], `${PORTAL}/ProfileData`);
    jar.store(['defaulted=1'], `${PORTAL}/account/start`);
    expect(jar.header(`${PORTAL}/ProfileData`)).toBe('');
    expect(jar.header(`${PORTAL}/signin-oidc`)).toBe('correlation=N');
    expect(jar.header(`${PORTAL}/signin-oidcx`)).toBe('');
    expect(jar.header(`${PORTAL}/account/next`)).toBe('defaulted=1');
    expect(jar.header(`${PORTAL}/accounts`)).toBe('');
  });

  it('keeps a Secure cookie off plain http', () => {
    const jar = new CookieJar();
    jar.store(['csrf=t; Secure; Path=/'], `${LOGIN}/authorize`);
    expect(jar.header(`${LOGIN}/SelfAsserted`)).toBe('csrf=t');
    expect(jar.header('http://tenant.b2clogin.com/SelfAsserted')).toBe('');
  });

  it('replaces a cookie of the same name, domain and path; deletes it by Max-Age or a past Expires', () => {
    const jar = new CookieJar();
    jar.store(['a=1; Path=/', 'b=1; Path=/', 'c=1; Path=/'], PORTAL);
    jar.store(['a=2; Path=/', 'b=; Max-Age=0; Path=/', 'c=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/'], PORTAL);
    expect(jar.header(PORTAL)).toBe('a=2');
  });

  it('forgets a cookie once it expires', () => {
    let now = Date.parse('2026-11-29T00:00:00Z');
    const jar = new CookieJar(() => now);
    jar.store(['short=1; Max-Age=60; Path=/'], PORTAL);
    expect(jar.header(PORTAL)).toBe('short=1');
    now += 61_000;
    expect(jar.header(PORTAL)).toBe('');
  });

  it('ignores a malformed Set-Cookie', () => {
    const jar = new CookieJar();
    jar.store(['', '=novalue', 'noequals'], PORTAL);
    expect(jar.names()).toEqual([]);
  });
});
