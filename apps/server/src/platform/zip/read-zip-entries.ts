import { inflateRawSync } from 'node:zlib';

/** What an archive may hold: its entries' bytes once unpacked, all together, and how many entries. */
export type ZipLimits = { maxUnpackedBytes: number; maxEntries: number };

export type ZipEntry = { name: string; data: Buffer };

export type ZipContents =
  | { ok: true; entries: ZipEntry[] }
  | { ok: false; reason: 'unreadable' | 'too-large' | 'too-many-entries' };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const fail = (reason: 'unreadable' | 'too-large' | 'too-many-entries'): ZipContents => ({ ok: false, reason });

/**
 * Every entry of a zip held in memory, unpacked under hard limits. The sizes an archive declares
 * are a claim, not a bound: a few hundred kilobytes that declare a kilobyte per entry can inflate
 * to gigabytes. So each entry is inflated with the bytes still allowed as the most it may produce
 * (zlib stops there), and the archive is refused the moment the total or the entry count passes
 * its limit; memory and time spent are bounded by the limits, whatever the archive says. A total
 * declared past the limit is refused before anything is inflated. Encrypted entries, ZIP64 and
 * methods other than stored and deflate (which no spreadsheet program writes) are unreadable.
 */
export function readZipEntries(bytes: Buffer, limits: ZipLimits): ZipContents {
  // The end-of-central-directory record: 22 bytes, followed only by a comment of up to 64 KiB.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return fail('unreadable');
  const count = bytes.readUInt16LE(end + 10);
  if (count === 0xffff) return fail('unreadable');
  if (count > limits.maxEntries) return fail('too-many-entries');

  type Listed = { name: string; method: number; packed: number; declared: number; offset: number };
  const listed: Listed[] = [];
  let declaredTotal = 0;
  let at = bytes.readUInt32LE(end + 16);
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return fail('unreadable');
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: Listed = {
      name: bytes.toString('utf8', at + 46, Math.min(bytes.length, at + 46 + nameLength)),
      method: bytes.readUInt16LE(at + 10),
      packed: bytes.readUInt32LE(at + 20),
      declared: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
    };
    if (flags & 1) return fail('unreadable');
    if (entry.method !== STORED && entry.method !== DEFLATED) return fail('unreadable');
    if (entry.packed === 0xffffffff || entry.declared === 0xffffffff || entry.offset === 0xffffffff)
      return fail('unreadable');
    declaredTotal += entry.declared;
    listed.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (declaredTotal > limits.maxUnpackedBytes) return fail('too-large');

  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (const entry of listed) {
    const local = entry.offset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) return fail('unreadable');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + entry.packed > bytes.length) return fail('unreadable');
    const packed = bytes.subarray(start, start + entry.packed);
    const allowed = limits.maxUnpackedBytes - unpacked;
    let data: Buffer;
    if (entry.method === STORED) data = Buffer.from(packed);
    else {
      try {
        // zlib stops inflating once its output would pass maxOutputLength (at least 1: zlib's floor).
        data = inflateRawSync(packed, { maxOutputLength: Math.max(1, allowed) });
      } catch (error) {
        return fail((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable');
      }
    }
    if (data.length > allowed) return fail('too-large');
    unpacked += data.length;
    if (!entry.name.endsWith('/')) entries.push({ name: entry.name, data });
  }
  return { ok: true, entries };
}
