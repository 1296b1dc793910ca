/** A form parameter as the single string Stripe's encoding gives, else undefined. */
export const stringParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `metadata[...]` parameters; Stripe keeps only string values. */
export function metadataParam(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
