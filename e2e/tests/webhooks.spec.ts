import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOKS_MESSAGES as M } from '@licensewatch/shared/webhooks-messages';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'webhooks-e2e-password';

type Received = { headers: IncomingHttpHeaders; body: string };

/** The customer's endpoint: a real HTTP server on this machine (http to 127.0.0.1 is allowed outside production). */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

// The flow runs at desktop width; each screen it checks is checked at phone width too.
const viewport = DESKTOP;

test('an admin adds a webhook endpoint, sees its secret once, sends a test event and replays it (1280 px, its screens at 390 px)', async ({
  page,
}) => {
  // Measured: about 60 s alone (sign-up, three axe scans, the log polled every 5 s); head-room for busy cores.
  test.setTimeout(150_000);
  await page.setViewportSize(viewport);
  const receiver = await startReceiver();
  try {
    const problems = await watchPageProblems(page);
    await signedInAccount(page, 'webhooks', PASSWORD);
    await page.goto('/org/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();
    await expect(page.getByText(M.empty)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectLayoutAt(page, PHONE);

    await page.getByLabel(M.urlLabel).fill(receiver.url);
    await page.getByLabel(/License expiring/).uncheck();
    await page.getByRole('button', { name: M.add }).click();
    await expect(toast(page, M.added)).toBeVisible();
    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(M.secretWarning)).toBeVisible();
    const secretText = (await secret.textContent()) ?? '';
    await page.screenshot({ path: `test-results/webhooks-secret-${viewport.width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await expectLayoutAt(page, PHONE);
    await page.getByRole('button', { name: M.dismissSecret }).click();
    await expect(secret).toHaveCount(0);

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(endpoint.getByText(M.statusActive)).toBeVisible();
    await expect(endpoint.getByText('license.expiring')).toHaveCount(0);
    await endpoint.getByRole('button', { name: M.sendTest }).click();
    await expect(toast(page, M.testSent)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const first = receiver.received[0] as Received;
    expect(first.headers['licensewatch-event']).toBe('webhook.test');
    expect(first.headers['licensewatch-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The secret is never sent over the wire, and never shown again.
    expect(first.body).not.toContain(secretText);

    const rows = endpoint.getByTestId('webhook-delivery');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(M.deliveryStatusLabels.delivered, { timeout: 15_000 });
    await expect(rows.first()).toContainText('200');
    await expectNoAxeViolations(page);
    await expectLayoutAt(page, PHONE);

    await rows
      .first()
      .getByRole('button', { name: new RegExp(`^${M.replay}`) })
      .click();
    await expect(toast(page, M.replayed)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    const second = receiver.received[1] as Received;
    expect(JSON.parse(second.body).id).toBe(JSON.parse(first.body).id);
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    await expect(rows.first()).toContainText('(replay)');
    await expect(rows.first()).toContainText(M.deliveryStatusLabels.delivered, { timeout: 15_000 });
    await page.screenshot({ path: `test-results/webhooks-log-${viewport.width}.png`, fullPage: true });

    await page.reload();
    await expect(page.getByTestId('webhook-endpoint').first()).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // The page links to how to check the signature; the code shown is what the server test runs.
    await page.getByRole('link', { name: M.docsLink }).click();
    const docs = page.locator('#verifying-webhooks');
    await expect(docs.getByRole('heading', { name: 'Verifying webhooks' })).toBeVisible();
    await expect(docs).toContainText('export function verifyLicenseWatchSignature(');
    await docs.screenshot({ path: `test-results/webhooks-docs-${viewport.width}.png` });
    await docs.getByRole('tab', { name: 'Python' }).click();
    await expect(docs).toContainText('def verify_licensewatch_signature(');
    await expectNoAxeViolations(page);
    await expectLayoutAt(page, PHONE);
    expect(problems).toEqual([]);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
