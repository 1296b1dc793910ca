import { readFileSync } from 'node:fs';
import { UNSUBSCRIBE_MESSAGES } from '@licensewatch/shared/alerts-messages';
import { deriveAlertLinkSecrets } from '../../apps/server/src/modules/alerts/alert-link-secrets.ts';
import { unsubscribeToken } from '../../apps/server/src/modules/alerts/unsubscribe-link.ts';
import { connectDatabase } from '../../apps/server/src/platform/db/client.ts';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dataDir } from '../support/e2e-env.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

// docs/product-rules.md, Alerts: the link in an alert email's footer opens a page that asks; only
// its button unsubscribes (mail scanners open links), and no sign-in is needed.

/** The user's alert wishes as stored, read through the embedded database's published socket. */
async function alertWishes(userId: string): Promise<{ weekly: boolean; alerts: boolean }> {
  const { url } = JSON.parse(readFileSync(`${dataDir}/db-socket.json`, 'utf8')) as { url: string };
  const { pool } = connectDatabase(url, { max: 1 });
  try {
    const { rows } = await pool.query<{ weekly_email_report: boolean; status_alert_email: boolean }>(
      'SELECT weekly_email_report, status_alert_email FROM "user" WHERE id = $1',
      [userId],
    );
    const row = rows[0];
    if (!row) throw new Error(`no user ${userId}`);
    return { weekly: row.weekly_email_report, alerts: row.status_alert_email };
  } finally {
    await pool.end();
  }
}

/** The link the Monday email carries: signed with the server's secret, which the e2e server keeps in its data folder. */
function weeklyLink(userId: string): string {
  const secret = readFileSync(`${dataDir}/auth-secret`, 'utf8').trim();
  return `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deriveAlertLinkSecrets(secret), userId, 'weekly'))}`;
}

test('the unsubscribe page asks first, and its button turns the Monday email off without signing in', async ({
  page,
}) => {
  await signedInAccount(page, 'unsubscribe', 'unsubscribe-e2e-password');
  const me = await (await page.request.get('/api/v2/auth/me')).json();
  const userId = me.id as string;
  // The reader of the email need not be signed in.
  await page.context().clearCookies();
  const problems = await watchPageProblems(page);

  await page.goto(weeklyLink(userId));
  const heading = page.getByRole('heading', { level: 1, name: UNSUBSCRIBE_MESSAGES.title.weekly });
  await expect(heading).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_MESSAGES.explain.weekly)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(heading).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening the page (twice, as a scanner and then the reader might) changed nothing.
  await page.reload();
  await expect(heading).toBeVisible();
  expect(await alertWishes(userId)).toEqual({ weekly: true, alerts: true });

  await page.getByRole('button', { name: UNSUBSCRIBE_MESSAGES.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: UNSUBSCRIBE_MESSAGES.done })).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_MESSAGES.doneDetail(me.email))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your profile' })).toHaveAttribute('href', '/profile');
  await expectNoAxeViolations(page);
  expect(await alertWishes(userId)).toEqual({ weekly: false, alerts: true });
  expect(problems).toEqual([]);
});

test('an altered or missing token shows the error and changes nothing', async ({ page }) => {
  const problems = await watchPageProblems(page);
  // Well-formed but not signed by us: the page asks, the server refuses the button's POST (400, expected).
  await page.goto('/unsubscribe?token=someone.weekly.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await page.getByRole('button', { name: UNSUBSCRIBE_MESSAGES.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe link not valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(UNSUBSCRIBE_MESSAGES.invalidLink);
  await expectNoAxeViolations(page);

  // A link cut short: said at once, without asking the server.
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe link not valid' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  // The refused POST (its answer and the console line the browser logs for it) is the only problem.
  expect(problems.filter((p) => !p.includes('/api/v2/alerts/unsubscribe') && !p.includes('status of 400'))).toEqual([]);
});
