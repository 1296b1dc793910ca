import { crc32 } from 'node:zlib';
import type { ZipEntry } from './read-zip-entries.ts';

/**
 * A zip of the given entries, stored (not compressed). It hands entries already unpacked under
 * limits (read-zip-entries.ts) to a library that only reads whole archives (exceljs): the
 * archive it reads is then one whose every size is true, so it unpacks no more than was checked.
 */
export function writeStoredZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.data);

    const listed = Buffer.alloc(46);
    listed.writeUInt32LE(0x02014b50, 0);
    listed.writeUInt16LE(20, 4); // version made by
    listed.writeUInt16LE(20, 6);
    listed.writeUInt16LE(0x0800, 8);
    listed.writeUInt16LE(0, 10);
    listed.writeUInt32LE(crc, 16);
    listed.writeUInt32LE(entry.data.length, 20);
    listed.writeUInt32LE(entry.data.length, 24);
    listed.writeUInt16LE(name.length, 28);
    listed.writeUInt32LE(offset, 42);
    directory.push(listed, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}
