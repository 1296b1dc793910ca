import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { DCA_COLUMNS, DCA_ROOT_FOLDER } from './california-box.ts';

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 800 });
});
afterAll(() => sim.close());

const box = (path: string, token?: string) =>
  fetch(`${sim.url}/sites/api.box.com/2.0/${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe("California DCA's licensee lists in a public Box folder", () => {
  it('hands a token, then lists the boards’ folders and their split data files, and serves tab-separated text', async () => {
    const token = (await (await fetch(`${sim.url}/sites/www.dca.ca.gov/boxToken/getToken`)).json()) as string;
    expect(token).toMatch(/^\w+$/);
    expect((await box(`folders/${DCA_ROOT_FOLDER}/items`)).status).toBe(401);

    const root = (await (await box(`folders/${DCA_ROOT_FOLDER}/items?limit=1000`, token)).json()) as {
      entries: { type: string; id: string; name: string }[];
    };
    const medical = root.entries.find((e) => e.name.startsWith('MedicalBoard_'));
    expect(root.entries.map((e) => e.name)).toContain('AutomotiveRepair_1310');
    const inside = (await (await box(`folders/${medical?.id}/items`, token)).json()) as {
      entries: { type: string; id: string; name: string }[];
    };
    const data = inside.entries.filter((e) => e.name.includes('_Data'));
    expect(data.map((e) => e.name)).toEqual(['MedicalBoard_Data1.xls', 'MedicalBoard_Data2.xls']);

    let physicians = 0;
    for (const file of data) {
      const text = await (await box(`files/${file.id}/content`, token)).text();
      const [header, ...rows] = text.trimEnd().split('\r\n');
      expect(header).toBe(DCA_COLUMNS.join('\t'));
      for (const row of rows) {
        const cells = row.split('\t');
        expect(cells).toHaveLength(DCA_COLUMNS.length);
        expect(['Current', 'Delinquent', 'Inactive']).toContain(cells.at(-1));
        if (cells[1] === 'Physician and Surgeon') physicians++;
      }
    }
    const listed = [...sim.population.people()].flatMap((p) =>
      p.licenses.filter(
        (l) => l.boardId === 'ca-md' && l.licenseNumber && ['active', 'expired', 'inactive'].includes(l.status),
      ),
    );
    expect(physicians).toBe(listed.length);
    expect((await box('files/123/content', token)).status).toBe(404);
  });
});
