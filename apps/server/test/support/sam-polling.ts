import type { SamExtractPolling } from '../../src/modules/exclusions/sam/download-sam-extract.ts';

/**
 * SAM's extract asked for again at once. The product waits 30 s before each download attempt
 * (SAM_EXTRACT_POLLING), which cost a test file a minute of sleeping; the simulator counts
 * attempts, not time, before its file is ready (apps/board-sim/src/sam-route.ts).
 */
export const SAM_POLLING_AT_ONCE: SamExtractPolling = { attempts: 3, intervalMs: 0, sleep: async () => {} };
