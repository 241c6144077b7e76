// Where `crashbot run` posts on Mattermost: a channel, as the bot account, through the
// same channel and delivery code as the bot's replies. The alert is patched in place on
// the next failure and when a green run resolves it. Buttons need the running bot to
// answer them: an alert has none.
import { postReply, updateReply } from '../../app/conversation/delivery.js';
import { silentLogger } from '../../app/logger.js';
import type { AlertSink } from '../../app/run/ports.js';
import { postChannel } from './channel.js';
import { MattermostClient, statusOf } from './client.js';
import { renderMattermost } from './render.js';

export async function mattermostChannelSink(o: {
  url: string;
  token: string;
  channel: string;
  timeoutMs: number;
}): Promise<AlertSink> {
  const client = new MattermostClient({ ...o, retries: 2, maxWaitMs: o.timeoutMs });
  await client.getMe().catch((err: Error) => {
    if (statusOf(err) === 401) throw new Error('Mattermost refused MATTERMOST_TOKEN');
    throw new Error(`Mattermost cannot be reached at ${client.getUrl()} (${err.message})`);
  });
  const workspace = new URL(client.getUrl()).host;
  const place = { platform: 'mattermost', workspace, channel: o.channel };
  const channel = postChannel(client, { place }, (reply) => renderMattermost(reply, 'plain'));
  return {
    destination: `mattermost:${workspace}/${o.channel}`,
    channel: place,
    canEdit: true,
    post: async (reply) => JSON.stringify(await postReply(channel, reply, { private: false }, silentLogger)),
    async update(ref, reply) {
      await updateReply(channel, JSON.parse(ref) as string[], reply, silentLogger);
    },
  };
}
