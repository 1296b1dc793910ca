import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_BOARDS } from './boards.ts';
import { bulkFileName } from './file-routes.ts';
import { type BoardSimulator, startBoardSimulator } from './server.ts';
import { SOCRATA_DATASETS } from './socrata-route.ts';

const TODAY = '2025-06-01';
let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 11, size: 500, today: TODAY });
});
afterAll(() => sim.close());

const get = (path: string, init?: RequestInit) => fetch(`${sim.url}${path}`, init);
const setFault = (fault: Record<string, unknown>) =>
  get('/_control/faults', {
    method: 'POST',
    body: JSON.stringify(fault),
    headers: { 'content-type': 'application/json' },
  });

/** A request every board answers with 200 when healthy, per its style. */
function boardProbe(boardId: string): string {
  const board = SIM_BOARDS.find((b) => b.boardId === boardId);
  if (board?.style === 'socrata') return `/socrata/${boardId}/resource/${SOCRATA_DATASETS[boardId]?.id}.json?$limit=1`;
  if (board?.style === 'delimited-file') return `/files/${boardId}/${bulkFileName(boardId)}`;
  return `/lookup/${boardId}/search?last_name=a`;
}

describe('board simulator', () => {
  it('answers /healthz', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('streams the ground truth, one person per line, deterministic per seed', async () => {
    const res = await get('/ground-truth.jsonl');
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(500);
    const first = JSON.parse(lines[0] as string);
    expect(Object.keys(first)).toEqual([
      'personId',
      'firstName',
      'middleName',
      'lastName',
      'suffix',
      'nicknames',
      'licenses',
    ]);
    expect(Object.keys(first.licenses[0])).toEqual([
      'boardId',
      'jurisdiction',
      'licenseType',
      'licenseNumber',
      'status',
      'issueDate',
      'expiryDate',
    ]);
    const statuses = new Set(['active', 'expired', 'suspended', 'revoked', 'probation', 'inactive', 'unknown']);
    for (const line of lines) {
      const person = JSON.parse(line);
      for (const l of person.licenses) {
        expect(statuses.has(l.status)).toBe(true);
        expect(l.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    const again = await startBoardSimulator({ seed: 11, size: 500, today: TODAY });
    try {
      expect(await (await fetch(`${again.url}/ground-truth.jsonl`)).text()).toBe(text);
    } finally {
      await again.close();
    }
  });

  it('serves every board in its style', async () => {
    const answers = await Promise.all(
      SIM_BOARDS.map(async (b) => [b.boardId, (await get(boardProbe(b.boardId))).status]),
    );
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
  });

  it('serves every board a look-up page for people, a Socrata board too', async () => {
    const page = await get('/lookup/wa-md/search?last_name=a');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form id="search"');
  });

  it('answers 404 for unknown boards, styles and paths, 405 for writes', async () => {
    expect((await get('/lookup/zz-med/search?last_name=a')).status).toBe(404);
    expect((await get('/lookup/wa-md/search/extra')).status).toBe(404);
    expect((await get('/files/tx-med/licensees.txt')).status).toBe(404);
    expect((await get('/files/fl-md/licensees.csv')).status).toBe(404);
    expect((await get('/nope')).status).toBe(404);
    expect((await get('/healthz', { method: 'POST' })).status).toBe(405);
  });
});

describe('fault injection', () => {
  afterEach(async () => {
    expect((await get('/_control/faults', { method: 'DELETE' })).status).toBe(204);
  });

  it('takes a board down with a 503 maintenance page on all its routes', async () => {
    expect((await setFault({ boardId: 'tx-med', down: true })).status).toBe(204);
    const res = await get('/lookup/tx-med/search?last_name=a');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/maintenance/i);
    expect((await get('/lookup/ny-med/search?last_name=a')).status).toBe(200);

    await setFault({ boardId: 'mo-med', down: true });
    expect((await get('/files/mo-med/licensees.zip')).status).toBe(503);
    await setFault({ boardId: 'wa-do', down: true });
    expect((await get('/socrata/wa-do/resource/qxh8-f4bd.json')).status).toBe(503);
    expect((await get('/socrata/wa-md/resource/qxh8-f4bd.json')).status).toBe(200);
  });

  it('scoped to a last name, fails only the look-ups for that name', async () => {
    expect((await setFault({ boardId: 'tx-med', down: true, lastName: 'Okafor' })).status).toBe(204);
    expect((await get('/lookup/tx-med/search?last_name=okafor')).status).toBe(503);
    expect((await get('/lookup/tx-med/search?last_name=Smith')).status).toBe(200);
    expect((await get('/lookup/tx-med/search?license_number=1')).status).toBe(200);
  });

  it('fails every request at errorRate 1, some at 0.5 (the same ones each run), none after DELETE', async () => {
    await setFault({ boardId: '*', errorRate: 1 });
    expect((await get('/lookup/ny-med/search?last_name=a')).status).toBe(500);
    expect((await get('/nppes/api/?version=2.1&last_name=smith')).status).toBe(500);
    expect((await get('/healthz')).status).toBe(200);

    const run = async () => {
      await setFault({ boardId: 'ny-med', errorRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await get('/lookup/ny-med/search?last_name=a')).status);
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);

    await get('/_control/faults', { method: 'DELETE' });
    expect((await get('/lookup/ny-med/search?last_name=a')).status).toBe(200);
  });

  it('delays answers by latencyMs', async () => {
    await setFault({ boardId: 'co-med', latencyMs: 150 });
    const started = performance.now();
    const res = await get('/socrata/co-med/resource/7s5z-vewr.json?$limit=1');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const quick = performance.now();
    await get('/lookup/ny-med/search?last_name=a');
    expect(performance.now() - quick).toBeLessThan(140);
  });

  it('moves a board: 404 on every route, or a redirect to another host that says the service moved', async () => {
    expect((await setFault({ boardId: 'tx-med', moved: 'not-found' })).status).toBe(204);
    expect((await get('/lookup/tx-med/search?last_name=a')).status).toBe(404);
    await setFault({ boardId: 'ca-md', moved: 'not-found' });
    expect((await get('/files/ca-md/licensees.csv')).status).toBe(404);

    await setFault({ boardId: 'wa-md', moved: 'redirect' });
    const redirected = await get('/socrata/wa-md/resource/qxh8-f4bd.json?$limit=1', { redirect: 'manual' });
    expect(redirected.status).toBe(301);
    const location = new URL(redirected.headers.get('location') ?? '');
    // The simulator asked as 127.0.0.1 answers as localhost: another host, the same server.
    expect(location.host).toBe(new URL(sim.url).host.replace('127.0.0.1', 'localhost'));
    const landed = await fetch(location);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('Our licensing services have moved');

    await setFault({ boardId: 'wa-md', moved: 'redirect', redirectTo: 'https://portal.example/licensing' });
    const elsewhere = await get('/socrata/wa-md/resource/qxh8-f4bd.json', { redirect: 'manual' });
    expect(elsewhere.headers.get('location')).toBe('https://portal.example/licensing');
  });

  it('changes a board in its own shape: a look-up page without rows or marker, a file’s header, a dataset’s JSON', async () => {
    await setFault({ boardId: 'tx-med', changed: true });
    const page = await (await get('/lookup/tx-med/search?last_name=a')).text();
    expect(page).not.toContain('class="result"');
    expect(page).not.toContain('no-results');
    await setFault({ boardId: 'fl-md', changed: true });
    const file = await get('/files/fl-md/licensees.txt');
    expect(file.status).toBe(200);
    expect((await file.text()).split('\n')[0]).toBe('Licensee Name|Credential|Status Description|Expires On');
    await setFault({ boardId: 'co-med', changed: true });
    const dataset = await (await get('/socrata/co-med/resource/7s5z-vewr.json?$limit=1')).json();
    expect(Array.isArray(dataset)).toBe(false);
    expect(dataset).toHaveProperty('meta.view');
  });

  it('blocks a board with each bot wall as its vendor serves it', async () => {
    const walls = {
      recaptcha: [200, 'g-recaptcha'],
      hcaptcha: [200, 'h-captcha'],
      turnstile: [200, 'cf-turnstile'],
      cloudflare: [403, 'Just a moment...'],
      datadome: [403, 'captcha-delivery.com'],
      akamai: [403, 'Access Denied'],
      f5: [200, 'The requested URL was rejected'],
    } as const;
    for (const [blocked, [status, marker]] of Object.entries(walls)) {
      await setFault({ boardId: 'ny-med', blocked });
      const res = await get('/lookup/ny-med/search?last_name=a');
      expect(res.status, blocked).toBe(status);
      expect(await res.text(), blocked).toContain(marker);
    }
    expect((await setFault({ boardId: 'ny-med', blocked: 'imperva' })).status).toBe(400);
  });

  it('rejects bad fault bodies', async () => {
    expect((await setFault({ boardId: 'zz-med', down: true })).status).toBe(400);
    expect((await setFault({ boardId: 'tx-med', errorRate: 2 })).status).toBe(400);
    expect((await setFault({ boardId: 'tx-med', moved: 'away' })).status).toBe(400);
    expect((await get('/_control/faults', { method: 'POST', body: 'nope' })).status).toBe(400);
  });
});
