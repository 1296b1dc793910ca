import { describe, expect, it } from 'vitest';
import { fitsOneSegment } from '../../../platform/sms/send-sms.ts';
import { fitSmsText, toGsm7 } from './fit-sms-text.ts';
import { renewalNoticeText } from './renewal-notice-text.ts';

const notice = {
  firstName: 'Jane',
  lastName: 'Doe',
  jurisdiction: 'WA',
  licenseType: 'MD',
  licenseNumber: 'MD60512345',
  expiryDate: '2026-12-26',
  daysLeft: 30,
  links: ['https://lw.example/dashboard'],
};

describe('SMS texts', () => {
  it('keeps GSM-7 letters, strips accents GSM-7 lacks and drops what has no plain form', () => {
    expect(toGsm7('Zoé Øster-Müller')).toBe('Zoé Øster-Müller');
    expect(toGsm7('Zoë García')).toBe('Zoe Garcia');
    expect(toGsm7('Łucja Ōtsuka’s “Ann” – 李')).toBe('Lucja Otsuka\'s "Ann" - ');
  });

  it('says the days left, today, or a missed day, in one segment with a link', () => {
    expect(renewalNoticeText(notice)).toBe(
      "LicenseWatch: Dr. Jane Doe's WA MD license MD60512345 expires in 30 days (Dec 26).\nRenew: https://lw.example/dashboard\nReply STOP to opt out.",
    );
    expect(renewalNoticeText({ ...notice, daysLeft: 1 })).toContain('expires in 1 day (Dec 26).');
    expect(renewalNoticeText({ ...notice, daysLeft: 0 })).toContain('expires today (Dec 26).');
    expect(renewalNoticeText({ ...notice, daysLeft: -2 })).toContain('expired on Dec 26.');
    expect(renewalNoticeText({ ...notice, licenseNumber: null })).toContain("Doe's WA MD license expires");
  });

  it('shortens a long name, then the link, but never goes past one segment', () => {
    const long = renewalNoticeText({
      ...notice,
      firstName: 'Maximiliana-Esperanza Łucja',
      lastName: 'Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh',
      licenseNumber: 'MD-2026-00000000012345',
    });
    expect(fitsOneSegment(long)).toBe(true);
    expect(long).toMatch(
      /^LicenseWatch: Dr\. Maximiliana-Esperanza Lucja [\w-]*\.'s WA MD license MD-2026-00000000012345/,
    );
    for (let n = 0; n < 200; n += 7) {
      const text = renewalNoticeText({ ...notice, firstName: 'A'.repeat(n), lastName: 'B'.repeat(n) });
      expect(fitsOneSegment(text), text).toBe(true);
      expect(text).toMatch(/Reply STOP to opt out\.$/);
    }
  });

  it('drops the link rather than the name when nothing else fits', () => {
    const text = fitSmsText((name, link) => `${'x'.repeat(120)} ${name}${link ? ` ${link}` : ''}`, {
      name: 'Jane Doe-Smithson',
      links: ['https://example.com/a-long-link-that-cannot-fit'],
    });
    expect(text).toBe(`${'x'.repeat(120)} Jane Doe-Smithson`);
  });
});
