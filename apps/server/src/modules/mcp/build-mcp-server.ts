import { BRAND } from '@licensewatch/shared/brand';
import { MCP_TOOLS, mcpUsageEndpoint } from '@licensewatch/shared/mcp-tools';
import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { verificationPageUrl } from '@licensewatch/shared/reports';
import { type StateCode, toStateCode } from '@licensewatch/shared/states';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Platform } from '../../platform/deps.ts';
import { AppError, describeIssues } from '../../platform/errors.ts';
import { type ApiCaller, requireApiKeyScope } from '../accounts/authenticate-api-caller.ts';
import type { ExclusionSources } from '../exclusions/exclusion-sources.ts';
import type { LicenseSources } from '../licensing/license-sources.ts';
import { parsePersonName } from '../licensing/parse-person-name.ts';
import { billApiCall } from '../plans/bill-api-call.ts';
import { recordApiCall } from '../plans/record-api-call.ts';
import { getWholeReport } from '../reports/get-whole-report.ts';
import { issueVerification } from '../reports/issue-verification.ts';
import { listPossibleMatches } from '../reports/list-possible-matches.ts';
import { listReportsPage } from '../reports/list-reports-page.ts';
import { presentReport } from '../reports/present-report.ts';
import { type LicenseSearch, noApiCredits, runLicenseSearch } from '../search-api/run-license-search.ts';
import { enrolPhysicians } from './enrol-physicians.ts';

export type McpContext = Pick<Platform, 'db' | 'pool' | 'env' | 'jobs' | 'log' | 'baseURL'> & {
  licensing?: LicenseSources | undefined;
  exclusions?: ExclusionSources | undefined;
};

type Tool = (typeof MCP_TOOLS)[keyof typeof MCP_TOOLS];
/** What a tool's run may do besides answering: take the search's API credit (it then writes the usage row). */
type Call = { caller: ApiCaller; bill: (resultCount: number) => Promise<void> };

/** What a usage row keeps of a tool's input: its plain fields, each cut short; a list by its length. */
const QUERY_VALUE_MAX = 120;
function recordedQuery(input: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (Array.isArray(value)) query[name] = `${value.length} items`;
    else if (value !== undefined && value !== null && typeof value !== 'object') {
      query[name.slice(0, 40)] = String(value).slice(0, QUERY_VALUE_MAX);
    }
  }
  return query;
}

const INTERNAL = { detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
const text = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  ...(isError ? { isError } : {}),
});
// Validated by the schemas: a state is one of the 51 by now.
const stateCode = (value: string) => toStateCode(value) as StateCode;

/**
 * The MCP server for one connection (ADR 042): seven tools over the operations the HTTP routes call,
 * with the same scopes, credits, limits and `{detail, code}` errors. `authorize` answers the caller
 * of each tool call: over HTTP the request's key (checked and counted by the route), over stdio the
 * key is checked and counted again per call, so a long-lived process is metered like requests are.
 * Every call of a known key is in its usage log: a search's row is written with its credit, every
 * other call's as `mcp:<tool>` once answered.
 */
