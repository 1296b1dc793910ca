// The import rules of docs/architecture.md, checked by `npm run lint` so a violation fails CI.
// Server: entry files → modules/* → platform/ → packages/shared, modules in a fixed order.
// Web: app/ → features/ → session/ | components/ | lib/, and no feature imports another.

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
// cli/ holds the CLI's commands, one file per kind: part of the entry layer, like cli.ts itself.
// A module's table declarations: readable from anywhere, written only by their owner (ADR 035).
const TABLES = `${SERVER}modules/[^/]+/tables\\.ts$`;
const ENTRY_FILES = [`${SERVER}(main|cli|mcp|app|worker|context|seed-demo)\\.ts$`, `${SERVER}cli/`];

/**
 * Each module and the modules it may import; the order has no cycle, and new modules take a place in it.
 * Any module may read and join any module's tables.ts (ADR 035): a table's owner is who writes it.
 */
const MODULE_DEPENDENCIES = {
  // The MCP server (ADR 042): its tools call the operations the HTTP routes call; nothing imports it.
  mcp: ['search-api', 'reports', 'exclusions', 'licensing', 'plans', 'accounts'],
  admin: [
    'organisations',
    'alerts',
    'reports',
    'search-api',
    'exclusions',
    'billing',
    'licensing',
    'plans',
    'accounts',
    'contact',
  ],
  organisations: ['reports', 'exclusions', 'licensing', 'plans', 'accounts'],
  // Alerts write the exclusion.* webhook outbox rows with the alerts they send.
  alerts: ['reports', 'exclusions', 'licensing', 'plans', 'accounts', 'webhooks'],
  'search-api': ['exclusions', 'licensing', 'plans', 'accounts'],
  reports: ['exclusions', 'licensing', 'plans', 'accounts', 'webhooks', 'compliance'],
  // Exclusion screening (ADR 025): the LEIE and SAM lists, matched with the license engine's names.
  exclusions: ['licensing', 'compliance'],
  // Webhooks (ADR 021): reports write its outbox rows in their own transactions.
  webhooks: ['accounts'],
  billing: ['plans', 'accounts'],
  accounts: ['plans'],
  plans: [],
  contact: [],
  licensing: [],
  // The compliance ledger (ADR 040): the modules that make checks append to it in their transactions.
  compliance: [],
};

const moduleOrderRules = Object.entries(MODULE_DEPENDENCIES).map(([module, allowed]) => ({
  name: `module-order-${module}`,
  comment: allowed.length
    ? `modules/${module} may import only modules/{${allowed.join(',')}} (docs/architecture.md, rule 2)`
    : `modules/${module} imports no other module (docs/architecture.md, rule 2)`,
  severity: 'error',
  from: { path: `${SERVER}modules/${module}/` },
  to: {
    path: `${SERVER}modules/`,
    pathNot: [`${SERVER}modules/${module}/`, TABLES, ...allowed.map((m) => `${SERVER}modules/${m}/`)],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means two files cannot be understood or tested apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'only-entry-files-import-the-composition-root',
      comment: 'context.ts and the other entry files wire everything; nothing below them may import them (rule 1).',
      severity: 'error',
      from: { path: `${SERVER}(platform|modules)/` },
      to: { path: ENTRY_FILES },
    },
    {
      name: 'platform-knows-no-domain',
      comment: 'platform/ is the infrastructure every module uses; it never imports a module (rule 1).',
      severity: 'error',
      from: { path: `${SERVER}platform/` },
      to: { path: `${SERVER}modules/` },
    },
    ...moduleOrderRules,
    {
      name: 'another-module-only-through-its-face',
      comment:
        "A module's face is the files at its root; its sub-folders are its own (ADR 033, docs/architecture.md rule 3).",
      severity: 'error',
      from: {
        path: `${SERVER}modules/([^/]+)/`,
        pathNot: [`${SERVER}modules/[^/]+/http/`, `${SERVER}modules/[^/]+/[^/]+/http/`],
      },
      to: { path: `${SERVER}modules/[^/]+/[^/]+/`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: 'another-module-http-only-through-its-faces',
      comment:
        "An http/ folder may also use the files at the root of another module's http/: its route guards (ADR 033).",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/(http/|[^/]+/http/)` },
      to: {
        path: `${SERVER}modules/[^/]+/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/http/[^/]+$`],
      },
    },
    {
      name: 'tables-declare-only-tables',
      comment:
        'A tables.ts holds declarations: it imports only other tables.ts (its foreign keys) and the column helpers (ADR 035).',
      severity: 'error',
      from: { path: `${SERVER}(modules|platform)/[^/]+/tables\\.ts$` },
      to: {
        path: SERVER,
        pathNot: [`${SERVER}(modules|platform)/[^/]+/tables\\.ts$`, `${SERVER}platform/db/columns\\.ts$`],
      },
    },
    {
      name: 'fastify-only-in-http',
      comment: 'Operations run without Fastify (from a job, the CLI or a test); only http/ folders see it (rule 4).',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/[^/]+/(test-mode/)?http/` },
      to: { path: '^node_modules/(fastify|@fastify/|fastify-)' },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is the contract both apps build on; it imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'The web and the server never import each other; the server may start the board simulator (rule 6).',
      severity: 'error',
      from: { path: '^apps/(web|server)/src/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/', '^apps/board-sim/'] },
    },
    {
      name: 'web-features-never-import-features',
      comment: 'What two features share moves down to session/, components/ or lib/ (rule 5).',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'app/ composes features; a feature never reaches back up into app/ (rule 5).',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-foundations-know-no-feature',
      comment: 'session/, components/ and lib/ serve every feature and import none (rule 5).',
      severity: 'error',
      from: { path: `${WEB}(session|components|lib)/` },
      to: { path: `${WEB}(app|features)/` },
    },
    {
      name: 'web-components-know-no-session',
      comment: 'UI primitives show what they are given; what reads the session lives in session/ (rule 5).',
      severity: 'error',
      from: { path: `${WEB}components/` },
      to: { path: `${WEB}session/` },
    },
    {
      name: 'web-lib-is-the-bottom',
      comment: 'lib/ holds plain helpers: no components, no session queries (rule 5).',
      severity: 'error',
      from: { path: `${WEB}lib/` },
      to: { path: `${WEB}(session|components)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
