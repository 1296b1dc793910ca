import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report, ReportCandidate } from '@licensewatch/shared/reports';
import { STATE_CODES, type StateCode, stateName } from '@licensewatch/shared/states';
import type { StateStatusResponse } from '@licensewatch/shared/states-api';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseURL, simURL } from '../support/e2e-env.ts';
import { postReport } from '../support/reports.ts';
import { simulatedInitialNamesakes } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'report-review-e2e-password';

// The plan is set with the operator CLI and the report waits for the worker (see reports.spec.ts).
test.describe.configure({ timeout: 90_000 });

/**
 * A state whose every board is searched live (look-up), so it can be down for one search: bulk boards
 * are read ahead of time and a person verifies the others. Asked of the server, which knows.
 */
async function lookUpState(exclude: readonly StateCode[]): Promise<StateCode> {
  const res = await fetch(`${baseURL}/api/v2/states/status`);
  const { states } = (await res.json()) as StateStatusResponse;
  const searched = new Set(states.filter((s) => s.boards.every((b) => b.method === 'lookup')).map((s) => s.state_name));
  const code = STATE_CODES.find((c) => searched.has(stateName(c)) && !exclude.includes(c));
  if (!code) throw new Error('no state is searched live');
  return code;
}

/** Takes the state's look-up board down in the simulator for searches of `lastName` only. */
async function takeBoardDown(state: StateCode, lastName: string) {
  const code = state.toLowerCase();
  let taken = 0;
  // A state has one medical board or separate MD and DO boards; the simulator refuses unknown ids.
  for (const boardId of [`${code}-med`, `${code}-md`, `${code}-do`]) {
    const res = await fetch(`${simURL}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId, down: true, lastName }),
    });
    if (res.status === 204) taken++;
  }
  expect(taken).toBeGreaterThan(0);
  return async () => {
    for (const boardId of [`${code}-med`, `${code}-md`, `${code}-do`]) {
      await fetch(`${simURL}/_control/faults?boardId=${boardId}`, { method: 'DELETE' });
    }
  };
}

test('a report with a possible match to review, a suspended license confirmed and a board unavailable', async ({
  page,
}) => {
  const pair = simulatedInitialNamesakes();
  const down = await lookUpState(pair.states);
  const restoreBoard = await takeBoardDown(down, pair.lastName);
  try {
    await signedInAccount(page, 'report-review', PASSWORD, 'premium');
    const reportId = await postReport(page, {
      name: 'Review report',
      firstName: pair.initial,
      lastName: pair.lastName,
      licenseType: 'MD',
      states: [...pair.states, down].map(stateName),
    });

    await page.goto(`/reports/${reportId}`);
    // Every state searched: the summary counts what waits for review and the board that was down.
    const summary = page.getByTestId('state-summary');
    await expect(summary).toContainText(`${pair.states.length + 1} states searched`, { timeout: 45_000 });
    await expect(summary).toContainText('to review');
    await expect(summary).toContainText('1 board unavailable');
    const matches = page.getByTestId('possible-match');
    await expect(matches.first()).toBeVisible();
    const candidates = (await (
      await page.request.get(`/api/v2/reports/${reportId}/candidates`)
    ).json()) as ReportCandidate[];
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    await expect(matches).toHaveCount(candidates.length);
    await expect(page.getByRole('heading', { name: `Possible matches (${candidates.length})` })).toBeVisible();
    // Nothing attached without the user's word.
    await expect(page.getByTestId('count-total_license').locator('dd')).toHaveText('0');
    // Each with the board's evidence to decide with: its dates as well as its name and status.
    for (const row of await matches.all())
      await expect(row.getByTestId('possible-match-dates')).toContainText('Issued');

    await page.getByRole('button', { name: 'Every state' }).click();
    // By the name the outcome starts with: 'Kansas' is also in 'Arkansas'.
    const outcomeOf = (state: StateCode) =>
      page.getByTestId('state-outcome').filter({ hasText: new RegExp(`^\\s*${stateName(state)}\\b`) });
    const downState = outcomeOf(down);
    await expect(downState).toContainText('Board unavailable, searched again at');
    const suspendedState = stateName(pair.suspended.state);
    await expect(outcomeOf(pair.suspended.state).first()).toContainText('to review');

    await page.screenshot({ path: 'test-results/report-review-1280.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(matches.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/report-review-390.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Confirming the suspended license tracks it, shown as the board says: Suspended, never Active.
    const which = `license ${pair.suspended.number} (${suspendedState})`;
    await page.getByRole('button', { name: `Confirm ${which}: it is this physician's` }).click();
    await expect(page.getByText(MESSAGES.reports.candidateConfirmed)).toBeVisible();
    const row = page.getByTestId('license-row').filter({ hasText: pair.suspended.number });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('license-status')).toHaveText('Suspended');
    await expect(row.getByTestId('license-source')).toBeVisible();
    await expect(page.getByTestId('count-total_license').locator('dd')).toHaveText('1');
    // Needs attention: the suspended license, and the possible matches still waiting.
    const report = (await (await page.request.get(`/api/v1/reports/${reportId}`)).json()) as Report;
    expect(report.attention).toMatchObject({ licenses: 1, matches: candidates.length - 1 });
    await expect(page.getByTestId('count-needs_attention').locator('dd').first()).toHaveText(
      String(report.needs_attention),
    );
    await expect(page.getByTestId('attention-reasons')).toContainText('1 license status to review');
    await expect(page.getByTestId('count-active_license').locator('dd')).toHaveText('0');

    // Rejecting another asks first (Cancel keeps it), can be undone, and once done is gone after a reload.
    const other = candidates.find((c) => c.license_number !== pair.suspended.number) as ReportCandidate;
    const rejectOther = page.getByRole('button', {
      name: `Reject license ${other.license_number} (${other.state}): it is not this physician's`,
    });
    const dialog = page.getByRole('dialog', { name: MESSAGES.reports.rejectConfirmTitle });
    await rejectOther.click();
    await expect(dialog).toContainText(
      MESSAGES.reports.rejectConfirmBody(`License ${other.license_number} (${other.state})`),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(matches).toHaveCount(candidates.length - 1);
    await rejectOther.click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(MESSAGES.reports.candidateRejected)).toBeVisible();
    await expect(matches).toHaveCount(candidates.length - 2);
    const undo = page.getByTestId('rejected-match');
    await expect(undo).toContainText(
      MESSAGES.reports.rejectedUndoLine(`License ${other.license_number} (${other.state})`),
    );
    await expectNoAxeViolations(page);
    await undo.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(MESSAGES.reports.candidateReopened)).toBeVisible();
    await expect(matches).toHaveCount(candidates.length - 1);
    await expect(undo).toHaveCount(0);
    await rejectOther.click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(matches).toHaveCount(candidates.length - 2);
    await page.reload();
    await expect(page.getByTestId('license-row').filter({ hasText: pair.suspended.number })).toHaveCount(1);
    await expect(page.getByText(other.license_number, { exact: true })).toHaveCount(0);
  } finally {
    await restoreBoard();
  }
});
