import { constants, deflateRawSync } from 'node:zlib';

/**
 * For tests of what reads archives (read-zip-entries.test.ts, test/roster-import.test.ts): a zip of
 * deflated entries whose headers — the local header and the central directory alike — declare
 * `declared` bytes unpacked, whatever `packed` really inflates to. A zip bomb that lies about its size.
 */
export function lyingZip(entries: readonly { name: string; packed: Buffer; declared: number }[]): Buffer {
  const parts: Buffer[] = [];
  const listed: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, declared } of entries) {
    const bytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(bytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // version made by
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(bytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, bytes, packed);
    listed.push(entry, bytes);
    offset += 30 + bytes.length + packed.length;
  }
  const directory = Buffer.concat(listed);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * A raw deflate stream of `megabytes` MB of zeros, a few kilobytes long: the same megabyte of zeros
 * compressed again and again, each piece ending on a byte boundary (a sync flush) so the pieces
 * join into one stream, closed by an empty last block.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => piece), deflateRawSync(Buffer.alloc(0))]);
}
