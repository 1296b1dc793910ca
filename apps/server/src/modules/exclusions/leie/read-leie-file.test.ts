import { describe, expect, it } from 'vitest';
import { readLeieFile } from './read-leie-file.ts';

const HEADER =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
const LINE =
  '"DOE","JANE","","","IND- LIC HC SERV PRO","FAMILY PRACTICE","","0000000000","00000000","1 A ST","RENO","NV","89501","1128a1","20200102","00000000","00000000",""';
const bytes = (text: string, chunk = 7) => {
  const all = new TextEncoder().encode(text);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += chunk) parts.push(all.slice(i, i + chunk));
  return parts;
};
const read = async (text: string) => {
  const items = [];
  for await (const item of readLeieFile(bytes(text))) items.push(item);
  return items;
};

describe('readLeieFile', () => {
  it('reads quoted CRLF lines split across chunks, numbering rows by line', async () => {
    const items = await read(`\uFEFF${HEADER}\r\n${LINE}\r\n${LINE.replace('JANE', 'JOHN')}\r\n`);
    expect(items).toEqual([
      { row: 2, entry: expect.objectContaining({ firstName: 'JANE', npi: null, exclDate: '2020-01-02' }) },
      { row: 3, entry: expect.objectContaining({ firstName: 'JOHN' }) },
    ]);
  });

  it('counts a line the CSV parser cannot read as one bad row and goes on', async () => {
    const items = await read(`${HEADER}\n"DOE","JA"NE"\n${LINE}\n`);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ reason: expect.any(String) });
    expect(items[1]).toMatchObject({ row: 3, entry: expect.any(Object) });
  });

  it('refuses a file whose header is not the LEIE’s, and an empty one', async () => {
    await expect(read(`NAME,NPI\n"DOE","1"\n`)).rejects.toThrow(/not an LEIE file/);
    await expect(read('')).rejects.toThrow(/the LEIE file is empty/);
  });
});
