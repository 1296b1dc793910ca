import { licenseStatusLabel } from '@licensewatch/shared/licenses';
import type { LicenseEventKind } from '../../licensing/tables.ts';
import { longDate } from '../sms/fit-sms-text.ts';

export type LicenseChange = { kind: LicenseEventKind; before: string | null; after: string | null };

/**
 * A change that matters to the license holder, said after the license's name ("… is now Suspended
 * (was Active)"): `full` for the email, `short` for an SMS (no free text from the board, which may
 * be long or outside GSM-7).
 */
export function describeLicenseChange({ kind, before, after }: LicenseChange): { full: string; short: string } {
  switch (kind) {
    case 'status': {
      const text = `is now ${licenseStatusLabel(after ?? 'unknown')} (was ${licenseStatusLabel(before ?? 'unknown')})`;
      return { full: text, short: text };
    }
    case 'discipline':
      return before === null
        ? { full: `has a new disciplinary action on record: “${after}”`, short: 'has a new board action on record' }
        : {
            full: `has a changed disciplinary record: “${after}” (was “${before}”)`,
            short: 'has a changed board action on record',
          };
    case 'expiry': {
      const text = `now expires ${after ? longDate(after) : 'on no date'} (was ${before ? longDate(before) : 'no date'})`;
      return { full: text, short: text };
    }
    case 'removed':
      return { full: 'is no longer listed by its board', short: 'is no longer listed by its board' };
  }
}
