import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATA_FORMATS,
  type SignUpForm,
  signUpFormSchema,
  toSignUpPayload,
  USER_TYPE_LABELS,
  USER_TYPES,
} from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import { invitationIn, PATHS, safeRedirectPath } from '@licensewatch/shared/web-paths';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField, InputField, SelectField, TextareaField } from '../../../components/ui/form-field';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api';
import { useAppSettings } from '../../../session/get-app-settings';
import { useInvitation } from '../../../session/get-invitation';
import { useSignUp } from '../api/sign-up';
import { AuthCard, textLinkClass } from './auth-card';
import { PasswordInput } from './password-input';
import { UserAgreementDialog } from './user-agreement-dialog';

type SignUpValues = z.output<typeof signUpFormSchema>;

const defaultValues: SignUpForm = {
  email: '',
  fullName: '',
  organization: '',
  userType: '',
  password: '',
  confirmPassword: '',
  agreement: false,
  apiInterest: false,
  purposeOfUse: '',
  estimatedMonthlyCalls: '',
  preferredDataFormat: '',
};

// An email that already has an account is not an error here: the server answers as for a new
// one and emails that address instead, so sign-up cannot be used to discover accounts.
function signUpErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : MESSAGES.login.unexpected;
}

function SignInInstead() {
  return (
    <p>
      Already have an account?{' '}
      <Link to={PATHS.login} className={textLinkClass}>
        Sign in
      </Link>
    </p>
  );
}

/** The form, or, while the operator has closed sign-up (user_registration_enabled), why not. */
export function SignupPage() {
  const settings = useAppSettings();
  if (!settings.settled) {
    return <PageSpinner />;
  }
  if (!settings.user_registration_enabled) {
    return (
      <AuthCard title="Sign-up is closed" footer={<SignInInstead />}>
        <Alert tone="info">{MESSAGES.signup.registrationDisabled}</Alert>
      </AuthCard>
    );
  }
  return <SignupForm />;
}

function SignupForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm, unknown, SignUpValues>({ resolver: zodResolver(signUpFormSchema), defaultValues });

  const agreed = watch('agreement');
  const apiInterest = watch('apiInterest');

  // Sent here from an invitation (?redirect=/invitations/{id}?token=): the form says what the
  // account joins and fills in the invited address; confirming the email then accepts it.
  const [search] = useSearchParams();
  const invite = invitationIn(safeRedirectPath(search.get('redirect')));
  const invitation = useInvitation(invite?.id ?? '', invite?.token ?? '', invite !== null);
  const joining = invitation.data?.status === 'pending' ? invitation.data : null;
  useEffect(() => {
    if (joining && !getValues('email')) setValue('email', joining.email);
  }, [joining, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp.mutateAsync({
        ...toSignUpPayload(values),
        ...(invite && joining ? { callbackURL: PATHS.invitation(invite.id, invite.token, true) } : {}),
      });
      navigate(PATHS.emailConfirmation, { state: { email: values.email } });
    } catch (error) {
      setFormError(signUpErrorMessage(error));
    }
  });

  return (
    <AuthCard
      wide
      title="Create your account"
      description="Start tracking your medical licenses in minutes."
      footer={
        <>
          <SignInInstead />
          <p className="mt-3 text-xs text-slate-500">
            Read how we handle your data in our{' '}
            <Link to={PATHS.privacyPolicy} className={textLinkClass}>
              Privacy Policy
            </Link>
            .
          </p>
        </>
      }
    >
      {joining ? (
        <Alert tone="info" className="mb-5">
          <p>
            You&apos;re joining <strong>{joining.organisation_name}</strong>. Create your account with {joining.email}:
            confirming the address accepts the invitation.
          </p>
        </Alert>
      ) : null}
      {formError ? (
        <Alert tone="error" className="mb-5">
          {formError}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <InputField
            label="Full name"
            autoComplete="name"
            error={errors.fullName?.message}
            {...register('fullName')}
          />
          <InputField
            label="Organization"
            optional
            hint={MESSAGES.signup.organizationHint}
            autoComplete="organization"
            error={errors.organization?.message}
            {...register('organization')}
          />
          <SelectField label="User type" error={errors.userType?.message} {...register('userType')}>
            <option value="">Select user type</option>
            {USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {USER_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            hint="At least 6 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>

        <fieldset className="rounded-xl border border-slate-200 bg-slate-50/70 p-4">
          <legend className="sr-only">API access</legend>
          <CheckboxField
            label={
              <>
                <span className="font-medium text-slate-900">I&apos;m interested in API access</span>
                <span className="block text-slate-600">
                  Tell us how you would use the license search API; it helps us size your plan.
                </span>
              </>
            }
            {...register('apiInterest')}
          />
          {apiInterest ? (
            <div className="mt-4 grid gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <TextareaField
                  label="Purpose of use"
                  rows={3}
                  error={errors.purposeOfUse?.message}
                  {...register('purposeOfUse')}
                />
              </div>
              <InputField
                label="Estimated monthly calls"
                inputMode="numeric"
                error={errors.estimatedMonthlyCalls?.message}
                {...register('estimatedMonthlyCalls')}
              />
              <SelectField
                label="Preferred data format"
                error={errors.preferredDataFormat?.message}
                {...register('preferredDataFormat')}
              >
                <option value="">Select a format</option>
                {DATA_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {format.toUpperCase()}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
        </fieldset>

        <CheckboxField
          label={
            <>
              I have read and agree to the{' '}
              <button type="button" onClick={() => setAgreementOpen(true)} className={`${textLinkClass} underline`}>
                User Agreement
              </button>
              .
            </>
          }
          error={errors.agreement?.message}
          {...register('agreement')}
        />

        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={isSubmitting}
          disabled={!agreed}
          title={agreed ? undefined : MESSAGES.signup.agreementRequired}
        >
          Create Account
        </Button>
        {agreed ? null : <p className="text-center text-xs text-slate-500">{MESSAGES.signup.agreementRequired}.</p>}
      </form>

      <UserAgreementDialog
        open={agreementOpen}
        onOpenChange={setAgreementOpen}
        onAccept={() => {
          setValue('agreement', true, { shouldValidate: true, shouldDirty: true });
          setAgreementOpen(false);
        }}
      />
    </AuthCard>
  );
}
