import { type Env, twilioEnabled } from '../env.ts';
import { sendTwilioMessage, type TwilioConfig } from './twilio-client.ts';

/** The real SMS provider (Twilio), or the dev outbox when none is configured. */
export type SmsSender = {
  transport: 'twilio' | 'outbox';
  deliver: (sms: { to: string; body: string }) => Promise<void>;
  /** The auth token that signs Twilio's webhooks; null without Twilio. */
  twilio: TwilioConfig | null;
};

export function createSmsSender(env: Env): SmsSender {
  if (!twilioEnabled(env) || !env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
    return { transport: 'outbox', deliver: async () => {}, twilio: null };
  }
  const config: TwilioConfig = {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    apiUrl: env.TWILIO_API_URL,
  };
  return {
    transport: 'twilio',
    deliver: async (sms) => {
      await sendTwilioMessage(config, sms);
    },
    twilio: config,
  };
}
