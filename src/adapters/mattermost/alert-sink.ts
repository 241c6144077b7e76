// Where `crashbot run` posts on Mattermost: a channel, as the bot account. The alert is
// one post (a longer one goes on in its thread) that is patched in place on the next
// failure and when a green run resolves it. The client's own retries apply.
import type { AlertSink } from '../../app/run/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { MattermostClient, statusOf } from './client.js';
import { renderMattermost } from './render.js';

export interface MattermostSinkOptions {
  url: string;
  token: string;
  channel: string;
  timeoutMs: number;
}

export async function mattermostChannelSink(o: MattermostSinkOptions): Promise<AlertSink> {
  const client = new MattermostClient({ ...o, retries: 2, maxWaitMs: o.timeoutMs });
  try {
    await client.getMe();
  } catch (err) {
    if (statusOf(err) === 401) throw new Error('Mattermost refused MATTERMOST_TOKEN');
    throw new Error(`Mattermost cannot be reached at ${client.getUrl()} (${(err as Error).message})`);
  }
  const workspace = new URL(client.getUrl()).host;
  // Buttons need the running bot to answer them; an alert has none.
  const messages = (reply: Reply) => renderMattermost({ ...reply, actions: [] }, 'plain');
  return {
    destination: `mattermost:${workspace}/${o.channel}`,
    channel: { platform: 'mattermost', workspace, channel: o.channel },
    canEdit: true,
    async post(reply) {
      const [first, ...rest] = messages(reply);
      const posted = await client.createPost({ channel_id: o.channel, message: first!.message });
      for (const m of rest)
        await client.createPost({ channel_id: o.channel, root_id: posted.id, message: m.message });
      return posted.id;
    },
    async update(ref, reply) {
      await client.patchPost({ id: ref, message: messages(reply)[0]!.message });
    },
  };
}
