import { SourceError, type SourceFailure } from './types.ts';

/** One line for source_health.last_error, ingest_run.error and the CLI: "unavailable (HTTP 503): …". */
export function describeSourceFailure(failure: unknown): string {
  const f: SourceFailure | null =
    failure instanceof SourceError
      ? failure.failure
      : failure && typeof failure === 'object' && 'kind' in failure && 'message' in failure
        ? (failure as SourceFailure)
        : null;
  const text = f
    ? `${f.kind}${f.status ? ` (HTTP ${f.status})` : ''}: ${f.message}`
    : failure instanceof Error
      ? failure.message
      : String(failure);
  return text.slice(0, 1000);
}
