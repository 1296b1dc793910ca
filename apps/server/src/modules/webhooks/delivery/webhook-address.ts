import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach in production (SSRF): private, loopback, link-local and the
 * rest of IANA's special-purpose IPv4 ranges, documentation and benchmarking included (no real
 * receiver lives there, and some networks route them inside).
 */
const PRIVATE_V4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_V4.addSubnet(net, bits, 'ipv4');
}

/**
 * IPv6: only global unicast (2000::/3) reaches the internet, so everything else is refused whole
 * (loopback, unique-local, link-local, site-local, multicast, NAT64 64:ff9b::/96 and
 * 64:ff9b:1::/48, discard-only, IPv4-compatible and -translated forms). Inside it, the ranges that
 * carry another address or none: Teredo and the IETF assignments (2001::/23), 6to4 (2002::/16,
 * which embeds an IPv4 address a relay would reach) and documentation.
 */
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');
const SPECIAL_V6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  SPECIAL_V6.addSubnet(net, bits, 'ipv6');
}
const MAPPED_V6 = new BlockList();
MAPPED_V6.addSubnet('::ffff:0:0', 96, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one, in either spelling (::ffff:10.0.0.1, ::ffff:a00:1). */
function mappedIpv4(address: string): string {
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (dotted) return dotted;
  const [high = 0, low = 0] = address
    .split(':')
    .slice(-2)
    .map((g) => Number.parseInt(g || '0', 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_V4.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 is judged as the IPv4 one.
  if (MAPPED_V6.check(address, 'ipv6')) return PRIVATE_V4.check(mappedIpv4(address), 'ipv4');
  return !GLOBAL_V6.check(address, 'ipv6') || SPECIAL_V6.check(address, 'ipv6');
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether a webhook may be sent to `raw`: https, or outside production http to localhost and
 * 127.0.0.1 only (the tests' local receivers). In production the host's addresses are resolved
 * and any private one refuses the URL; delivery checks again as it connects (post-webhook.ts).
 */
export async function checkWebhookUrl(raw: string, { production }: { production: boolean }): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !production)) {
    return { ok: false, reason: 'not https' };
  }
  if (!production) return { ok: true, url };
  if (isIP(host)) return isPrivateAddress(host) ? { ok: false, reason: 'private address' } : { ok: true, url };
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      return { ok: false, reason: 'private address' };
    }
  } catch {
    return { ok: false, reason: 'host not found' };
  }
  return { ok: true, url };
}
