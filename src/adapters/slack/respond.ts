// Answers to a slash command, a shortcut or a button go to the interaction's
// response_url: ephemeral unless public, never replacing the message clicked. The URL
// is all it needs (plain data, valid for 30 minutes and five answers), and it only goes
// to Slack's hosts or the configured API's. Files cannot ride on a response: the first
// message shows them as image blocks of privately uploaded files (images.ts).
import { DeliveryError, type ReplyChannel } from '../../app/conversation/ports.js';
import type { SlackMessage } from './blocks.js';
import { renderSlack } from './channel.js';
import { type Upload, withFiles, withImages } from './images.js';

/** Slack accepts five responses per response_url. */
const MAX_RESPONSES = 5;

/** Slack's hosts, or one of `extraOrigins` (a local Slack in tests). */
export function slackHost(url: URL, extraOrigins: readonly string[]): boolean {
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && (url.hostname === 'slack.com' || url.hostname.endsWith('.slack.com'));
}

export function responseChannel(
  responseUrl: string,
  extraOrigins: readonly string[],
  timeoutMs: number,
  upload?: Upload,
): ReplyChannel<SlackMessage> {
  let sent = 0;
  const respond = async (m: SlackMessage, isPrivate: boolean) => {
    let url: URL;
    try {
      url = new URL(responseUrl);
    } catch {
      throw new DeliveryError('gone', 'bad_response_url', 'the response_url is not a URL');
    }
    if (!slackHost(url, extraOrigins))
      throw new DeliveryError('forbidden', 'foreign_response_url', `not a Slack URL: ${url.origin}`);
    if (sent >= MAX_RESPONSES) throw new DeliveryError('gone', 'used_up', 'the response_url is used up');
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          response_type: isPrivate ? 'ephemeral' : 'in_channel',
          replace_original: false,
          text: m.text,
          blocks: m.blocks,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new DeliveryError('failed', 'network', (err as Error).message);
    }
    const body = await res.text().catch(() => '');
    if (res.status === 404 || res.status === 410) throw new DeliveryError('gone', `http_${res.status}`, body);
    if (!res.ok) throw new DeliveryError('failed', `http_${res.status}`, body.slice(0, 200));
    sent++;
    return '';
  };
  return {
    render: (reply, style) => withFiles(reply, style, renderSlack(reply, style).slice(0, MAX_RESPONSES)),
    async post(m, o) {
      const shown = await withImages(m, upload);
      if (shown === m) return respond(m, o.private);
      return respond(shown, o.private).catch((err: unknown) => {
        // Slack refused the message with its image (400): the text alone.
        if (err instanceof DeliveryError && err.code === 'http_400') return respond(m, o.private);
        throw err;
      });
    },
    edit: async () => {
      throw new DeliveryError('refused', 'response_url', 'an answer through response_url is not edited');
    },
    remove: async () => {
      throw new DeliveryError('gone', 'response_url', 'an answer through response_url is not removed');
    },
  };
}
