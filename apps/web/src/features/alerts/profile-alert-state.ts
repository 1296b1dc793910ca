import type { Profile } from '@licensewatch/shared/profile';

/** What an alert setting really does now, as the read view shows it. */
export type AlertState =
  | { kind: 'active'; label: 'Active' }
  | { kind: 'off'; label: 'Off' }
  | { kind: 'not-included'; label: 'Not active' }
  | { kind: 'needs-phone'; label: 'Waiting for a phone number' }
  | { kind: 'needs-verification'; label: 'Waiting for phone verification' };

const ACTIVE = { kind: 'active', label: 'Active' } as const;
const OFF = { kind: 'off', label: 'Off' } as const;
const NOT_INCLUDED = { kind: 'not-included', label: 'Not active' } as const;

/** An email alert: on only when wished and the plan includes alerts. */
export function emailAlertState(wished: boolean, profile: Pick<Profile, 'alerts_included'>): AlertState {
  if (!wished) return OFF;
  return profile.alerts_included ? ACTIVE : NOT_INCLUDED;
}

/** SMS renewal notices also need a phone number, verified by its code. */
export function smsAlertState(
  profile: Pick<Profile, 'sms_renewal_notice' | 'alerts_included' | 'phone_number' | 'phone_verified'>,
): AlertState {
  if (!profile.sms_renewal_notice) return OFF;
  if (!profile.alerts_included) return NOT_INCLUDED;
  if (!profile.phone_number) return { kind: 'needs-phone', label: 'Waiting for a phone number' };
  if (!profile.phone_verified) return { kind: 'needs-verification', label: 'Waiting for phone verification' };
  return ACTIVE;
}

/** Zone ids as a select lists them: every zone the browser knows, with `selected` kept even if it does not. */
export function timeZoneOptions(selected: string, known: readonly string[]): string[] {
  return known.includes(selected) ? [...known] : [selected, ...known];
}

/** "America/Los_Angeles" → "America / Los Angeles". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').replaceAll('/', ' / ');
}
