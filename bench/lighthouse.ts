// `npm run bench:lighthouse` (also the second half of `npm run bench`): Lighthouse on the public
// pages of the built SPA, served by the real server exactly as `npm start` serves it, with the
// mobile default config and the desktop preset. Results replace the lighthouse section of
// BENCHMARKS.md. Budgets (docs/budgets.md, Web app): performance ≥ 95 (home), accessibility 100,
// home JS at first load ≤ 125 KB gzip.
//
// Baseline: a near-empty static HTML page (a heading and a paragraph, no script, no stylesheet)
// served from the same dist folder by the same server in the same run. It is the best score this
// machine, this Chromium and this server's headers allow, so a page's ratio to it says how much
// the page itself costs, independent of how loaded the shared machine is.
//
//   LIGHTHOUSE_RUNS   runs per page and form factor; the median performance run is kept (3)
//   CHROMIUM_PATH     the browser (/usr/bin/chromium)
//
// Needs a build: `npm run build` first (the script stops with a message otherwise).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startLocalApp } from '../scripts/start-local-app.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = path.join(ROOT, 'apps/web/dist');
const BASELINE_FILE = '__bench-baseline.html';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'features', path: '/features' },
  { name: 'pricing', path: '/pricing' },
  { name: 'contact', path: '/contact' },
];

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

type Result = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  jsBytes: number;
  scriptUrls: string[];
};

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

/** A run Lighthouse could not finish (no first paint, a protocol timeout) has no scores: run it again. */
const MAX_ATTEMPTS = 3;

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Result> {
  const runs: Result[] = [];
  let failures = 0;
  while (runs.length < RUNS) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError || typeof categories.performance?.score !== 'number') {
      failures++;
      console.warn(`${formFactor} ${url}: Lighthouse run failed (${runtimeError?.code ?? 'no score'})`);
      if (failures >= MAX_ATTEMPTS) throw new Error(`Lighthouse failed ${failures} times on ${url} (${formFactor})`);
      continue;
    }
    const network = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const scripts = network.filter((item) => item.resourceType === 'Script');
    runs.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scriptUrls: scripts.map((item) => item.url),
    });
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)] as Result;
}

/** What the scripts a page loaded weigh gzipped (level 9, as a CDN or reverse proxy would send them). */
async function gzipKb(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes / 1024;
}

const started = Date.now();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lw-bench-lighthouse-'));
writeFileSync(
  path.join(DIST, BASELINE_FILE),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="Lighthouse baseline page."><title>Baseline</title></head>' +
    '<body><main><h1>Baseline</h1><p>A static page with no script and no stylesheet.</p></main></body></html>',
);
const { child: server, url: base } = await startLocalApp(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});

const rows: string[] = [];
let homeGzipKb = Number.NaN;
try {
  // Both baselines first: a static page audited right after an SPA page can be charged for the
  // previous page's late requests.
  const baselines = new Map<string, Result>();
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const baseline = await audit(`${base}/${BASELINE_FILE}`, chrome.port, formFactor);
    baselines.set(formFactor, baseline);
    console.log(`${formFactor} baseline: performance ${baseline.performance}, LCP ${Math.round(baseline.lcpMs)} ms`);
    rows.push(
      `| baseline (static HTML) | ${formFactor} | ${baseline.performance} | ${baseline.accessibility} | ${baseline.bestPractices} | ${Math.round(baseline.lcpMs)} ms | ${Math.round(baseline.tbtMs)} ms | ${(baseline.jsBytes / 1024).toFixed(1)} KB | — |`,
    );
  }
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const baseline = baselines.get(formFactor) as Result;
    for (const page of PAGES) {
      const r = await audit(`${base}${page.path}`, chrome.port, formFactor);
      console.log(`${formFactor} ${page.path}: performance ${r.performance}, accessibility ${r.accessibility}`);
      if (page.name === 'home' && formFactor === 'mobile') homeGzipKb = await gzipKb(r.scriptUrls);
      const ratio = `${(r.performance / baseline.performance).toFixed(2)}× / ${(r.lcpMs / baseline.lcpMs).toFixed(2)}×`;
      rows.push(
        `| ${page.name} (\`${page.path}\`) | ${formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${Math.round(r.lcpMs)} ms | ${Math.round(r.tbtMs)} ms | ${(r.jsBytes / 1024).toFixed(1)} KB | ${ratio} |`,
      );
    }
  }
} finally {
  await chrome.kill();
  server.kill();
  rmSync(path.join(DIST, BASELINE_FILE), { force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const chromiumVersion = execFileSync(CHROMIUM, ['--version'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
}).trim();
const lighthouseVersion = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
).version;

const section = [
  '<!-- bench:lighthouse -->',
  `### Lighthouse, public pages — ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, Lighthouse ${lighthouseVersion} on ${chromiumVersion} (headless). Built SPA served by \`node apps/server/src/main.ts all\` (embedded PGlite, as in the e2e tests); mobile = Lighthouse's default config (simulated slow 4G, 4× CPU slowdown), desktop = its desktop preset; ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per row; whole run ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
  '',
  'Budgets: performance ≥ 95 (home), accessibility 100 on public pages, home JS ≤ 125 KB gzip at first load.',
  '',
  '| page | form factor | performance | accessibility | best practices | LCP | TBT | JS transferred | ratio to baseline (performance / LCP) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Home JS at first load: ${homeGzipKb.toFixed(1)} KB gzip (every script Lighthouse saw loaded on /, the app loaded after first paint included, each gzipped at level 9; budget 125 KB). "JS transferred" is what the server sent: the build's precompressed Brotli files.`,
  '',
  'Baseline: a static HTML page with a heading and a paragraph, no script or stylesheet, written into the build folder for the run and served by the same server, so it carries the same headers; it is the best this machine and browser score in the same run.',
  '',
  'Spread: single mobile runs of the same page on this shared 2-core machine differ by 5–10 points, almost all of it total blocking time (Lighthouse multiplies the main-thread tasks it observes by 4, and this machine is slower than the desktop that multiplier assumes); the baseline row shows how much of it a page without any script still gets.',
  '<!-- /bench:lighthouse -->',
].join('\n');
console.log(section);

const file = path.join(ROOT, 'BENCHMARKS.md');
let doc = readFileSync(file, 'utf8');
const pattern = /<!-- bench:lighthouse -->[\s\S]*?<!-- \/bench:lighthouse -->/;
doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
writeFileSync(file, doc);
