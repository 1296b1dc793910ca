import type { StateBoard, StateStatus } from '@licensewatch/shared/states-api';
import { describe, expect, it } from 'vitest';
import { stateSource } from './state-source';

function board(overrides: Partial<StateBoard>): StateBoard {
  return {
    board_id: 'x',
    name: 'Board',
    license_types: ['MD', 'DO'],
    method: 'bulk',
    meaning: '',
    detail: null,
    lookup_url: 'https://board.example',
    source_unavailable: false,
    verified_at: null,
    published_file: false,
    ...overrides,
  };
}

describe('stateSource', () => {
  const statuses: StateStatus[] = [
    { state_name: 'Texas', status: false, boards: [board({ method: 'lookup', source_unavailable: true })] },
    { state_name: 'Ohio', status: true, boards: [board({ method: 'bulk' })] },
    { state_name: 'Alabama', status: true, boards: [board({ method: 'manual' })] },
    {
      state_name: 'Florida',
      status: false,
      boards: [
        board({ license_types: ['MD'], method: 'bulk' }),
        board({ license_types: ['DO'], method: 'lookup', source_unavailable: true }),
      ],
    },
    { state_name: 'Iowa', status: true, boards: [board({ method: 'off' })] },
  ];

  it('names how the board is read instead of a bare "Confirmed"', () => {
    expect(stateSource(statuses, 'Ohio')).toMatchObject({ text: 'Bulk list', tone: 'good' });
    expect(stateSource(statuses, 'Alabama')).toMatchObject({ text: 'Verified by hand', tone: 'neutral' });
    expect(stateSource(statuses, 'Iowa')).toMatchObject({ text: 'Source off', tone: 'warn' });
    expect(stateSource(statuses, 'Ohio')?.meaning).toMatch(/refreshed daily/);
  });

  it('says Site Not Available for a board a machine should read and cannot, for the chosen type only', () => {
    expect(stateSource(statuses, 'Texas')?.text).toBe('Site Not Available');
    expect(stateSource(statuses, 'Florida', 'MD')?.text).toBe('Bulk list');
    expect(stateSource(statuses, 'Florida', 'DO')?.text).toBe('Site Not Available');
    expect(stateSource(statuses, 'Florida')?.text).toBe('Site Not Available');
  });

  it('shows nothing until the statuses are known', () => {
    expect(stateSource(undefined, 'Texas')).toBeNull();
    expect(stateSource(statuses, 'Utah')).toBeNull();
  });
});
