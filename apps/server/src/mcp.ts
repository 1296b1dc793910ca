// `npm run mcp`: the MCP server over stdio, for an agent client that starts it as a process (ADR
// 042). It acts with the API key in LICENSEWATCH_API_KEY. stdout carries the protocol and nothing
// else: every log line goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino from 'pino';
import { createContext } from './context.ts';
import { authenticateApiCaller } from './modules/accounts/authenticate-api-caller.ts';
import { configureExclusionSources } from './modules/exclusions/exclusion-sources.ts';
import { BoardConfigError } from './modules/licensing/config/load-board-config.ts';
import { openLicenseSources } from './modules/licensing/open-license-sources.ts';
import { buildMcpServer } from './modules/mcp/build-mcp-server.ts';
import { openDatabase } from './platform/db/embedded-database.ts';
import { parseEnv, publicBaseUrl } from './platform/env.ts';
import { loadSecret } from './platform/security/load-secret.ts';

const key = process.env.LICENSEWATCH_API_KEY?.trim();
if (!key) {
  console.error('Set LICENSEWATCH_API_KEY to the API key the MCP server acts with (the Overview page shows it).');
  process.exit(1);
}

const env = parseEnv();
const log = pino({ level: 'warn' }, pino.destination(2));
// Embedded PGlite belongs to one process: reach a running server through its socket instead.
const database = await openDatabase(env, { shareRunning: true });
// The name search asks look-up boards live, as the HTTP API does.
const licensing = await openLicenseSources(env, {
  contactUrl: publicBaseUrl(env),
  log,
  ownsSimulatorPort: false,
}).catch(async (err: unknown) => {
  // A bad LICENSE_SOURCES_FILE: the same lines as at server start, not a stack trace.
  if (!(err instanceof BoardConfigError)) throw err;
  console.error(err.message);
  await database.close();
  process.exit(1);
});
const ctx = await createContext({
  env,
  databaseUrl: database.url,
  secret: loadSecret(env),
  log,
  licensing: licensing.sources,
  exclusions: configureExclusionSources(env, licensing.simUrl),
});

// Checked and counted per tool call, as each HTTP request is: a long-lived process is metered
// like requests, and a key regenerated or a member removed stops working at the next call.
const server = buildMcpServer(ctx, () => authenticateApiCaller(ctx, key));
const shutDown = async () => {
  await server.close();
  await ctx.close();
  await licensing.close();
  await database.close();
};
process.stdin.on('close', () => void shutDown().finally(() => process.exit(0)));
await server.connect(new StdioServerTransport());
