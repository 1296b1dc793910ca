import { describe, expect, it } from 'vitest';
import { emailAlertState, smsAlertState, timeZoneLabel, timeZoneOptions } from './profile-alert-state';

const base = { sms_renewal_notice: true, alerts_included: true, phone_number: '+14155550134', phone_verified: true };

describe('alert states', () => {
  it('shows an email alert as active only when wished and included in the plan', () => {
    expect(emailAlertState(true, { alerts_included: true }).label).toBe('Active');
    expect(emailAlertState(false, { alerts_included: true }).label).toBe('Off');
    expect(emailAlertState(true, { alerts_included: false }).kind).toBe('not-included');
  });

  it('shows SMS as active only with a verified phone on a plan with alerts', () => {
    expect(smsAlertState(base).label).toBe('Active');
    expect(smsAlertState({ ...base, sms_renewal_notice: false }).label).toBe('Off');
    expect(smsAlertState({ ...base, alerts_included: false }).kind).toBe('not-included');
    expect(smsAlertState({ ...base, phone_number: null, phone_verified: false }).kind).toBe('needs-phone');
    expect(smsAlertState({ ...base, phone_verified: false }).label).toBe('Waiting for phone verification');
  });
});

describe('time zones', () => {
  it('keeps a stored zone the browser does not list, and reads ids as words', () => {
    expect(timeZoneOptions('Etc/UTC', ['America/Chicago'])).toEqual(['Etc/UTC', 'America/Chicago']);
    expect(timeZoneOptions('America/Chicago', ['America/Chicago'])).toEqual(['America/Chicago']);
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America / Los Angeles');
  });
});
