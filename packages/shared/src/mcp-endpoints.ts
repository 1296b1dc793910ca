import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** A JSON-RPC 2.0 message of the Model Context Protocol; the SDK's transport checks the rest. */
const mcpMessageSchema = z.looseObject({ jsonrpc: z.literal('2.0') });

/**
 * The MCP server over Streamable HTTP (docs/product-rules.md, MCP server; ADR 042), stateless:
 * every request carries the API key (`Authorization: Bearer`) and counts in its per-minute limit.
 * The tools themselves are in mcp-tools.ts.
 */
export const MCP_ENDPOINTS = defineEndpoints({
  message: {
    method: 'POST',
    path: '/mcp',
    apiKey: true,
    summary: 'Send an MCP message (initialize, tools/list, tools/call); answered as JSON',
    errors: [429],
    body: mcpMessageSchema,
    responseType: 'application/json',
  },
  // Stateless: no stream to open and no session to end, so both answer 405 to a valid key, as the
  // transport specifies; a client then goes on with POST alone.
  stream: {
    method: 'GET',
    path: '/mcp',
    apiKey: true,
    summary: 'Open a server-sent event stream: not offered (405), the server is stateless',
    errors: [405, 429],
  },
  endSession: {
    method: 'DELETE',
    path: '/mcp',
    apiKey: true,
    summary: 'End an MCP session: not offered (405), the server is stateless',
    errors: [405, 429],
  },
});
