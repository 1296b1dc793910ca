// Writing a bench's section into BENCHMARKS.md, and the small formats the PostgreSQL benches share.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'BENCHMARKS.md');

/**
 * Replaces the `<!-- bench:NAME -->` … `<!-- /bench:NAME -->` section (appends it the first time).
 * The markers count only on lines of their own, so a note that quotes them is never taken for one.
 */
export function writeBenchSection(name: string, text: string): void {
  const doc = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const pattern = new RegExp(`^<!-- bench:${name} -->$[\\s\\S]*?^<!-- /bench:${name} -->$`, 'm');
  writeFileSync(FILE, pattern.test(doc) ? doc.replace(pattern, () => text) : `${doc.trimEnd()}\n\n${text}\n`);
}

/** The machine's load averages (1, 5, 15 min), as the sections print them before and after. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const count = (n: number) => n.toLocaleString('en-US');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.replace(/\s+/g, ' ').trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
