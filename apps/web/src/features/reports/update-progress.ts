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

// What is true (docs/product-rules.md, Update progress): the registry answers in seconds, and a
// board searched live can be slow; the bar shows the real progress meanwhile.
export const UPDATE_NOTE = 'This usually takes under a minute; boards that answer slowly can take longer.';
