import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress } from './webhook-address.ts';

describe('webhook addresses', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('takes https anywhere and http only to this machine outside production', async () => {
    expect((await checkWebhookUrl('https://example.com/hook', { production: false })).ok).toBe(true);
    expect((await checkWebhookUrl('http://127.0.0.1:9000/hook', { production: false })).ok).toBe(true);
    expect((await checkWebhookUrl('http://localhost:9000/hook', { production: false })).ok).toBe(true);
    expect(await checkWebhookUrl('http://example.com/hook', { production: false })).toEqual({
      ok: false,
      reason: 'not https',
    });
    expect(await checkWebhookUrl('http://127.0.0.1:9000/hook', { production: true })).toEqual({
      ok: false,
      reason: 'not https',
    });
    expect(await checkWebhookUrl('https://10.0.0.8/hook', { production: true })).toEqual({
      ok: false,
      reason: 'private address',
    });
    expect(await checkWebhookUrl('https://[::1]/hook', { production: true })).toEqual({
      ok: false,
      reason: 'private address',
    });
    expect(await checkWebhookUrl('https://user:pw@example.com/', { production: false })).toEqual({
      ok: false,
      reason: 'credentials in the URL',
    });
  });
});
