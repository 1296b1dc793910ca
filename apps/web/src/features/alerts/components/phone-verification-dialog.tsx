import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import { formatPhone, PHONE_CODE_LENGTH, PROFILE_MESSAGES, type Profile } from '@licensewatch/shared/profile';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { useConfirmPhoneCode } from '../api/confirm-phone-code';
import { useSendPhoneCode } from '../api/send-phone-code';

function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  return APP_MESSAGES.general.fallback;
}

/**
 * Verifies the profile's phone number: text a code, type it in. The code field is a one-time-code
 * input, so phones offer the code from the SMS; the server's message says what went wrong (wrong,
 * expired, too many tries), and a new code can be asked for at any point.
 */
export function PhoneVerificationDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sentTo = send.data?.phone_number;
  const phone = profile.phone_number ? formatPhone(profile.phone_number) : '';

  function reset() {
    send.reset();
    confirm.reset();
    setCode('');
    setCodeError(null);
  }

  function sendCode() {
    setCodeError(null);
    setCode('');
    confirm.reset();
    send.mutate();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code.trim())) {
      setCodeError('Enter the 6-digit code from the SMS.');
      return;
    }
    setCodeError(null);
    confirm.mutate(code.trim(), {
      onSuccess: () => {
        toast.success(PROFILE_MESSAGES.phoneVerified);
        reset();
        onOpenChange(false);
      },
      onError: (error) => setCodeError(messageOf(error)),
    });
  }

  const codeDead = isApiError(confirm.error, 410) || isApiError(confirm.error, 429);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Verify your phone number"
      description={`SMS renewal notices go to ${phone} once it is verified.`}
    >
      {sentTo ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Alert tone="info">{PROFILE_MESSAGES.codeSent(formatPhone(sentTo))}</Alert>
          <InputField
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_LENGTH}
            pattern="[0-9]*"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={codeError ?? undefined}
            className="max-w-40 font-mono tracking-[0.3em]"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={confirm.isPending} disabled={codeDead}>
              {confirm.isPending ? 'Verifying...' : 'Verify'}
            </Button>
            <Button variant="secondary" onClick={sendCode} pending={send.isPending}>
              Send a new code
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            We will text a 6-digit code to <span className="font-semibold text-slate-900">{phone}</span>. It expires in
            10 minutes. Message and data rates may apply.
          </p>
          {send.isError ? <Alert tone="error">{messageOf(send.error)}</Alert> : null}
          <Button onClick={sendCode} pending={send.isPending}>
            {send.isPending ? 'Sending...' : 'Text me a code'}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
