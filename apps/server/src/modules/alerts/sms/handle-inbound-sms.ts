import { BRAND } from '@licensewatch/shared/brand';
import type { Db } from '../../../platform/db/client.ts';
import { setSmsNoticesByPhone } from '../../accounts/set-sms-notices-by-phone.ts';

// Twilio's own opt-out, opt-in and help keywords (https://help.twilio.com/articles/223134027):
// Twilio answers them to the carrier's rules itself; we keep our toggle in step.
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

export const SMS_HELP_TEXT = `${BRAND.name} renewal alerts. Reply STOP to opt out. Help: ${BRAND.supportEmail}`;

export type InboundSmsOutcome = { action: 'stop' | 'start' | 'help' | 'none'; users: number; reply: string | null };

/**
 * What a texted keyword does (docs/product-rules.md, Alerts): STOP and its synonyms turn SMS
 * notices off for every account with that verified number (and the delivery job then sends none of
 * what is queued), START turns them back on, HELP answers with who we are and how to stop. The
 * message must be the keyword alone, as Twilio matches it; anything else changes nothing. A number
 * no account has verified gets the same answer as one that has.
 */
export async function handleInboundSms(
  db: Db,
  { from, body }: { from: string; body: string },
): Promise<InboundSmsOutcome> {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  const wanted = STOP_WORDS.has(word) ? false : START_WORDS.has(word) ? true : null;
  if (wanted !== null) {
    const users = await setSmsNoticesByPhone(db, from, wanted);
    return { action: wanted ? 'start' : 'stop', users, reply: null };
  }
  if (HELP_WORDS.has(word)) return { action: 'help', users: 0, reply: SMS_HELP_TEXT };
  return { action: 'none', users: 0, reply: null };
}
