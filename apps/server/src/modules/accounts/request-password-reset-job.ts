import type { Payload } from '../../platform/jobs/queues.ts';
import type { Auth } from './auth.ts';

/**
 * The forgot-password request, after its answer: better-auth looks the account up and, when there
 * is one, stores a reset token and hands the email to sendResetPassword (stored, then sent by
 * deliver-email). An unknown email does nothing here, unseen by the caller.
 */
export async function requestPasswordResetJob({ auth }: { auth: Auth }, { email }: Payload<'requestPasswordReset'>) {
  await auth.api.requestPasswordReset({ body: { email } });
}
