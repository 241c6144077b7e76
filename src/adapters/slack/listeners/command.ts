// `/crash ...`: acknowledged at once (Slack allows three seconds), answered after
// through the response_url: ephemeral unless the Bot says the answer is for everyone.
import type { App, webApi } from '@slack/bolt';
import { noticeReply } from '../../../app/command-replies.js';
import { parseCrashCommand } from '../../../app/crash-command.js';
import type { Reply } from '../../../core/reply/model.js';
import { slashCommandSchema } from '../incoming.js';
import { slackErrorCode } from '../poster.js';
import { respondWith } from '../respond.js';
import type { ListenerDeps } from './deps.js';

export const COMMAND = '/crash';

export function listenForCommand(app: App, deps: ListenerDeps): void {
  app.command(COMMAND, async ({ ack, body, client, respond }) => {
    await ack();
    const parsed = slashCommandSchema.safeParse(body);
    if (!parsed.success) {
      deps.log.warn('ignored a slash command without the expected fields', {
        issues: parsed.error.issues.length,
      });
      return;
    }
    const c = parsed.data;
    const to = { respond, client, channel: c.channel_id, user: c.user_id };
    let reply: Reply;
    let visibleToAll = false;
    try {
      const outcome = await deps.bot.handleCommand(
        { platform: 'slack', workspace: c.team_id, channel: c.channel_id },
        c.user_id,
        c.text,
      );
      reply = outcome.reply;
      visibleToAll = outcome.public;
      const cmd = parseCrashCommand(c.text);
      const turnsOn = (cmd.kind === 'listen' || cmd.kind === 'summary-setting') && cmd.on;
      if (turnsOn && !(await joinChannel(deps, client, c.channel_id))) {
        reply = withLine(
          reply,
          'Invite me to this channel (`/invite @crashbot`) so I can read and post here.',
        );
      }
    } catch (err) {
      deps.log.error('a /crash command failed', { error: (err as Error).message });
      reply = noticeReply('That did not work', 'Something went wrong on my side; try again in a minute.');
    }
    await respondWith(deps, to, reply, visibleToAll);
  });
}

/** Listening and summaries need the bot in the channel: public channels are joined, others need an invite. */
async function joinChannel(deps: ListenerDeps, client: webApi.WebClient, channel: string): Promise<boolean> {
  if (channel.startsWith('D')) return true;
  try {
    await deps.poster.call(() => client.conversations.join({ channel }));
    return true;
  } catch (err) {
    deps.log.info('could not join the channel', { channel, code: slackErrorCode(err) });
    return false;
  }
}

function withLine(reply: Reply, text: string): Reply {
  return { ...reply, blocks: [...reply.blocks, { type: 'text', text }] };
}
