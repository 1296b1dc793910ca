/**
 * The signature check /api-docs shows, as the exact text displayed: test/webhooks.test.ts runs
 * these very strings (the Node one imported as a module, the Python one by python3) against a real
 * delivery, so the documented recipe cannot drift from what the server signs (ADR 021).
 */

/** Node.js 18+: no dependency. */
export const NODE_VERIFY_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// True when \`header\` (the LicenseWatch-Signature request header) signs \`rawBody\` (the request
// body exactly as received, a Buffer or string, before any JSON parsing) with your endpoint's
// secret (whsec_…), and was made less than \`toleranceSeconds\` ago.
export function verifyLicenseWatchSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = String(header ?? '').split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(t) || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// With Express, keep the raw body for the check:
// app.post('/licensewatch', express.raw({ type: 'application/json' }), (req, res) => {
//   const ok = verifyLicenseWatchSignature(req.body, req.get('LicenseWatch-Signature'), process.env.LICENSEWATCH_WEBHOOK_SECRET);
//   if (!ok) return res.sendStatus(400);
//   const event = JSON.parse(req.body); // event.id is the same on a retry or replay: ignore one already handled
//   res.sendStatus(200);
// });
`;

/** Python 3: standard library only. */
export const PYTHON_VERIFY_SAMPLE = `import hashlib
import hmac
import time


def verify_licensewatch_signature(raw_body: bytes, header: str, secret: str, tolerance_seconds: int = 300) -> bool:
    """True when header (LicenseWatch-Signature) signs raw_body (the bytes received) with secret (whsec_...)."""
    pairs = [part.strip().partition("=") for part in (header or "").split(",")]
    t = next((value for key, _, value in pairs if key == "t"), "")
    signatures = [value for key, _, value in pairs if key == "v1"]
    if not t.isdigit() or not signatures:
        return False
    if abs(time.time() - int(t)) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, signature) for signature in signatures)


# With Flask: verify_licensewatch_signature(request.get_data(), request.headers.get("LicenseWatch-Signature"), secret)
`;
