import type { Endpoint } from '@licensewatch/shared/endpoint';

type Field<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;
type SuccessStatus<E> = E extends { status: infer S extends number } ? S : 200;

/** Fastify's route schema for a contract endpoint, typed so the zod type provider types the handler. */
export type EndpointSchema<E extends Endpoint> = {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  body: Field<E, 'body'>;
  response: E extends { response: infer R } ? { [S in SuccessStatus<E>]: R } : undefined;
};

/**
 * The route schema a contract endpoint declares: its params, query and body validated, its answer
 * serialized under its success status. `app.get(E.path, { schema: endpointSchema(E) }, handler)`.
 */
export function endpointSchema<const E extends Endpoint>(endpoint: E): EndpointSchema<E> {
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response) schema.response = { [endpoint.status ?? 200]: endpoint.response };
  return schema as EndpointSchema<E>;
}
