import { MCP_ENDPOINTS } from '@licensewatch/shared/mcp-endpoints';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { type ApiCaller, authenticateApiCaller } from '../../accounts/authenticate-api-caller.ts';
import { bearerKey } from '../../accounts/http/signed-in-user.ts';
import { buildMcpServer, type McpContext } from '../build-mcp-server.ts';

const mcpCallers = new WeakMap<FastifyRequest, ApiCaller>();

/**
 * The MCP server over Streamable HTTP (ADR 042), stateless: each POST builds the server for its key
 * and answers its one message as JSON, so any process behind the load balancer can take the next.
 * Every request, tools/list included, needs a valid key in `Authorization: Bearer` (never in a
 * URL or body: the body is the protocol's) and counts in the key's per-minute limit before the
 * body is looked at, as the search API does. A tool then checks its own scope.
 */
export function registerMcpRoutes(fastify: FastifyInstance, ctx: McpContext & { apiKeySecrets: ApiKeySecrets }) {
  const authenticate = async (request: FastifyRequest) => {
    const caller = await authenticateApiCaller(ctx, bearerKey(request));
    if (caller.overLimit) throw caller.overLimit;
    mcpCallers.set(request, caller);
  };
  // The key authenticates these calls, never the session cookie: which page sent one says nothing
  // about who may make it, and browser-based MCP clients send their own Origin (docs/security.md).
  const config = { originCheck: false } as const;

  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.post(
      MCP_ENDPOINTS.message.path,
      { schema: endpointSchema(MCP_ENDPOINTS.message), config, preValidation: authenticate },
      async (request, reply) => {
        const caller = mcpCallers.get(request) as ApiCaller;
        const server = buildMcpServer(ctx, async () => caller);
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        // The transport writes the answer itself: keep the headers every answer carries (security headers).
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        reply.hijack();
        reply.raw.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      },
    );
    // Stateless: no stream to open, no session to end. 405 is what the transport specifies, and
    // the SDK's client then goes on with POST alone.
    const notOffered = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(405)
        .header('allow', 'POST')
        .send({ detail: 'This MCP server is stateless: send each message with POST.', code: 'METHOD_NOT_ALLOWED' });
    app.get(MCP_ENDPOINTS.stream.path, { config, preValidation: authenticate }, notOffered);
    app.delete(MCP_ENDPOINTS.endSession.path, { config, preValidation: authenticate }, notOffered);
  });
}
