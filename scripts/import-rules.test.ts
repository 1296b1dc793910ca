import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md are only worth something if a violation fails
// `npm run lint`: this builds a tiny tree with one deliberate violation of each rule (and arrows
// the rules allow) and runs dependency-cruiser on it with the project's configuration.

const ROOT = resolve(import.meta.dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const BIN = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const FILES: Record<string, string> = {
  'tsconfig.base.json': '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }',
  'apps/server/src/context.ts': 'export const ctx = 1;\n',
  'apps/server/src/main.ts': "import { ctx } from './context.ts';\nexport const main = ctx;\n",
  // Allowed: a module imports a module below it and the platform.
  'apps/server/src/modules/reports/create-report.ts':
    "import { find } from '../licensing/find.ts';\nimport { db } from '../../platform/db.ts';\nexport const r = find + db;\n",
  'apps/server/src/modules/licensing/find.ts': 'export const find = 1;\n',
  'apps/server/src/platform/db.ts': 'export const db = 1;\n',
  // Allowed: an http/ folder uses a route guard at the root of another module's http/.
  'apps/server/src/modules/reports/http/routes.ts':
    "import { guard } from '../../accounts/http/signed-in-user.ts';\nimport { deep } from '../../accounts/http/guards/deep.ts';\nexport const routes = guard + deep;\n",
  'apps/server/src/modules/accounts/http/signed-in-user.ts': 'export const guard = 1;\n',
  'apps/server/src/modules/accounts/http/guards/deep.ts': 'export const deep = 1;\n',
  // Allowed: any module reads another's tables (even one above it), and tables.ts name their foreign keys.
  'apps/server/src/modules/plans/read-plan.ts':
    "import { user } from '../accounts/tables.ts';\nexport const readPlan = user;\n",
  'apps/server/src/modules/accounts/tables.ts':
    "import { id } from '../../platform/db/columns.ts';\nexport const user = id;\n",
  'apps/server/src/platform/db/columns.ts': 'export const id = 1;\n',
  // Violations.
  'apps/server/src/modules/plans/tables.ts':
    "import { user } from '../accounts/tables.ts';\nimport { readPlan } from './read-plan.ts';\nexport const plan = user + readPlan;\n",
  'apps/server/src/modules/reports/match.ts':
    "import { score } from '../licensing/matching/score.ts';\nimport { guard } from '../accounts/http/signed-in-user.ts';\nexport const match = score + guard;\n",
  'apps/server/src/modules/licensing/matching/score.ts': 'export const score = 1;\n',
  'apps/server/src/platform/mail.ts': "import { spend } from '../modules/plans/spend.ts';\nexport const m = spend;\n",
  'apps/server/src/modules/plans/spend.ts': "import { user } from '../accounts/user.ts';\nexport const spend = user;\n",
  'apps/server/src/modules/accounts/user.ts': "import { ctx } from '../../context.ts';\nexport const user = ctx;\n",
  'apps/server/src/modules/contact/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
  'apps/server/src/modules/contact/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
  'apps/web/src/features/reports/list.ts': "import { price } from '../billing/price';\nexport const list = price;\n",
  'apps/web/src/features/billing/price.ts': "import { cn } from '../../lib/cn';\nexport const price = cn;\n",
  'apps/web/src/lib/cn.ts': "import { toast } from '../components/toast';\nexport const cn = toast;\n",
  'apps/web/src/components/toast.ts': 'export const toast = 1;\n',
  'apps/web/src/components/ui/title.ts': "import { me } from '../../session/get-me';\nexport const title = me;\n",
  'apps/server/src/modules/contact/send.ts': "import fastify from 'fastify';\nexport const send = fastify;\n",
  'node_modules/fastify/package.json': '{ "name": "fastify", "main": "index.js" }',
  'node_modules/fastify/index.js': 'module.exports = 1;\n',
  'packages/shared/src/brand.ts': "import { cn } from '../../../apps/web/src/lib/cn';\nexport const brand = cn;\n",
  'apps/web/src/lib/paths.ts': "import { db } from '../../../server/src/platform/db.ts';\nexport const paths = db;\n",
  'apps/web/src/app/router.ts': 'export const router = 1;\n',
  'apps/web/src/features/contact/form.ts': "import { router } from '../../app/router';\nexport const form = router;\n",
  'apps/web/src/session/get-me.ts': "import { form } from '../features/contact/form';\nexport const me = form;\n",
};

type Violation = { rule: { name: string }; from: string; to: string };

let dir: string;
let violations: Violation[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = promisify(execFile);
  const args = [BIN, 'apps', 'packages', '--config', CONFIG, '--output-type', 'json'];
  // depcruise exits non-zero when it finds violations; the JSON is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: dir }).catch((error) => error);
  violations = JSON.parse(stdout).summary.violations;
}, 30_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const found = (rule: string) => violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} → ${v.to}`);

describe('the import rules fail lint on', () => {
  it('platform importing a module', () => {
    expect(found('platform-knows-no-domain')).toEqual([
      'apps/server/src/platform/mail.ts → apps/server/src/modules/plans/spend.ts',
    ]);
  });

  it('a module importing one it may not (plans → accounts)', () => {
    expect(found('module-order-plans')).toEqual([
      'apps/server/src/modules/plans/spend.ts → apps/server/src/modules/accounts/user.ts',
    ]);
  });

  it('a module importing the composition root', () => {
    expect(found('only-entry-files-import-the-composition-root')).toEqual([
      'apps/server/src/modules/accounts/user.ts → apps/server/src/context.ts',
    ]);
  });

  it("another module's sub-folder, or its http/ from outside an http/ folder", () => {
    expect(found('another-module-only-through-its-face')).toEqual([
      'apps/server/src/modules/reports/match.ts → apps/server/src/modules/accounts/http/signed-in-user.ts',
      'apps/server/src/modules/reports/match.ts → apps/server/src/modules/licensing/matching/score.ts',
    ]);
  });

  it("a sub-folder of another module's http/, even from an http/ folder", () => {
    expect(found('another-module-http-only-through-its-faces')).toEqual([
      'apps/server/src/modules/reports/http/routes.ts → apps/server/src/modules/accounts/http/guards/deep.ts',
    ]);
  });

  it('Fastify outside an http/ folder', () => {
    expect(found('fastify-only-in-http')).toEqual([
      'apps/server/src/modules/contact/send.ts → node_modules/fastify/index.js',
    ]);
  });

  it('packages/shared importing an app', () => {
    expect(found('shared-imports-no-app')).toEqual(['packages/shared/src/brand.ts → apps/web/src/lib/cn.ts']);
  });

  it('the web importing the server', () => {
    expect(found('apps-stay-apart')).toEqual(['apps/web/src/lib/paths.ts → apps/server/src/platform/db.ts']);
  });

  it('a web feature importing app/', () => {
    expect(found('web-features-below-app')).toEqual([
      'apps/web/src/features/contact/form.ts → apps/web/src/app/router.ts',
    ]);
  });

  it('session/ importing a feature', () => {
    expect(found('web-foundations-know-no-feature')).toEqual([
      'apps/web/src/session/get-me.ts → apps/web/src/features/contact/form.ts',
    ]);
  });

  it('a UI component reading the session', () => {
    expect(found('web-components-know-no-session')).toEqual([
      'apps/web/src/components/ui/title.ts → apps/web/src/session/get-me.ts',
    ]);
  });

  it('a tables.ts importing anything but tables and column helpers', () => {
    expect(found('tables-declare-only-tables')).toEqual([
      'apps/server/src/modules/plans/tables.ts → apps/server/src/modules/plans/read-plan.ts',
    ]);
  });

  it('a cycle', () => {
    expect(found('no-circular').length).toBeGreaterThan(0);
  });

  it('a web feature importing another feature', () => {
    expect(found('web-features-never-import-features')).toEqual([
      'apps/web/src/features/reports/list.ts → apps/web/src/features/billing/price.ts',
    ]);
  });

  it('lib importing a component', () => {
    expect(found('web-lib-is-the-bottom')).toEqual(['apps/web/src/lib/cn.ts → apps/web/src/components/toast.ts']);
  });
});

it('the import rules allow entry → module → lower module → platform, and reading any tables.ts', () => {
  const allowed = [
    'apps/server/src/main.ts',
    'apps/server/src/modules/reports/create-report.ts',
    'apps/server/src/modules/plans/read-plan.ts',
    'apps/server/src/modules/accounts/tables.ts',
  ];
  const guards = 'apps/server/src/modules/accounts/http/signed-in-user.ts';
  expect(
    violations.filter((v) => v.from === 'apps/server/src/modules/reports/http/routes.ts' && v.to === guards),
  ).toEqual([]);
  expect(violations.filter((v) => allowed.includes(v.from))).toEqual([]);
});
