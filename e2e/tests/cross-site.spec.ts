import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedInAccount } from '../support/accounts.ts';
import { baseURL } from '../support/e2e-env.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'correct-horse-battery';

/**
 * Another site on the same host (another port: same site, so the browser sends the SameSite=Lax
 * session cookie with a top-level form post) — the case SameSite alone does not stop.
 */
async function startAttackerSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('a form on another site cannot downgrade a signed-in physician’s paid plan', async ({ page }) => {
  await signedInAccount(page, 'csrf-victim', PASSWORD, 'premium');

  const attacker = await startAttackerSite(`<!doctype html><title>Win a prize</title>
    <form id="f" method="POST" action="${baseURL}/api/v2/stripe/switch-to-free"><input type="hidden" name="x" value="1"></form>
    <script>document.getElementById('f').submit()</script>`);
  try {
    const answer = page.waitForResponse(`${baseURL}/api/v2/stripe/switch-to-free`);
    await page.goto(attacker.url);
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  } finally {
    attacker.server.close();
  }

  // Still Premium, as the pricing page shows it.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Premium', exact: true }).getByText('Current', { exact: true }),
  ).toBeVisible();
});
