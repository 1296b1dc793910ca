import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import {
  confirmEmailQuerySchema,
  confirmPhoneCodeRequestSchema,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  profileResponseSchema,
  updateProfilePayloadSchema,
} from './profile.ts';

/**
 * The profile: its fields and the alert wishes it holds, the email change and phone verification
 * that keep them truthful, and the secret calendar feed (docs/product-rules.md, Profile).
 */
export const PROFILE_ENDPOINTS = defineEndpoints({
  profile: {
    method: 'GET',
    path: '/api/v2/profile',
    signedIn: true,
    summary: "The signed-in user's profile, alert settings and calendar feed",
    response: profileResponseSchema,
  },
  updateProfile: {
    method: 'PATCH',
    path: '/api/v1/auth/me',
    signedIn: true,
    summary:
      'Update the profile (empty text fields become null). A new email changes only when its emailed link is opened; SMS notices need a verified phone',
    body: updateProfilePayloadSchema,
    response: profileResponseSchema,
    // The new email belongs to another account (409); too many email changes asked for (429).
    errors: [409, 429],
  },
  sendPhoneCode: {
    method: 'POST',
    path: '/api/v2/profile/phone/code',
    signedIn: true,
    summary: 'Text a 6-digit code to the profile phone number (valid 10 minutes, 5 tries)',
    body: phoneCodeRequestSchema,
    response: phoneCodeResponseSchema,
    // No phone number on the profile (400), too many codes asked for (429).
    errors: [429],
  },
  confirmPhoneCode: {
    method: 'POST',
    path: '/api/v2/profile/phone/verify',
    signedIn: true,
    summary: 'Confirm the phone number with the code from the SMS',
    body: confirmPhoneCodeRequestSchema,
    response: profileResponseSchema,
    // A wrong code (400), an expired one (410), too many tries (429).
    errors: [410, 429],
  },
  confirmEmail: {
    method: 'GET',
    path: '/api/v2/profile/confirm-email',
    status: 302,
    summary: 'The link emailed to a new address: makes it the account email and sends the browser to /profile',
    query: confirmEmailQuerySchema,
  },
  regenerateCalendar: {
    method: 'POST',
    path: '/api/v2/profile/calendar',
    signedIn: true,
    summary: 'A new secret calendar feed URL; the old one stops working at once',
    body: z.strictObject({}),
    response: profileResponseSchema,
  },
  calendarFeed: {
    method: 'GET',
    path: '/api/v2/calendar/:token',
    summary:
      "A calendar (ICS, RFC 5545) of every tracked license's expiry with a reminder 6 weeks before; the URL is the secret (with or without .ics)",
    params: z.object({ token: z.string().max(200) }),
    responseType: 'text/calendar',
  },
});
