import { expect } from 'vitest';
import { type HttpClient, waitForEmail } from './http-client.ts';

let n = 0;
export function uniqueEmail(prefix = 'user') {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${n}@example.com`;
}

export function signUpBody(email: string, password = 'correct-horse') {
  return {
    email,
    password,
    name: 'Dr. Ada Okafor',
    organization: 'Lakeside Family Medicine',
    userType: 'individual_physician',
    apiUsageInfo: null,
    callbackURL: '/dashboard',
  };
}

/** Signs up and confirms through the emailed link; the client ends up signed in. */
export async function signUpAndVerify(client: HttpClient, email = uniqueEmail(), password = 'correct-horse') {
  const res = await client.post('/api/auth/sign-up/email', signUpBody(email, password));
  expect(res.status).toBe(200);
  const mail = await waitForEmail(client, email, { subject: /Confirm/ });
  const verify = await client.get(new URL(mail.link).pathname + new URL(mail.link).search);
  expect(verify.status).toBe(302);
  return { email, password };
}
