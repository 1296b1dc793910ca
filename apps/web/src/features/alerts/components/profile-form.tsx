import { zodResolver } from '@hookform/resolvers/zod';
import { windowText } from '@licensewatch/shared/expiry-windows';
import {
  formatPhone,
  PROFILE_MESSAGES,
  type Profile,
  type UpdateProfilePayload,
  updateProfilePayloadSchema,
} from '@licensewatch/shared/profile';
import { useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { toast } from '../../../components/ui/toast';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { timeZoneGroups } from '../profile-alert-state';
import { PlanAlertsNote } from './plan-alerts-note';

type ProfileFormValues = {
  full_name: string;
  phone_number: string;
  email: string;
  weekly_email_report: boolean;
  sms_renewal_notice: boolean;
  status_alert_email: boolean;
  weekly_all_clear: boolean;
  time_zone: string;
};

/** The form's switches: each a boolean field of the profile payload. */
type ToggleName = 'weekly_email_report' | 'sms_renewal_notice' | 'status_alert_email' | 'weekly_all_clear';

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * The edit form (docs/product-rules.md, Profile): Full Name, Phone Number, Email and the two alert toggles, then our
 * alert settings. Prefilled with what is stored — the toggles too, so saving a new name never turns
 * an alert back on — and validated by the schema the server uses, so an invalid phone shows the
 * server's message before anything is sent.
 */
export function ProfileForm({
  profile,
  onCancel,
  onSaved,
}: {
  profile: Profile;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const update = useUpdateProfile();
  const toggles: { name: ToggleName; label: string; description?: string }[] = [
    {
      name: 'weekly_email_report',
      label: 'Weekly email report',
      description: `Every Monday: the physicians needing attention and the licenses expiring within ${windowText(profile.expiry_windows.expiring_within_days)}.`,
    },
    {
      name: 'sms_renewal_notice',
      label: 'SMS renewal notice',
      description: profile.phone_verified
        ? 'A text before each license expires.'
        : 'A text before each license expires, once your phone number is verified by a code we text to it.',
    },
    {
      name: 'status_alert_email',
      label: 'Email me when a board changes a license',
      description: 'A suspension, a new discipline, an earlier expiry, or a license no longer listed.',
    },
    { name: 'weekly_all_clear', label: 'Send the Monday email even when nothing is expiring' },
  ];
  // What is stored stays chosen ('' is "none stored": the default); the device's zone is offered,
  // never picked for the user, so saving a new name cannot move the Monday email.
  const zoneGroups = useMemo(
    () =>
      timeZoneGroups({
        stored: profile.time_zone,
        defaultZone: profile.default_time_zone,
        device: browserTimeZone(),
        known: knownTimeZones(),
      }),
    [profile.time_zone, profile.default_time_zone],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, UpdateProfilePayload>({
    // The schema's output (E.164 phone, nulls for empty text) is what the server takes.
    resolver: zodResolver(updateProfilePayloadSchema) as unknown as Resolver<
      ProfileFormValues,
      unknown,
      UpdateProfilePayload
    >,
    defaultValues: {
      full_name: profile.full_name ?? '',
      phone_number: profile.phone_number ? formatPhone(profile.phone_number) : '',
      email: profile.email,
      weekly_email_report: profile.weekly_email_report,
      sms_renewal_notice: profile.sms_renewal_notice,
      status_alert_email: profile.status_alert_email,
      weekly_all_clear: profile.weekly_all_clear,
      time_zone: profile.time_zone ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast.success(PROFILE_MESSAGES.updated);
        onSaved();
      },
      onError: (error) => {
        if (isApiError(error) && error.message === PROFILE_MESSAGES.invalidPhone) {
          setError('phone_number', { message: error.message }, { shouldFocus: true });
        } else if (hasErrorCode(error, 'EMAIL_TAKEN')) {
          setError('email', { message: error.message }, { shouldFocus: true });
        }
        toast.error(PROFILE_MESSAGES.updateFailed);
      },
    });
  });
  const pending = update.isPending;
  const planNote = profile.alerts_included ? null : (
    <PlanAlertsNote className="text-sm text-slate-700" organisations={profile.organisation_alerts} />
  );

  return (
    <Card className="max-w-3xl p-6">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Edit profile">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Full Name"
            autoComplete="name"
            error={errors.full_name?.message}
            {...register('full_name')}
          />
          <InputField
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint="US numbers as you write them; others with their country code, e.g. +44."
            error={errors.phone_number?.message}
            {...register('phone_number')}
          />
        </div>
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          hint="A new address changes once you open the link we email to it."
          error={errors.email?.message}
          {...register('email')}
        />
        <fieldset className="space-y-4 border-t border-slate-200 pt-6">
          <legend className="text-base font-semibold text-slate-900">Notifications</legend>
          {planNote}
          {toggles.map((toggle) => (
            <Controller
              key={toggle.name}
              control={control}
              name={toggle.name}
              render={({ field }) => (
                <SwitchField
                  label={toggle.label}
                  description={toggle.description}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  name={field.name}
                />
              )}
            />
          ))}
          <SelectField
            label="Time zone"
            hint="The Monday email arrives in the morning of this zone."
            className="sm:max-w-sm"
            error={errors.time_zone?.message}
            {...register('time_zone')}
          >
            {zoneGroups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        </fieldset>
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          <Button type="submit" pending={pending}>
            {pending ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
