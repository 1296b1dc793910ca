import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './parse-stripe-form.ts';

describe('parseStripeForm', () => {
  it('reads what the Stripe client sends for a checkout session', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      customer: 'cus_1',
      'line_items[0][price]': 'price_basic',
      'line_items[0][quantity]': '1',
      'metadata[userId]': 'u1',
      'subscription_data[metadata][planName]': 'basic',
      'expand[]': 'subscription',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      line_items: [{ price: 'price_basic', quantity: '1' }],
      metadata: { userId: 'u1' },
      subscription_data: { metadata: { planName: 'basic' } },
      expand: ['subscription'],
    });
  });

  it('keeps array order by index and ignores prototype keys', () => {
    const parsed = parseStripeForm('a[1]=second&a[0]=first&__proto__[x]=1&b[constructor]=2');
    expect(parsed.a).toEqual(['first', 'second']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(parsed.b).toBeUndefined();
  });

  it('reads an empty body as no parameters', () => {
    expect(parseStripeForm('')).toEqual({});
  });
});
