import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { type EnableTwoFactorResponse, TOTP_DIGITS } from '@licensewatch/shared/accounts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { useBrandName } from '../../../session/get-app-settings';
import { isAdmin, useMe } from '../../../session/get-me';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from '../api/two-factor';
import { backupCodesFile, manualEntryKey, qrSvgPath } from '../totp-enrolment';
import { TWO_FACTOR_ANCHOR } from '../two-factor-anchor';
import { PasswordInput } from './password-input';

const M = ACCOUNT_MESSAGES.twoFactor;

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; turning: 'on' | 'off' }
  | { kind: 'enrol'; enrolment: EnableTwoFactorResponse };

function passwordError(error: unknown): string {
  if (hasErrorCode(error, 'INVALID_PASSWORD') || isApiError(error, 400)) return M.wrongPassword;
  return isApiError(error, 429) ? error.message : M.failed;
}

function PasswordStep({
  turning,
  onCancel,
  onDone,
}: {
  turning: 'on' | 'off';
  onCancel: () => void;
  onDone: (enrolment?: EnableTwoFactorResponse) => void;
}) {
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Password is required');
    setError(undefined);
    try {
      if (turning === 'on') onDone(await enable.mutateAsync(password));
      else {
        await disable.mutateAsync(password);
        void toast.success(M.turnedOff);
        onDone();
      }
    } catch (failure) {
      setError(passwordError(failure));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 max-w-md space-y-3">
      <p className="text-sm text-slate-600">{turning === 'on' ? M.passwordIntroOn : M.passwordIntroOff}</p>
      <PasswordInput
        ref={input}
        label={M.password}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={turning === 'on' ? 'primary' : 'danger'}
          pending={enable.isPending || disable.isPending}
        >
          {turning === 'on' ? M.continue : M.turnOff}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {M.cancel}
        </Button>
      </div>
    </form>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const me = useMe();
  const brandName = useBrandName();
  const headingId = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      void toast.error(M.failed);
    }
  }

  function download() {
    const text = backupCodesFile(brandName, me.data?.email ?? '', codes);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brandName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-backup-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {M.backupTitle}
      </h4>
      <p className="mt-1 text-sm text-slate-600">{M.backupIntro}</p>
      <ul className="mt-2 grid max-w-sm grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={copy}>
          {copied ? M.copied : M.copyCodes}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={download}>
          {M.downloadCodes}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? M.copied : ''}
      </p>
    </section>
  );
}

function EnrolStep({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: EnableTwoFactorResponse;
  onCancel: () => void;
  onDone: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const qr = qrSvgPath(enrolment.totpURI);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(trimmed)) return setError(M.codeHint);
    setError(undefined);
    try {
      await confirm.mutateAsync(trimmed);
      void toast.success(M.turnedOn);
      onDone();
    } catch (failure) {
      setError(
        hasErrorCode(failure, 'INVALID_CODE') ? M.wrongCode : isApiError(failure, 429) ? failure.message : M.failed,
      );
    }
  }

  return (
    <div className="mt-3">
      <p className="text-sm text-slate-700">{M.scan}</p>
      <svg
        role="img"
        aria-label={M.qrLabel}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        className="mt-3 h-48 w-48 rounded-md border border-slate-200 bg-white"
        shapeRendering="crispEdges"
      >
        <path d={qr.path} fill="#0f172a" />
      </svg>
      <p className="mt-3 text-sm text-slate-700">{M.manual}</p>
      <code
        data-testid="totp-secret"
        className="mt-1 block w-fit max-w-full break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
      >
        {manualEntryKey(enrolment.totpURI)}
      </code>
      <BackupCodes codes={enrolment.backupCodes} />
      <form onSubmit={submit} noValidate className="mt-5 max-w-xs space-y-3">
        <InputField
          label={M.codeLabel}
          hint={M.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_DIGITS + 2}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={confirm.isPending}>
            {M.confirm}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {M.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * Two-factor authentication on the profile's security card (docs/product-rules.md, Password and
 * sessions; ADR 038): off → password → QR code, key and backup codes → a code confirms; on → password.
 */
export function TwoFactorSettings() {
  const me = useMe();
  const location = useLocation();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = me.data?.two_factor_enabled === true;

  // The admin area links here: bring the section into view and give it focus.
  useEffect(() => {
    if (location.hash === `#${TWO_FACTOR_ANCHOR}` && section.current) {
      section.current.scrollIntoView({ block: 'start' });
      section.current.focus();
    }
  }, [location.hash]);

  const idle = () => setStep({ kind: 'idle' });
  return (
    <section
      ref={section}
      id={TWO_FACTOR_ANCHOR}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-8 scroll-mt-20 focus:outline-none"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {M.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{enabled ? M.on : M.off}</p>
      {isAdmin(me.data) && !enabled ? (
        <Alert tone="warning" className="mt-3 max-w-md">
          {M.adminNote}
        </Alert>
      ) : null}
      {step.kind === 'idle' ? (
        <Button
          type="button"
          className="mt-3"
          variant={enabled ? 'secondary' : 'primary'}
          onClick={() => setStep({ kind: 'password', turning: enabled ? 'off' : 'on' })}
        >
          {enabled ? M.turnOff : M.turnOn}
        </Button>
      ) : step.kind === 'password' ? (
        <PasswordStep
          turning={step.turning}
          onCancel={idle}
          onDone={(enrolment) => setStep(enrolment ? { kind: 'enrol', enrolment } : { kind: 'idle' })}
        />
      ) : (
        <EnrolStep enrolment={step.enrolment} onCancel={idle} onDone={idle} />
      )}
    </section>
  );
}
