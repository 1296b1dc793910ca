// A contract path's `:name`s, typed and filled in. A module of its own so the web bundles it with
// its API client, which every page loads, and not with defineEndpoints, which only tables with schemas need.

/** The `:name`s of a path: `'/api/v2/reports/:id/licenses'` → `'id'`; `never` when it has none. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path's `:name`s take; any names when the path is not a literal type. */
export type PathParams<P extends string> = string extends P ? Record<string, string> : Record<PathParamName<P>, string>;

/** `[params]` for a path with `:name`s, `[]` (or an empty record) for one without. */
export type PathParamsArgs<P extends string> = string extends P
  ? [params?: Record<string, string>]
  : [PathParamName<P>] extends [never]
    ? [params?: Record<string, never>]
    : [params: PathParams<P>];

/**
 * The endpoint's path with each `:name` filled in, encoded as one segment:
 * `endpointPath(REPORTS_ENDPOINTS.get, { id })`. A missing value is a type error, and throws.
 */
export function endpointPath<P extends string>(endpoint: { path: P }, ...[params]: PathParamsArgs<P>): string {
  const values: Record<string, string> = params ?? {};
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
