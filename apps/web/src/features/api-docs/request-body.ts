import type { ApiParam } from './try-it-endpoints';

/** What the console's inputs hold, by parameter name; other endpoints' values may linger in it. */
export type FormValues = Record<string, unknown>;

/** The text a value contributes, or null when it contributes nothing (empty, or not plain text). */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Objects (and null or undefined) are never sent (docs/product-rules.md, API docs).
  return null;
}

/**
 * The request body for `params`, in their order: trimmed values of this endpoint's parameters,
 * empty and object values left out. The key is not in it: the console sends it as the Bearer header.
 */
export function buildRequestBody(params: ApiParam[], values: FormValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const param of params) {
    const text = textOf(values[param.name]);
    if (text !== null) body[param.name] = text;
  }
  return body;
}

/** The labels of required inputs still empty: this endpoint's required parameters, then the key. */
export function missingRequiredFields(params: ApiParam[], values: FormValues, apiKey: string): string[] {
  const missing = params.filter((param) => param.required && textOf(values[param.name]) === null).map((p) => p.name);
  if (!apiKey.trim()) missing.push('API key');
  return missing;
}
