/**
 * Slack mrkdwn control characters (api.slack.com/reference/surfaces/formatting#escaping): with
 * only &, < and > escaped, text a visitor typed can never become a link, a mention or markup.
 */
export function escapeSlackText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export class SlackDeliveryError extends Error {
  override name = 'SlackDeliveryError';
}

/** Slack answers an incoming webhook within seconds; a hung one must not hold the job until it expires. */
const TIMEOUT_MS = 10_000;

/** Posts to a Slack incoming webhook; throws on anything but 2xx so the job retries. */
export async function postSlackMessage(
  webhookUrl: string,
  body: { text: string; blocks?: unknown[] },
  { timeoutMs = TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new SlackDeliveryError(`Slack webhook unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).slice(0, 200);
    throw new SlackDeliveryError(`Slack webhook answered ${res.status}${detail ? `: ${detail}` : ''}`);
  }
}
