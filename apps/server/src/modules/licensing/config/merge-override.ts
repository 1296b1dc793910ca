type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An operator's override laid over built-in configuration, field by field: objects merge key by key
 * (so `{"source": {"url": "…"}}` changes the URL and keeps the rest), arrays and plain values replace,
 * `null` removes the field (back to the schema's default, or a "required" error naming it).
 */
export function mergeOverride(base: Json, override: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete merged[key];
    else if (isPlainObject(value) && isPlainObject(merged[key])) merged[key] = mergeOverride(merged[key], value);
    else merged[key] = value;
  }
  return merged;
}

/** A board override: merged field by field, except a source of another kind, which shares nothing and replaces it. */
export function mergeBoardOverride(base: Json, override: Json): Json {
  const source = override.source;
  const baseSource = base.source;
  if (isPlainObject(source) && isPlainObject(baseSource) && 'kind' in source && source.kind !== baseSource.kind) {
    const { source: _, ...rest } = override;
    return { ...mergeOverride(base, rest), source };
  }
  return mergeOverride(base, override);
}
