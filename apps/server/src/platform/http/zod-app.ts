import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify scope whose routes take their types from the endpoints' zod schemas. */
export const withZod = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();

/** What a route file registers on: a scope already given its hooks (sign-in, admin) by its caller. */
export type ZodApp = ReturnType<typeof withZod>;
