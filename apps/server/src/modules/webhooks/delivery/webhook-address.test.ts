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
      '::ffff:a00:1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  // Each special-purpose range (IANA's registries): its first and last address inside, and the
  // neighbours just outside, which are ordinary public addresses.
  it.each([
    ['TEST-NET-1', ['192.0.2.0', '192.0.2.255'], ['192.0.1.255', '192.0.3.0']],
    ['TEST-NET-2', ['198.51.100.0', '198.51.100.255'], ['198.51.99.255', '198.51.101.0']],
    ['TEST-NET-3', ['203.0.113.0', '203.0.113.255'], ['203.0.112.255', '203.0.114.0']],
    ['benchmarking', ['198.18.0.0', '198.19.255.255'], ['198.17.255.255', '198.20.0.0']],
    ['6to4 relay anycast', ['192.88.99.0', '192.88.99.255'], ['192.88.98.255', '192.88.100.0']],
    ['IETF protocol assignments', ['192.0.0.0', '192.0.0.255'], ['191.255.255.255', '192.0.1.0']],
    ['shared address space', ['100.64.0.0', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
    ['reserved and broadcast', ['240.0.0.0', '255.255.255.255'], ['223.255.255.255']],
    [
      '6to4',
      ['2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2002:c0a8:101::1'],
      ['2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2003::'],
    ],
    [
      'Teredo and the other IETF assignments',
      ['2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
      ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:200::'],
    ],
    [
      'IPv6 documentation',
      ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
      ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
    ],
    [
      'IPv6 documentation (2024)',
      ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
      ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::'],
    ],
  ])('refuses %s', (_name, inside, outside) => {
    for (const a of inside) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of outside) expect(isPrivateAddress(a), a).toBe(false);
  });

  // Only global unicast (2000::/3) reaches the internet; everything else in IPv6 is special or
  // unassigned, so the ranges there are refused as a whole, their neighbours with them.
  it('refuses IPv6 outside global unicast: NAT64, discard, segment routing, site-local and the rest', () => {
    for (const a of [
      '64:ff9b::',
      '64:ff9b::ffff:ffff',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::',
      '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
      '100::',
      '100::ffff:ffff:ffff:ffff',
      '5f00::1',
      'fec0::1',
      '::8.8.8.8',
      '::ffff:0:8.8.8.8',
      '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      '4000::',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['2000::', '2606:4700::1111', '2a00:1450:4001:81a::200e', '3ffe:ffff::1']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses those ranges as a URL when it is saved in production', async () => {
    for (const url of [
      'https://192.0.2.10/hook',
      'https://[64:ff9b::c000:20a]/hook',
      'https://[2002:c000:20a::1]/hook',
      'https://[2001::1]/hook',
    ]) {
      expect(await checkWebhookUrl(url, { production: true }), url).toEqual({ ok: false, reason: 'private address' });
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
