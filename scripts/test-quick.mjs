// `npm run test:quick [-- <integration test files>]`: the inner loop, in a few minutes where `npm test` takes
// over forty (README, Test it). It runs
//  - the unit tests the change reaches: vitest's own import graph (`--changed`) from the change's
//    base, which is where the branch left main (or HEAD on main: the uncommitted change);
//  - the integration test files the change touches: those it edits or adds, those named on the
//    command line, and those that import a changed file themselves or through one of test/support's
//    helpers. Reaching a file through the server the tests start does not count: every integration
//    file does that, and that is what `npm test` is for.
// QUICK_BASE=<commit> sets the base. Lint and typecheck are separate (`npm run lint`, `npm run typecheck`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INTEGRATION_DIR = 'apps/server/test';
// The server every integration file starts: a change anywhere in it would select them all.
const SERVER_ENTRY = `${INTEGRATION_DIR}/support/test-server.ts`;

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const lines = (text) => text.split('\n').filter(Boolean);

function changeBase() {
  if (process.env.QUICK_BASE) return process.env.QUICK_BASE;
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch === 'main') return 'HEAD';
  try {
    return git('merge-base', 'HEAD', 'main');
  } catch {
    return 'HEAD';
  }
}

/** Repository-relative paths of the relative imports in a TypeScript file. */
function importsOf(file) {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    found.push(path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), match[1])));
  }
  return found;
}

const base = changeBase();
const changed = new Set([
  ...lines(git('diff', '--name-only', base)),
  ...lines(git('ls-files', '--others', '--exclude-standard')),
]);
const named = process.argv.slice(2).map((file) => path.relative(ROOT, path.resolve(file)));

const integrationFiles = lines(git('ls-files', '--cached', '--others', '--exclude-standard', INTEGRATION_DIR)).filter(
  (file) =>
    file.endsWith('.test.ts') && !file.startsWith(`${INTEGRATION_DIR}/support/`) && existsSync(path.join(ROOT, file)),
);
const touches = (file) => {
  if (changed.has(file) || named.includes(file)) return true;
  for (const imported of importsOf(file)) {
    if (changed.has(imported)) return true;
    const helper = imported.startsWith(`${INTEGRATION_DIR}/support/`) && imported !== SERVER_ENTRY;
    if (helper && existsSync(path.join(ROOT, imported))) {
      if (importsOf(imported).some((inner) => changed.has(inner))) return true;
    }
  }
  return false;
};
const integration = integrationFiles.filter(touches);

console.log(
  `test:quick — the change since ${base === 'HEAD' ? 'HEAD (uncommitted)' : base.slice(0, 10)}: ${changed.size} files`,
);
const vitest = (args) => spawnSync('npx', ['vitest', 'run', ...args], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;

let status = vitest(['--project', 'unit', '--changed', base, '--passWithNoTests']);
if (integration.length > 0) {
  console.log(`\nIntegration files the change touches (${integration.length}):\n  ${integration.join('\n  ')}\n`);
  const integrationStatus = vitest(['--project', 'integration', ...integration]);
  status = status || integrationStatus;
} else {
  console.log(
    '\nNo integration file touches the change; name some: npm run test:quick -- apps/server/test/<file>.test.ts',
  );
}
process.exit(status);
