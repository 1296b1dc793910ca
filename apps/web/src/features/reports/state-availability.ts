import type { StateStatus } from '@licensewatch/shared/states-api';

export type Availability = 'Confirmed' | 'Site Not Available';

/** Confirmed when the status is true or unknown (not listed, or not loaded yet): docs/product-rules.md. */
export function stateAvailability(statuses: readonly StateStatus[] | undefined, stateName: string): Availability {
  const entry = statuses?.find((s) => s.state_name === stateName);
  return entry && entry.status === false ? 'Site Not Available' : 'Confirmed';
}
