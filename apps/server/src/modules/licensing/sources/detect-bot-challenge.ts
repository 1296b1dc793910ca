/**
 * A bot wall answering instead of a board (real-sources BOARDS.md §6: reCAPTCHA, hCaptcha, Turnstile,
 * DataDome, Akamai, F5/Shape, Cloudflare). `interstitial`: a page that is nothing but the wall — it
 * never holds a board's answer. A CAPTCHA widget may sit on a board's own page beside its results
 * (an invisible reCAPTCHA v3), so a widget alone means blocked only on a page without results.
 */
export type BotChallenge = { name: string; interstitial: boolean };

type Signature = BotChallenge & { test: (html: string) => boolean };

const has = (pattern: RegExp) => (html: string) => pattern.test(html);

// Each pattern is what the vendor's own page carries, not a word a board could print: "Access
// Denied" alone could be a board's text, Akamai's page titles it and says whose permission is missing.
const SIGNATURES: readonly Signature[] = [
  {
    name: 'a Cloudflare challenge page',
    interstitial: true,
    test: has(
      /\/cdn-cgi\/challenge-platform\/|window\._cf_chl_opt|<title>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare)\s*<\/title>/i,
    ),
  },
  { name: 'a DataDome challenge page', interstitial: true, test: has(/captcha-delivery\.com/i) },
  {
    name: 'an Akamai "Access Denied" page',
    interstitial: true,
    test: (html) =>
      /<title>\s*Access Denied\s*<\/title>/i.test(html) && /You don't have permission to access/i.test(html),
  },
  {
    name: 'an F5 "Request Rejected" page',
    interstitial: true,
    test: has(
      /<title>\s*Request Rejected\s*<\/title>|The requested URL was rejected\. Please consult with your administrator/i,
    ),
  },
  {
    name: 'a Cloudflare Turnstile CAPTCHA',
    interstitial: false,
    test: has(/class=["'][^"']*\bcf-turnstile\b|challenges\.cloudflare\.com\/turnstile\//i),
  },
  {
    name: 'an hCaptcha CAPTCHA',
    interstitial: false,
    test: has(/class=["'][^"']*\bh-captcha\b|hcaptcha\.com\/1\/api\.js/i),
  },
  {
    name: 'a reCAPTCHA CAPTCHA',
    interstitial: false,
    test: has(
      /class=["'][^"']*\bg-recaptcha\b|google\.com\/recaptcha\/(?:api|enterprise)\.js|recaptcha\.net\/recaptcha\//i,
    ),
  },
];

/** The first bot wall the page shows, interstitials first; null for an ordinary page. */
export function detectBotChallenge(html: string): BotChallenge | null {
  const found = SIGNATURES.find((s) => s.test(html));
  return found ? { name: found.name, interstitial: found.interstitial } : null;
}
