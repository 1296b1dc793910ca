import {
  CA_STATUS,
  CO_STATUS,
  floridaStatus,
  HTML_STATUS,
  MO_STATUS,
  WA_STATUS,
} from '@licensewatch/board-sim/board-records';
import { LICENSE_STATUSES, type LicenseStatus } from '@licensewatch/shared/licenses';
import { describe, expect, it } from 'vitest';
import { mapStatus, vocabularyMap } from '../sources/record-fields.ts';
import { STATUS_WORDING } from './status-wording.ts';

const shared = vocabularyMap(STATUS_WORDING);
const KNOWN = LICENSE_STATUSES.filter((s) => s !== 'unknown');

describe('STATUS_WORDING', () => {
  it('maps every simulated board’s wording back to the status it was written from', () => {
    for (const [board, table] of Object.entries({ WA_STATUS, CO_STATUS, MO_STATUS, CA_STATUS, HTML_STATUS }))
      for (const status of KNOWN) expect(mapStatus(table[status], shared).status, `${board} ${status}`).toBe(status);
    const florida = (status: LicenseStatus, expiryDate: string | null = '2030-01-01') =>
      mapStatus(floridaStatus({ status, expiryDate } as never, '2026-01-01'), shared).status;
    for (const status of KNOWN.filter((s) => s !== 'expired')) expect(florida(status), `FL ${status}`).toBe(status);
    expect(florida('expired', '2025-06-01')).toBe('expired'); // DELINQUENT/ACTIVE
    expect(florida('expired', '2020-06-01')).toBe('expired'); // NULL AND VOID
  });

  it('reads surrender as surrendered, never active, and retired or deceased as inactive', () => {
    expect(mapStatus('SURRENDERED', shared)).toEqual({
      rawStatus: 'SURRENDERED',
      status: 'surrendered',
      unknownWording: false,
    });
    expect(mapStatus(' voluntary  surrender ', shared).status).toBe('surrendered');
    expect(mapStatus('Retired', shared).status).toBe('inactive');
    expect(mapStatus('DECEASED', shared).status).toBe('inactive');
  });

  it('says when the wording is unknown, and not for an empty cell', () => {
    expect(mapStatus('Pending Review', shared)).toEqual({
      rawStatus: 'Pending Review',
      status: 'unknown',
      unknownWording: true,
    });
    expect(mapStatus('  ', shared)).toEqual({ rawStatus: null, status: 'unknown', unknownWording: false });
  });

  it('only holds normalised statuses', () => {
    for (const status of Object.values(STATUS_WORDING)) expect(LICENSE_STATUSES).toContain(status);
  });
});
