import { z } from 'zod';
import type { ApiKeyScope } from './api-keys.ts';
import { BULK_CREATE_MAX, reportPageQuerySchema } from './report-monitoring.ts';
import { createReportRequestSchema, reportIdParamsSchema } from './reports.ts';
import { searchLicenseByNumberQuerySchema, searchLicenseQuerySchema } from './search-api.ts';

// The MCP server's tools (docs/product-rules.md, MCP server; ADR 042). Each takes the input of the
// HTTP call it stands for, from that call's own schema, so an agent and a system are held to the
// same rules; only what has no HTTP twin (the enrolment's confirm) is defined here. The name,
// scope and description of each tool live here once: the server registers them, the tests and the
// README read them.

/** The enrolment: what POST /api/v2/reports/bulk takes, with the agent's explicit confirmation. */
export const enrolPhysiciansInputSchema = z.object({
  physicians: z
    .array(createReportRequestSchema)
    .min(1, 'physicians must hold at least one physician')
    .max(BULK_CREATE_MAX, `At most ${BULK_CREATE_MAX} physicians a call`),
  /** Without true nothing is created: the answer says what the call would spend. */
  confirm: z.boolean().optional(),
});
export type EnrolPhysiciansInput = z.infer<typeof enrolPhysiciansInputSchema>;

/** A verification document of a report: all its tracked licenses, or one (`licenseId`). */
export const verificationDocumentInputSchema = reportIdParamsSchema.extend({ licenseId: z.string().optional() });

type McpTool = { name: string; scope: ApiKeyScope; description: string; input: z.ZodObject };

/** Tool names are snake_case, as MCP clients show them to models. */
export const MCP_TOOLS = {
  searchLicensesByName: {
    name: 'search_licenses_by_name',
    scope: 'search',
    description:
      "Find a physician's medical licenses by full name ('Maya R Patel'), in every state or in one, MD or DO. Costs one API credit, like GET /api/v1/search-license. Answers the confident matches (data), the possible ones it would not decide on (possible_matches), unavailable boards and exclusion screening.",
    input: searchLicenseQuerySchema.omit({ format: true }),
  },
  searchLicenseByNumber: {
    name: 'search_license_by_number',
    scope: 'search',
    description:
      'Verify one medical license by its number and state: its holder, standing, board wording, expiry and source. Costs one API credit, like GET /api/v1/search-license-by-number.',
    input: searchLicenseByNumberQuerySchema.omit({ format: true }),
  },
  getReport: {
    name: 'get_report',
    scope: 'reports:read',
    description:
      "One monitored physician's report, whole (GET /api/v2/reports/{id}): counts, tracked licenses with standing and source, exclusion screening and open possible matches.",
    input: reportIdParamsSchema,
  },
  listReports: {
    name: 'list_reports',
    scope: 'reports:read',
    description:
      'Page the monitored physicians newest first (GET /api/v2/reports/), filtered: expiring_within_days for licenses expiring soon, changed_since for reports whose licenses changed, standing, needs_attention, verification_due, external_id. Pass next_cursor as cursor for the next page.',
    input: reportPageQuerySchema,
  },
  listPossibleMatches: {
    name: 'list_possible_matches',
    scope: 'reports:read',
    description:
      "The possible matches of a report that wait for a person's review (GET /api/v2/reports/{id}/candidates): licenses that may be the physician's, with why they were not decided on. list_reports with needs_attention=true finds the reports that have some.",
    input: reportIdParamsSchema,
  },
  enrolPhysicians: {
    name: 'enrol_physicians',
    scope: 'reports:write',
    description:
      'Start monitoring physicians: one report each (POST /api/v2/reports/bulk, up to 100), one report credit each; a physician whose externalId is already enrolled is answered as existing and spends nothing. Without confirm: true nothing is created and the answer says what it would spend (report credits now and after, plan limits): show that to the user and call again with confirm: true only once they agree.',
    input: enrolPhysiciansInputSchema,
  },
  getVerificationDocument: {
    name: 'get_verification_document',
    scope: 'reports:read',
    description:
      "Issue a verification document of a report's tracked licenses, or of one (licenseId), as POST /api/v2/reports/{id}/verifications does: answers its verification id, its public URL /verify/{id} and what it says (each license, its source and when it was read, the SHA-256), not the PDF.",
    input: verificationDocumentInputSchema,
  },
} as const satisfies Record<string, McpTool>;

export type McpToolName = (typeof MCP_TOOLS)[keyof typeof MCP_TOOLS]['name'];

/** A tool call's `endpoint` in the key's usage log (api_usage). */
export const mcpUsageEndpoint = (name: McpToolName) => `mcp:${name}`;

/**
 * The tools whose calls cost no API credit though they answer: all but the searches. Their usage
 * rows are not billed calls, whatever their status (the usage panel counts billed calls by status).
 */
export const MCP_FREE_USAGE_NAMES: readonly string[] = Object.values(MCP_TOOLS)
  .filter((tool) => tool.scope !== 'search')
  .map((tool) => mcpUsageEndpoint(tool.name));

/** What an enrolment would spend, answered before it is confirmed. */
export type EnrolmentEstimate = {
  confirmed: false;
  /** Rows that would create a report (valid, and no report of the workspace has their externalId). */
  would_create: number;
  /** Rows whose externalId names a report already there: answered as it is, nothing spent. */
  already_enrolled: number;
  report_credits_now: number | null;
  /** null: unlimited. Below zero: the rows past the credits would fail with NO_REPORT_CREDITS. */
  report_credits_after: number | null;
  plan: { name: string; states_per_report: number | null; tracked_licenses: number | null };
  message: string;
};
