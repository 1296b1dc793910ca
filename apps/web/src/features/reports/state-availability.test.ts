import { describe, expect, it } from 'vitest';
import { stateAvailability } from './state-availability';

describe('stateAvailability', () => {
  const statuses = [
    { state_name: 'Texas', status: false, boards: [] },
    { state_name: 'Ohio', status: true, boards: [] },
  ];

  it('is Site Not Available only when the status is false', () => {
    expect(stateAvailability(statuses, 'Texas')).toBe('Site Not Available');
    expect(stateAvailability(statuses, 'Ohio')).toBe('Confirmed');
  });

  it('is Confirmed when unknown (not listed or not loaded)', () => {
    expect(stateAvailability(statuses, 'Iowa')).toBe('Confirmed');
    expect(stateAvailability(undefined, 'Texas')).toBe('Confirmed');
  });
});
