import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, lyingZip } from './lying-zip-test-support.ts';
import { readZipEntries } from './read-zip-entries.ts';
import { writeStoredZip } from './write-stored-zip.ts';

const LIMITS = { maxUnpackedBytes: 10 * 1024 * 1024, maxEntries: 20 };

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
    expect(readZipEntries(lyingZip([{ name: 'a.xml', packed: deflatedZeros(1000), declared: 1000 }]), LIMITS)).toEqual({
      ok: false,
      reason: 'too-large',
    });
    // About 0.2 s to inflate the 10 MB allowed; inflating the whole gigabyte takes tens of seconds.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('counts the bytes of all entries together, not each against the limit', () => {
    const four = { packed: deflatedZeros(4), declared: 10 };
    const three = ['a', 'b', 'c'].map((name) => ({ name, ...four }));
    expect(readZipEntries(lyingZip(three.slice(0, 2)), LIMITS).ok).toBe(true);
    expect(readZipEntries(lyingZip(three), LIMITS)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses what the archive declares past the limit before inflating, and too many entries', () => {
    expect(
      readZipEntries(lyingZip([{ name: 'a', packed: deflatedZeros(1), declared: 11 * 1024 * 1024 }]), LIMITS),
    ).toEqual({
      ok: false,
      reason: 'too-large',
    });
    const many = Array.from({ length: 21 }, (_, i) => ({
      name: `e${i}`,
      packed: deflateRawSync(Buffer.alloc(0)),
      declared: 0,
    }));
    expect(readZipEntries(lyingZip(many), LIMITS)).toEqual({ ok: false, reason: 'too-many-entries' });
    expect(readZipEntries(lyingZip(many.slice(1)), LIMITS).ok).toBe(true);
  });

  it('finds no zip in other bytes, a cut-off archive or a broken deflate stream', () => {
    expect(readZipEntries(Buffer.from('First name,Last name\nAda,Okafor\n'), LIMITS)).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    expect(readZipEntries(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), LIMITS).ok).toBe(false);
    const broken = lyingZip([{ name: 'a', packed: Buffer.from([0xff, 0xff, 0xff, 0xff]), declared: 4 }]);
    expect(readZipEntries(broken, LIMITS)).toEqual({ ok: false, reason: 'unreadable' });
  });
});
