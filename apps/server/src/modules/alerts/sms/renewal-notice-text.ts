import { fitSmsText, shortDate, toGsm7 } from './fit-sms-text.ts';

export type RenewalNotice = {
  firstName: string;
  lastName: string;
  jurisdiction: string;
  licenseType: string;
  licenseNumber: string | null;
  /** YYYY-MM-DD. */
  expiryDate: string;
  /** Days from the user's today to the expiry; negative when a missed day-0 notice is caught up. */
  daysLeft: number;
  /** Where to renew or read more, best first; none when no link fits beside a readable name. */
  links: string[];
};

/**
 * "LicenseWatch: Dr. Jane Doe's WA MD license MD60512345 expires in 30 days (Dec 26).⏎Renew: <link>⏎
 * Reply STOP to opt out." — one GSM-7 segment whatever the name's length (fitSmsText).
 */
export function renewalNoticeText(n: RenewalNotice): string {
  const license = toGsm7(`${n.jurisdiction} ${n.licenseType} license${n.licenseNumber ? ` ${n.licenseNumber}` : ''}`);
  const when =
    n.daysLeft > 0
      ? `expires in ${n.daysLeft} day${n.daysLeft === 1 ? '' : 's'} (${shortDate(n.expiryDate)})`
      : n.daysLeft === 0
        ? `expires today (${shortDate(n.expiryDate)})`
        : `expired on ${shortDate(n.expiryDate)}`;
  return fitSmsText(
    (name, link) =>
      `LicenseWatch: Dr. ${name}'s ${license} ${when}.${link ? `\nRenew: ${link}` : ''}\nReply STOP to opt out.`,
    { name: `${n.firstName} ${n.lastName}`, links: n.links },
  );
}
