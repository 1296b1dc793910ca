import { BRAND } from '@licensewatch/shared/brand';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

export const formatUnixDate = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

// Inline styles only (the CSP allows them, not scripts); large targets and AA contrast for phones.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:32rem;margin:0 auto;padding:1rem}
.test-mode{margin:0 0 1rem;padding:.75rem 1rem;border:2px solid #8a5a00;border-radius:.5rem;background:#fff4d6;color:#4d3200;font-weight:700;text-align:center}
.card{background:#fff;border:1px solid #d0d4da;border-radius:.75rem;padding:1.25rem}
.brand{margin:0 0 .25rem;color:#4a5260;font-size:.9rem}
h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.25}
h2{margin:0 0 .25rem;font-size:1.15rem}
.price{margin:0 0 1rem;font-size:1.75rem;font-weight:700}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#4a5260}dd{margin:0;overflow-wrap:anywhere}
.note{color:#4a5260;font-size:.95rem}
form{margin:.75rem 0 0}
button,.button{display:block;width:100%;min-height:3rem;padding:.75rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.primary{border:0;background:#1d4ed8;color:#fff}
.secondary{border:1px solid #4a5260;background:#fff;color:#1a1a1a}
button:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
section{border-top:1px solid #d0d4da;padding-top:1rem;margin-top:1rem}
`;

/**
 * A hosted page of the test provider: plain HTML, no script, labelled as test mode on every page.
 * Its empty icon keeps the browser from asking for /favicon.ico, which would answer 404.
 */
export function renderTestPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · TEST MODE</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test-mode" role="note">TEST MODE — no card is charged</p>
<div class="card">
<p class="brand">${escapeHtml(BRAND.name)}</p>
${body}
</div>
</main>
</body>
</html>`;
}
