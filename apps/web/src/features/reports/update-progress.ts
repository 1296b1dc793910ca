import type { UpdateStatus } from '@licensewatch/shared/reports';

/** An update is running while it is not completed and progress is under 100 (docs/product-rules.md). */
export function isUpdating(status: Pick<UpdateStatus, 'is_completed' | 'progress'> | undefined): boolean {
  return Boolean(status && !status.is_completed && status.progress < 100);
}

/** A whole percent in 0–100, whatever the server sends. */
export function progressPercent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

// Users know the 20–30 minute note; our registry usually answers far sooner, so both are said
// (docs/product-rules.md, Update progress).
export const UPDATE_NOTE = 'This can take 20–30 minutes; it usually finishes in under a minute.';
