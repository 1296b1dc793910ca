/**
 * What a zip's entries declare they unpack to, all together, read from its central directory
 * without unpacking anything; null when the bytes are no readable zip (or use ZIP64, which a
 * roster never needs). A zip can lie about its sizes, but the library reading an XLSX checks each
 * entry against its declared size, so the declaration bounds what it will unpack.
 */
export function zipUnpackedSize(bytes: Buffer): number | null {
  const EOCD = 0x06054b50;
  const ENTRY = 0x02014b50;
  // The end-of-central-directory record: 22 bytes, after which only a comment of up to 64 KiB.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ENTRY) return null;
    const unpacked = bytes.readUInt32LE(at + 24);
    if (unpacked === 0xffffffff) return null;
    total += unpacked;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}
