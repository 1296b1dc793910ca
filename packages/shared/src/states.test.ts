import { describe, expect, it } from 'vitest';
import { JURISDICTIONS, STATE_NAMES, toStateCode } from './states.ts';

describe('jurisdictions', () => {
  it('has the 50 states and DC, once each, sorted by label, with the DC label the UI shows', () => {
    expect(JURISDICTIONS).toHaveLength(51);
    expect(new Set(JURISDICTIONS.map((j) => j.code)).size).toBe(51);
    expect([...STATE_NAMES].sort((a, b) => a.localeCompare(b))).toEqual(STATE_NAMES);
    expect(STATE_NAMES).toContain('Washington, DC');
  });

  it('resolves codes, labels and DC spellings', () => {
    expect(toStateCode('ca')).toBe('CA');
    expect(toStateCode('New York')).toBe('NY');
    expect(toStateCode('Washington, DC')).toBe('DC');
    expect(toStateCode('District of Columbia')).toBe('DC');
    expect(toStateCode('Narnia')).toBeNull();
  });
});
