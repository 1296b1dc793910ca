import { describe, expect, it } from 'vitest';
import {
  emailAlertState,
  organisationsInWords,
  smsAlertState,
  timeZoneGroups,
  timeZoneLabel,
} from './profile-alert-state';

const base = {
  sms_renewal_notice: true,
  alerts_included: true,
  organisation_alerts: [],
  phone_number: '+14155550134',
  phone_verified: true,
};
const lakeside = [{ name: 'Lakeside Medical Group', plan: 'growth' as const }];

describe('alert states', () => {
  it('shows an email alert as active only when wished and included in the plan', () => {
    expect(emailAlertState(true, { alerts_included: true, organisation_alerts: [] }).label).toBe('Active');
    expect(emailAlertState(false, { alerts_included: true, organisation_alerts: [] }).label).toBe('Off');
    expect(emailAlertState(true, { alerts_included: false, organisation_alerts: [] }).kind).toBe('not-included');
  });

  it("says an email alert is active through an organisation whose plan includes alerts, not 'Not active'", () => {
    expect(emailAlertState(true, { alerts_included: false, organisation_alerts: lakeside })).toEqual({
      kind: 'organisation',
      label: 'Active for Lakeside Medical Group (Growth)',
    });
    expect(emailAlertState(false, { alerts_included: false, organisation_alerts: lakeside }).label).toBe('Off');
    // One's own plan with alerts: active as before.
    expect(emailAlertState(true, { alerts_included: true, organisation_alerts: lakeside }).label).toBe('Active');
    expect(
      organisationsInWords([...lakeside, { name: 'Hill Clinic', plan: 'enterprise' }, { name: 'Bay', plan: 'small' }]),
    ).toBe('Lakeside Medical Group (Growth), Hill Clinic (Enterprise) and Bay (Small)');
  });

  it('shows SMS as active only with a verified phone on a plan with alerts', () => {
    expect(smsAlertState(base).label).toBe('Active');
    expect(smsAlertState({ ...base, sms_renewal_notice: false }).label).toBe('Off');
    expect(smsAlertState({ ...base, alerts_included: false }).kind).toBe('not-included');
    // SMS stays personal: an organisation's plan does not turn it on.
    const throughOrganisation = { ...base, alerts_included: false, organisation_alerts: lakeside };
    expect(smsAlertState(throughOrganisation).kind).toBe('not-included');
    expect(smsAlertState({ ...base, phone_number: null, phone_verified: false }).kind).toBe('needs-phone');
    expect(smsAlertState({ ...base, phone_verified: false }).label).toBe('Waiting for phone verification');
  });
});

describe('time zones', () => {
  const known = ['America/Chicago', 'America/New_York', 'Europe/Berlin', 'UTC'];

  it('suggests the stored zone, the default and this device, then lists every zone by region', () => {
    const groups = timeZoneGroups({
      stored: 'Etc/GMT+5',
      defaultZone: 'America/New_York',
      device: 'Europe/Berlin',
      known,
    });
    expect(groups.map((g) => g.label)).toEqual(['Suggested', 'America', 'Europe', 'Other']);
    expect(groups[0]?.options).toEqual([
      { value: 'Etc/GMT+5', label: 'Etc / GMT+5' },
      { value: '', label: 'The default: America / New York' },
      { value: 'Europe/Berlin', label: 'Europe / Berlin (this device)' },
    ]);
    expect(groups[1]?.options.map((o) => o.value)).toEqual(['America/Chicago', 'America/New_York']);
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America / Los Angeles');
  });

  it('with nothing stored, the default comes first, and the device is not repeated as "this device" when stored', () => {
    const none = timeZoneGroups({ stored: null, defaultZone: 'America/New_York', device: 'Europe/Berlin', known });
    expect(none[0]?.options[0]).toEqual({ value: '', label: 'The default: America / New York' });
    const same = timeZoneGroups({ stored: 'Europe/Berlin', defaultZone: 'UTC', device: 'Europe/Berlin', known });
    expect(same[0]?.options.map((o) => o.value)).toEqual(['Europe/Berlin', '']);
  });
});
