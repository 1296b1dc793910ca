import { constants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readZipEntries } from './read-zip-entries.ts';
import { writeStoredZip } from './write-stored-zip.ts';

const LIMITS = { maxUnpackedBytes: 10 * 1024 * 1024, maxEntries: 20 };

/** One deflated entry whose headers declare `declared` bytes, whatever `packed` inflates to. */
function zipOf(entries: { name: string; packed: Buffer; declared: number }[]): Buffer {
  const parts: Buffer[] = [];
  const listed: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, declared } of entries) {
    const bytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(bytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
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

/** A deflate stream of `megabytes` MB of zeros, a few kilobytes long. */
function zeros(megabytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => piece), deflateRawSync(Buffer.alloc(0))]);
}

describe('readZipEntries', () => {
  it('unpacks every entry of an XLSX, and a stored copy of them reads as the same workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Roster').addRow(['Ada', 'z'.repeat(100_000), 'MD']);
    const contents = readZipEntries(Buffer.from(await workbook.xlsx.writeBuffer()), LIMITS);
    if (!contents.ok) throw new Error(contents.reason);
    expect(contents.entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(writeStoredZip(contents.entries) as unknown as ArrayBuffer);
    expect(again.worksheets[0]?.getRow(1).getCell(2).value).toBe('z'.repeat(100_000));
  });

  it('stops inflating at the limit an entry that declares a kilobyte and holds 1 GB', () => {
    const started = performance.now();
    expect(readZipEntries(zipOf([{ name: 'a.xml', packed: zeros(1000), declared: 1000 }]), LIMITS)).toEqual({
      ok: false,
      reason: 'too-large',
    });
    // About 0.2 s to inflate the 10 MB allowed; inflating the whole gigabyte takes tens of seconds.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('counts the bytes of all entries together, not each against the limit', () => {
    const four = { packed: zeros(4), declared: 10 };
    const three = ['a', 'b', 'c'].map((name) => ({ name, ...four }));
    expect(readZipEntries(zipOf(three.slice(0, 2)), LIMITS).ok).toBe(true);
    expect(readZipEntries(zipOf(three), LIMITS)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses what the archive declares past the limit before inflating, and too many entries', () => {
    expect(readZipEntries(zipOf([{ name: 'a', packed: zeros(1), declared: 11 * 1024 * 1024 }]), LIMITS)).toEqual({
      ok: false,
      reason: 'too-large',
    });
    const many = Array.from({ length: 21 }, (_, i) => ({
      name: `e${i}`,
      packed: deflateRawSync(Buffer.alloc(0)),
      declared: 0,
    }));
    expect(readZipEntries(zipOf(many), LIMITS)).toEqual({ ok: false, reason: 'too-many-entries' });
    expect(readZipEntries(zipOf(many.slice(1)), LIMITS).ok).toBe(true);
  });

  it('finds no zip in other bytes, a cut-off archive or a broken deflate stream', () => {
    expect(readZipEntries(Buffer.from('First name,Last name\nAda,Okafor\n'), LIMITS)).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    expect(readZipEntries(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), LIMITS).ok).toBe(false);
    const broken = zipOf([{ name: 'a', packed: Buffer.from([0xff, 0xff, 0xff, 0xff]), declared: 4 }]);
    expect(readZipEntries(broken, LIMITS)).toEqual({ ok: false, reason: 'unreadable' });
  });
});
