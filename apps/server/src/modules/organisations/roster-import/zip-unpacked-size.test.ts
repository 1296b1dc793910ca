import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipUnpackedSize } from './zip-unpacked-size.ts';

describe('zipUnpackedSize', () => {
  it('adds up what an XLSX says its parts unpack to', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Roster').addRow(['Ada', 'z'.repeat(100_000), 'MD']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const size = zipUnpackedSize(bytes);
    expect(size).toBeGreaterThan(100_000);
    expect(size).toBeGreaterThan(bytes.length);
  });

  it('is null for bytes that are no zip, or a cut-off one', () => {
    expect(zipUnpackedSize(Buffer.from('First name,Last name\nAda,Okafor\n'))).toBeNull();
    expect(zipUnpackedSize(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBeNull();
  });
});
