// Mattermost's ReplyChannels, each rebuilt from plain data alone: posts in a channel (in a
// thread through root_id) made, patched and deleted over REST, files uploaded first and
// attached by id; the answer to /crash through its response_url (five answers at most,
// Mattermost's limit); a private (ephemeral) post, which Mattermost lets only bots with
// the create_post_ephemeral permission make; and a click's answer, in the click's own
// HTTP response while Mattermost still waits for it.
import { createHash, randomUUID } from 'node:crypto';
import { DeliveryError, type ReplyChannel, type Style, type Target } from '../../app/conversation/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { call, type MattermostClient } from './client.js';
import type { MattermostMessage } from './render.js';

export type Render = (reply: Reply, style: Style) => MattermostMessage[];
/** The post prop that carries a weekly summary's key, so a retried summary finds the earlier post. */
export const SUMMARY_PROP = 'crashbot_summary';
/** Clicks waiting for their answer: the HTTP response Mattermost holds open, by handle. */
export type WaitingClicks = Map<string, (text: string) => void>;

const props = (m: MattermostMessage) => ({ attachments: m.attachments, from_bot: 'true' });
const textOnly =
  (render: Render): Render =>
  (reply, style) =>
    render({ ...reply, files: [] }, style);

/** What cannot be edited or removed later (an answer that Mattermost does not keep). */
function once(what: string, render: Render, post: ReplyChannel['post']): ReplyChannel {
  return {
    render,
    post,
    edit: async () => {
      throw new DeliveryError('refused', what, `${what} cannot be edited`);
    },
    remove: async () => {
      throw new DeliveryError('gone', what, `${what} cannot be removed`);
    },
  };
}

export function postChannel(client: MattermostClient, target: Target, render: Render): ReplyChannel {
  const channel_id = target.place.channel;
  return {
    render,
    async post(m: MattermostMessage, o) {
      const file_ids: string[] = [];
      for (const f of m.files) {
        const form = new FormData();
        form.append('channel_id', channel_id);
        form.append('files', new Blob([Buffer.from(f.data)], { type: f.mime }), f.name);
        file_ids.push(...(await call(() => client.uploadFile(form))).file_infos.map((i) => i.id));
      }
      // Mattermost drops a post whose pending_post_id it saw in the last 30 s: retries show once.
      const pending = createHash('sha256').update(o.key === undefined ? randomUUID() : `${o.key}#${o.part}`);
      const extra = o.key === undefined ? {} : { [SUMMARY_PROP]: o.key };
      const created = await call(() =>
        client.createPost({
          channel_id,
          root_id: target.place.thread ?? '',
          message: m.message,
          file_ids,
          props: { ...props(m), ...extra },
          pending_post_id: pending.digest('hex').slice(0, 26),
        }),
      );
      return created.id;
    },
    edit: async (id, m: MattermostMessage) => {
      await call(() => client.patchPost({ id, message: m.message, props: props(m) }));
    },
    remove: async (id) => {
      await call(() => client.deletePost(id));
    },
  };
}

/** A post only `user` sees; Mattermost keeps none, so it cannot be edited. */
export function ephemeralChannel(client: MattermostClient, target: Target, user: string, render: Render) {
  const { channel: channel_id, thread } = target.place;
  return once('an ephemeral post', textOnly(render), async (m: MattermostMessage) => {
    const post = { channel_id, root_id: thread ?? '', message: m.message, props: props(m) };
    await call(() => client.createPostEphemeral(user, post));
    return '';
  });
}

/** Where a private answer's files go when the answer cannot carry them: posted in full there; false when that failed. */
export type SendDirect = (m: MattermostMessage) => Promise<boolean>;

/** What the private answer says when its full copy, with the chart, went to a direct message. */
export const SENT_DIRECT = (bot: string) =>
  `It is in our direct messages with its chart (@${bot}); only you can see it.`;

/**
 * The answer to a /crash command, through its response_url on the Mattermost server's
 * origin only. A response carries no file: a private answer with files (the summary's
 * chart) is posted in full in the person's direct messages with the bot, and the
 * response says so; when that fails, the response carries the text alone.
 */
export function responseChannel(
  url: string,
  origin: string,
  render: Render,
  timeoutMs: number,
  direct?: { send: SendDirect; note: string },
): ReplyChannel {
  let sent = 0;
  const respond = async (m: MattermostMessage, isPrivate: boolean) => {
    if (!URL.canParse(url) || new URL(url).origin !== origin)
      throw new DeliveryError('forbidden', 'foreign_response_url', `not this Mattermost's URL: ${url}`);
    if (sent >= 5) throw new DeliveryError('gone', 'used_up', 'the response_url is used up');
    const body = { text: m.message, attachments: m.attachments, skip_slack_parsing: true };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response_type: isPrivate ? 'ephemeral' : 'in_channel', ...body }),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((err: Error) => {
      throw new DeliveryError('failed', 'network', err.message);
    });
    const said = (await res.text().catch(() => '')).slice(0, 200);
    // 404: unknown or older than 30 minutes; 400: used up or refused.
    if (res.status === 404 || res.status === 400) throw new DeliveryError('gone', `http_${res.status}`, said);
    if (!res.ok) throw new DeliveryError('failed', `http_${res.status}`, said);
    sent++;
    return '';
  };
  const five: Render = (reply, style) => render(reply, style).slice(0, 5);
  return once('an answer through response_url', five, async (m: MattermostMessage, o) => {
    if (m.files.length === 0 || !o.private || !direct) return respond({ ...m, files: [] }, o.private);
    const title = m.message.split('\n')[0] ?? '';
    if (await direct.send(m))
      return respond({ message: `${title}\n\n${direct.note}`, attachments: [], files: [] }, true);
    return respond({ ...m, files: [] }, true);
  });
}

/** The answer to a click, in its HTTP response; gone once Mattermost stopped waiting (or after a restart). */
export function clickChannel(handle: string, waiting: WaitingClicks, render: Render): ReplyChannel {
  const plain: Render = (reply) => render({ ...reply, files: [], actions: [] }, 'plain');
  return once('a click answer', plain, async (m: MattermostMessage, o) => {
    const answer = waiting.get(handle);
    if (!answer || o.part > 0) throw new DeliveryError('gone', 'click_answered', 'the click was answered');
    waiting.delete(handle);
    answer(m.message);
    return '';
  });
}
