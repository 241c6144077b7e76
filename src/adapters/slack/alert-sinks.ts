// Where `crashbot run` posts on Slack: a channel with the bot token (editable: the
// alert is updated in place) or an incoming webhook (post only). The SDKs' own retry
// policies apply; nothing is retried on top of them.
import { createHash } from 'node:crypto';
import { webApi } from '@slack/bolt';
import { IncomingWebhook } from '@slack/webhook';
import type { AlertSink } from '../../app/run/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { renderSlackMessages, type SlackMessage } from './blocks.js';

export interface SlackChannelSinkOptions {
  token: string;
  channel: string;
  /** The Web API's base URL (tests point it at a local fake). */
  apiUrl?: string | undefined;
  /** Per request, in ms. */
  timeoutMs: number;
}

const SILENT = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => webApi.LogLevel.ERROR,
  setName() {},
};

/** A channel reached with the bot token: the first message is the alert, the rest go in its thread. */
export async function slackChannelSink(o: SlackChannelSinkOptions): Promise<AlertSink> {
  const client = new webApi.WebClient(o.token, {
    timeout: o.timeoutMs,
    // Failures come back as values and are said once, by crashbot run; the SDK stays quiet.
    logger: SILENT,
    retryConfig: { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2000 },
    ...(o.apiUrl && { slackApiUrl: o.apiUrl.endsWith('/') ? o.apiUrl : `${o.apiUrl}/` }),
  });
  const auth = await client.auth.test();
  const workspace = String(auth.team_id ?? 'unknown');
  return {
    destination: `slack:${workspace}/${o.channel}`,
    channel: { platform: 'slack', workspace, channel: o.channel },
    canEdit: true,
    async post(reply) {
      const [first, ...rest] = messages(reply);
      const posted = await client.chat.postMessage({ channel: o.channel, ...first! });
      const ts = String(posted.ts);
      for (const m of rest) await client.chat.postMessage({ channel: o.channel, thread_ts: ts, ...m });
      return JSON.stringify({ channel: String(posted.channel ?? o.channel), ts });
    },
    async update(ref, reply) {
      const { channel, ts } = JSON.parse(ref) as { channel: string; ts: string };
      await client.chat.update({ channel, ts, ...messages(reply)[0]! });
    },
  };
}

/** An incoming webhook URL: a post each time; Slack gives no way to edit what it posted. */
export function slackWebhookSink(url: string, timeoutMs: number): AlertSink {
  const hook = new IncomingWebhook(url, { timeout: timeoutMs });
  return {
    // The URL is the secret; only a hash of it names the destination.
    destination: `slack-webhook:${createHash('sha256').update(url).digest('hex').slice(0, 16)}`,
    channel: null,
    canEdit: false,
    async post(reply) {
      for (const m of messages(reply)) await hook.send(m);
      return null;
    },
    async update() {
      throw new Error('a Slack incoming webhook cannot edit a message');
    },
  };
}

function messages(reply: Reply): SlackMessage[] {
  // Buttons need the running bot to answer them; an alert has none.
  return renderSlackMessages({ ...reply, actions: [] });
}
