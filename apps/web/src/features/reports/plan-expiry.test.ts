import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { isPlanExpiredError } from './plan-expiry';

describe('isPlanExpiredError', () => {
  it('recognises only 403 with the PLAN_EXPIRED code', () => {
    expect(isPlanExpiredError(new ApiRequestError(403, 'PLAN_EXPIRED', 'x'))).toBe(true);
    expect(isPlanExpiredError(new ApiRequestError(403, 'PLAN_LIMIT', 'x'))).toBe(false);
    expect(isPlanExpiredError(new ApiRequestError(402, 'PLAN_EXPIRED', 'x'))).toBe(false);
    expect(isPlanExpiredError(new Error('PLAN_EXPIRED'))).toBe(false);
  });
});
