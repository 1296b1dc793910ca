import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSlackMessage, SlackDeliveryError } from '../src/modules/contact/slack.ts';
import { type SlackStandIn, startSlackStandIn } from './support/slack-stand-in.ts';

describe('postSlackMessage', () => {
  let slack: SlackStandIn;
  beforeAll(async () => {
    slack = await startSlackStandIn();
  });
  afterAll(async () => {
    slack.hang(false);
    await slack?.close();
  });

  it('gives up on a Slack that never answers, so the job can retry later', async () => {
    slack.hang(true);
    const started = Date.now();
    const attempt = postSlackMessage(slack.webhookUrl, { text: 'hello' }, { timeoutMs: 300 });
    await expect(attempt).rejects.toBeInstanceOf(SlackDeliveryError);
    await expect(attempt).rejects.toThrow(/unreachable/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(slack.posts).toHaveLength(0);

    slack.hang(false);
    await postSlackMessage(slack.webhookUrl, { text: 'hello again' }, { timeoutMs: 2_000 });
    expect(slack.posts.map((post) => post.body.text)).toEqual(['hello again']);
  });

  it('refuses an answer other than 2xx with what Slack said', async () => {
    slack.failWith(503);
    await expect(postSlackMessage(slack.webhookUrl, { text: 'x' })).rejects.toThrow(
      /Slack webhook answered 503: internal_error/,
    );
    slack.failWith(null);
  });
});
