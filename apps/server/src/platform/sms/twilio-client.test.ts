import { describe, expect, it } from 'vitest';
import { fitsOneSegment } from './send-sms.ts';
import { twilioSignature, verifyTwilioSignature } from './twilio-client.ts';

// Twilio's documented example (api-snippets, security/signature_validation).
const EXAMPLE = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  },
  signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
};

describe('Twilio request signatures', () => {
  it("computes Twilio's documented example signature", () => {
    expect(twilioSignature(EXAMPLE.authToken, EXAMPLE.url, EXAMPLE.params)).toBe(EXAMPLE.signature);
  });

  it('accepts the right signature and refuses a changed body, URL, token or a missing header', () => {
    const { authToken, url, params, signature } = EXAMPLE;
    expect(verifyTwilioSignature(authToken, { url, params, signature })).toBe(true);
    expect(verifyTwilioSignature(authToken, { url, params: { ...params, Digits: '9' }, signature })).toBe(false);
    expect(verifyTwilioSignature(authToken, { url: `${url}&x=1`, params, signature })).toBe(false);
    expect(verifyTwilioSignature('54321', { url, params, signature })).toBe(false);
    expect(verifyTwilioSignature(authToken, { url, params, signature: undefined })).toBe(false);
  });
});

describe('SMS segments', () => {
  it('fits 160 GSM-7 characters, or 70 when any character is outside GSM-7', () => {
    expect(fitsOneSegment('a'.repeat(160))).toBe(true);
    expect(fitsOneSegment('a'.repeat(161))).toBe(false);
    expect(fitsOneSegment(`${'a'.repeat(69)}’`)).toBe(true);
    expect(fitsOneSegment(`${'a'.repeat(70)}’`)).toBe(false);
  });
});