export function buildMcpServer(ctx: McpContext, authorize: () => Promise<ApiCaller>): McpServer {
  const server = new McpServer({ name: BRAND.name, version: '1.0.0' });

  const handlers = new Map<string, (args: Record<string, unknown>) => Promise<CallToolResult>>();
  const register = <T extends Tool>(tool: T, run: (input: z.output<T['input']>, call: Call) => Promise<unknown>) => {
    const endpoint = mcpUsageEndpoint(tool.name);
    const handler = async (args: Record<string, unknown>): Promise<CallToolResult> => {
      const started = performance.now();
      const query = recordedQuery(args);
      const latencyMs = () => Math.round(performance.now() - started);
      let caller: ApiCaller | undefined;
      let billed = false;
      let status = 200;
      try {
        caller = await authorize();
        if (caller.overLimit) throw caller.overLimit;
        requireApiKeyScope(caller, tool.scope);
        // After the key and its scope, as the HTTP routes check them before the body.
        const parsed = tool.input.safeParse(args);
        if (!parsed.success) throw AppError.validation(describeIssues(parsed.error.issues));
        const input = parsed.data as z.output<T['input']>;
        const known = caller;
        const bill = async (resultCount: number) => {
          const balance = await billApiCall(ctx.db, {
            ...ids(known),
            endpoint,
            latencyMs: latencyMs(),
            resultCount,
            query,
          });
          if (balance === null) throw noApiCredits();
          billed = true;
        };
        return text(await run(input, { caller, bill }));
      } catch (error) {
        if (!(error instanceof AppError)) {
          ctx.log.error({ err: error, tool: tool.name }, 'MCP tool call failed');
          status = 500;
          return text(INTERNAL, true);
        }
        status = error.status;
        return text({ detail: error.message, code: error.code }, true);
      } finally {
        if (caller && !billed) {
          await recordApiCall(ctx.db, {
            ...ids(caller),
            endpoint,
            status,
            latencyMs: latencyMs(),
            resultCount: 0,
            query,
          }).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not record an MCP call'));
        }
      }
    };
    handlers.set(tool.name, handler);
    // Registered for the listing (name, description, input schema); calls come to the handler above.
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.input }, () => {
      throw new Error(`${tool.name} is answered by the tools/call handler of build-mcp-server.ts`);
    });
  };

  /** A search: refused before it runs without an API credit, billed one when it answers (as GET /api/v1/…). */
  const search = async ({ caller, bill }: Call, what: LicenseSearch) => {
    if (caller.credits <= 0) throw noApiCredits();
    const response = await runLicenseSearch(ctx, what, caller.workspaceId);
    await bill(response.data.length);
    return response;
  };

  register(MCP_TOOLS.searchLicensesByName, (input, call) =>
    search(call, {
      name: {
        ...parsePersonName(input.name),
        licenseType: input.license_type,
        state: input.state ? stateCode(input.state) : undefined,
      },
    }),
  );
  register(MCP_TOOLS.searchLicenseByNumber, (input, call) =>
    search(call, { number: { licenseNumber: input.license_number, state: stateCode(input.state) } }),
  );
  register(MCP_TOOLS.getReport, (input, { caller }) => getWholeReport(ctx, caller.workspaceId, input.id));
  register(MCP_TOOLS.listReports, async (input, { caller }) => {
    const page = await listReportsPage(ctx.db, caller.workspaceId, input);
    return { reports: page.reports.map(presentReport), next_cursor: page.nextCursor };
  });
  register(MCP_TOOLS.listPossibleMatches, (input, { caller }) =>
    listPossibleMatches(ctx.db, caller.workspaceId, input.id),
  );
  register(MCP_TOOLS.enrolPhysicians, (input, { caller }) => {
    // A key acts with its owner's role at the moment of the call: a viewer changes nothing, not even asking.
    if (caller.organisation?.role === 'viewer') {
      throw new AppError('VIEWER_READ_ONLY', ORGANISATION_MESSAGES.viewerReadOnly, 403);
    }
    return enrolPhysicians(ctx, caller.workspaceId, input);
  });
  register(MCP_TOOLS.getVerificationDocument, async (input, { caller }) => {
    const issued = await issueVerification(ctx, caller, input.id, input.licenseId);
    return { verification_id: issued.id, url: verificationPageUrl(ctx.baseURL, issued.id), verification: issued };
  });
  // The SDK would check each call's input against the schema itself and answer a refusal in its own
  // words, before the handler could count the call: the calls are answered here instead, so input a
  // schema refuses gets the API's {detail, code} and a usage row like any other refusal.
  server.server.removeRequestHandler('tools/call');
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const handler = handlers.get(request.params.name);
    if (!handler) return text({ detail: `There is no tool named ${request.params.name}.`, code: 'NOT_FOUND' }, true);
    return handler(request.params.arguments ?? {});
  });
  return server;
}

const ids = (caller: ApiCaller) => ({ userId: caller.userId, workspaceId: caller.workspaceId, keyId: caller.keyId });
