import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signatureHeader } from './webhook-signature.ts';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('signatureHeader', () => {
  it('signs "<t>.<body>" with each secret, the current one first', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], 1_700_000_000, '{"a":1}');
    expect(header).toBe(
      `t=1700000000,v1=${hmac('whsec_new', '1700000000.{"a":1}')},v1=${hmac('whsec_old', '1700000000.{"a":1}')}`,
    );
  });

  it('is parsed back into its timestamp and signatures', () => {
    const header = signatureHeader(['whsec_a'], 42, 'body');
    expect(parseSignatureHeader(header)).toEqual({ timestamp: 42, signatures: [hmac('whsec_a', '42.body')] });
  });

  it('ignores parts it does not know and a malformed timestamp', () => {
    expect(parseSignatureHeader('t=abc, v0=zz, v1=ff ,junk')).toEqual({ timestamp: null, signatures: ['ff'] });
  });
});
