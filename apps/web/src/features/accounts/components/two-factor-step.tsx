import { TOTP_DIGITS } from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useVerifySignInCode } from '../api/verify-sign-in-code';
import { twoFactorErrorMessage } from '../two-factor-error-message';
import { textLinkClass } from './auth-card';

const M = MESSAGES.twoFactor;

/**
 * The second step of a password sign-in when the account has two-factor on (ADR 038): the app's
 * code, or a backup code instead. Errors are said at the field; a challenge that is gone sends the
 * visitor back to the password (`onRestart`).
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  onRestart: (message?: string) => void;
}) {
  const verify = useVerifySignInCode();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  // Focus follows the step (and the switch between app and backup code), for keyboard and screen readers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the kind of code changes
  useEffect(() => input.current?.focus(), [kind]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = kind === 'totp' ? code.replace(/\s/g, '') : code.trim();
    if (kind === 'totp' && !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(value)) return setError(M.intro);
    if (kind === 'backup' && !value) return setError(M.backupIntro);
    setError(undefined);
    try {
      await verify.mutateAsync({ kind, code: value });
      onSignedIn();
    } catch (failure) {
      const { message, restart } = twoFactorErrorMessage(failure, kind);
      if (restart) onRestart(message);
      else setError(message);
    }
  }

  function switchKind() {
    setKind((current) => (current === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setError(undefined);
  }

  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900">{M.title}</h2>
      <p className="mt-1 text-sm text-slate-600">{kind === 'totp' ? M.intro : M.backupIntro}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <InputField
          key={kind}
          ref={input}
          label={kind === 'totp' ? M.codeLabel : M.backupCodeLabel}
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={kind === 'totp' ? TOTP_DIGITS + 2 : 32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <Button type="submit" size="lg" className="w-full" pending={verify.isPending}>
          {M.verify}
        </Button>
      </form>
      <div className="mt-4 flex flex-col items-start gap-2 text-sm">
        <button type="button" onClick={switchKind} className={textLinkClass}>
          {kind === 'totp' ? M.useBackupCode : M.useApp}
        </button>
        <button type="button" onClick={() => onRestart()} className={textLinkClass}>
          {M.startOver}
        </button>
      </div>
    </div>
  );
}
