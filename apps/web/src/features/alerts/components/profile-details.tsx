import { noticeDaysText, windowText } from '@licensewatch/shared/expiry-windows';
import { formatPhone, PROFILE_MESSAGES, type Profile } from '@licensewatch/shared/profile';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { emailAlertState, smsAlertState, timeZoneLabel } from '../profile-alert-state';
import { AlertStateBadge } from './alert-state-badge';
import { PlanAlertsNote } from './plan-alerts-note';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function OnOff({ on }: { on: boolean }) {
  return <AlertStateBadge state={on ? { kind: 'active', label: 'Active' } : { kind: 'off', label: 'Off' }} />;
}

/** The read view (docs/product-rules.md, Profile): each field and each alert as it really stands. */
export function ProfileDetails({ profile, onVerifyPhone }: { profile: Profile; onVerifyPhone: () => void }) {
  const sms = smsAlertState(profile);
  const canVerify = Boolean(profile.phone_number) && !profile.phone_verified;
  return (
    <Card className="max-w-3xl">
      <dl className="divide-y divide-slate-100">
        <Row label="Email">
          {profile.email}
          {profile.pending_email ? (
            <Alert tone="info" className="mt-2">
              {PROFILE_MESSAGES.emailChangeSent(profile.pending_email)}
            </Alert>
          ) : null}
        </Row>
        <Row label="Full Name">{profile.full_name || '-'}</Row>
        <Row label="Phone Number">
          {profile.phone_number ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>{formatPhone(profile.phone_number)}</span>
              <span className={profile.phone_verified ? 'text-emerald-800' : 'text-amber-900'}>
                {profile.phone_verified ? 'Verified' : 'Not verified'}
              </span>
              {canVerify ? (
                <Button variant="secondary" size="sm" onClick={onVerifyPhone}>
                  Verify phone
                </Button>
              ) : null}
            </span>
          ) : (
            'Not set'
          )}
        </Row>
        <Row label="Weekly email report">
          <AlertStateBadge state={emailAlertState(profile.weekly_email_report, profile)} />
          <p className="mt-1 text-slate-600">
            Every Monday: physicians needing attention and licenses expiring within{' '}
            {windowText(profile.expiry_windows.expiring_within_days)}.
          </p>
        </Row>
        <Row label="SMS renewal notice">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <AlertStateBadge state={sms} />
            {sms.kind === 'needs-verification' ? (
              <Button variant="secondary" size="sm" onClick={onVerifyPhone}>
                Verify phone
              </Button>
            ) : null}
          </span>
          <p className="mt-1 text-slate-600">
            {sms.kind === 'needs-phone'
              ? PROFILE_MESSAGES.smsNeedsPhone
              : sms.kind === 'needs-verification'
                ? PROFILE_MESSAGES.smsNeedsVerification
                : `A text ${noticeDaysText(profile.expiry_windows.notice_days)}.`}
          </p>
        </Row>
        <Row label="Board change alerts">
          <AlertStateBadge state={emailAlertState(profile.status_alert_email, profile)} />
          <p className="mt-1 text-slate-600">An email when a board changes the status of a license you track.</p>
        </Row>
        <Row label="Monday email when nothing expires">
          <OnOff on={profile.weekly_all_clear} />
        </Row>
        <Row label="Time zone">
          {profile.time_zone
            ? timeZoneLabel(profile.time_zone)
            : `${timeZoneLabel(profile.default_time_zone)} (the default)`}
        </Row>
      </dl>
      {profile.alerts_included ? null : (
        <div className="border-t border-slate-100 px-6 py-4">
          <Alert tone="info">
            <PlanAlertsNote organisations={profile.organisation_alerts} />
          </Alert>
        </div>
      )}
    </Card>
  );
}
