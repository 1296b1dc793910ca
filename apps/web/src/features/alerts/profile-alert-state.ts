import { PLAN_LABELS } from '@licensewatch/shared/plans';
import { PROFILE_MESSAGES, type Profile } from '@licensewatch/shared/profile';

/** What an alert setting really does now, as the read view shows it. */
export type AlertState =
  | { kind: 'active'; label: 'Active' }
  /** Not on one's own plan, but an organisation's plan sends it (for the organisation's reports). */
  | { kind: 'organisation'; label: string }
  | { kind: 'off'; label: 'Off' }
  | { kind: 'not-included'; label: 'Not active' }
  | { kind: 'needs-phone'; label: 'Waiting for a phone number' }
  | { kind: 'needs-verification'; label: 'Waiting for phone verification' };

const ACTIVE = { kind: 'active', label: 'Active' } as const;
const OFF = { kind: 'off', label: 'Off' } as const;
const NOT_INCLUDED = { kind: 'not-included', label: 'Not active' } as const;

/** 'Lakeside Medical Group (Growth)', 'A (Growth) and B (Enterprise)'. */
export function organisationsInWords(organisations: Profile['organisation_alerts']): string {
  const named = organisations.map((o) => `${o.name} (${PLAN_LABELS[o.plan]})`);
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * An email alert: on when wished and one's own plan includes alerts; else, when an organisation
 * the user is owner or admin of has a plan with alerts, active for it — its roster summary and its
 * reports' emails reach them (docs/product-rules.md, Organisations).
 */
export function emailAlertState(
  wished: boolean,
  profile: Pick<Profile, 'alerts_included' | 'organisation_alerts'>,
): AlertState {
  if (!wished) return OFF;
  if (profile.alerts_included) return ACTIVE;
  if (profile.organisation_alerts.length > 0)
    return {
      kind: 'organisation',
      label: PROFILE_MESSAGES.activeFor(organisationsInWords(profile.organisation_alerts)),
    };
  return NOT_INCLUDED;
}

/** SMS renewal notices also need a phone number, verified by its code; they stay personal (one's own plan). */
export function smsAlertState(
  profile: Pick<Profile, 'sms_renewal_notice' | 'alerts_included' | 'phone_number' | 'phone_verified'>,
): AlertState {
  if (!profile.sms_renewal_notice) return OFF;
  if (!profile.alerts_included) return NOT_INCLUDED;
  if (!profile.phone_number) return { kind: 'needs-phone', label: 'Waiting for a phone number' };
  if (!profile.phone_verified) return { kind: 'needs-verification', label: 'Waiting for phone verification' };
  return ACTIVE;
}

export type ZoneOption = { value: string; label: string };
export type ZoneGroup = { label: string; options: ZoneOption[] };

/**
 * The time-zone select's groups (docs/product-rules.md, Profile): first "Suggested" — the stored
 * zone, or the default when none is stored ('' saves as none), and this device's zone when it
 * differs — then every zone the browser knows, by region. What is stored stays selected until the
 * user picks another, so saving the profile never moves the Monday email.
 */
export function timeZoneGroups({
  stored,
  defaultZone,
  device,
  known,
}: {
  stored: string | null;
  defaultZone: string;
  device: string | null;
  known: readonly string[];
}): ZoneGroup[] {
  const suggested: ZoneOption[] = [
    ...(stored ? [{ value: stored, label: timeZoneLabel(stored) }] : []),
    { value: '', label: `The default: ${timeZoneLabel(defaultZone)}` },
    ...(device && device !== stored ? [{ value: device, label: `${timeZoneLabel(device)} (this device)` }] : []),
  ];
  const regions = new Map<string, ZoneOption[]>();
  for (const zone of known) {
    const region = zone.includes('/') ? (zone.split('/', 1)[0] ?? zone) : 'Other';
    const options = regions.get(region) ?? [];
    options.push({ value: zone, label: timeZoneLabel(zone) });
    regions.set(region, options);
  }
  return [{ label: 'Suggested', options: suggested }, ...[...regions].map(([label, options]) => ({ label, options }))];
}

/** "America/Los_Angeles" → "America / Los Angeles". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').replaceAll('/', ' / ');
}
