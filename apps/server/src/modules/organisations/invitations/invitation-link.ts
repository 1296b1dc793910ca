import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The HMAC key that signs invitation links; only the organisations module reads it. */
export type InvitationSecrets = { readonly invitationKey: Buffer };

/** Derived from the server secret with its own label (HKDF), like the other link and key secrets. */
export function deriveInvitationSecrets(secret: string): InvitationSecrets {
  return { invitationKey: Buffer.from(hkdfSync('sha256', secret, '', 'licensewatch/organisations/invitation/v1', 32)) };
}

/**
 * The token of an invitation's link: an HMAC of its id, address and expiry, so the link cannot be
 * made for another invitation or carried to another address, and nothing secret is stored.
 */
export function invitationToken(
  secrets: InvitationSecrets,
  invitation: { id: string; email: string; expiresAt: Date },
): string {
  return createHmac('sha256', secrets.invitationKey)
    .update(`${invitation.id}\n${invitation.email}\n${invitation.expiresAt.toISOString()}`)
    .digest('base64url');
}

export function invitationTokenHolds(
  secrets: InvitationSecrets,
  invitation: { id: string; email: string; expiresAt: Date },
  token: string,
): boolean {
  const expected = Buffer.from(invitationToken(secrets, invitation));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function invitationUrl(baseURL: string, invitationId: string, token: string): string {
  return `${baseURL}/invitations/${encodeURIComponent(invitationId)}?token=${encodeURIComponent(token)}`;
}
