// The bot was added to a channel (Slack, Mattermost) or a server (Discord): one short
// message there saying what it does and how to ask, the same on every surface. It is
// claimed once, like any event: of all the instances that see the join, one says hello.
// Adapters report only joins someone else made (an invitation), not the bot joining a
// channel itself when listening or the summary is turned on: that command has its answer.
import type { Reply } from '../../core/reply/model.js';
import { DELIVERY_LEASE_MS, type Step } from './context.js';
import { type JoinedIncoming, placeKey } from './incoming.js';
import type { SurfaceInfo } from './ports.js';
import { deliver } from './routes.js';

export async function onJoined(step: Step, x: JoinedIncoming): Promise<void> {
  const { claims, now } = step.deps;
  const key = `joined:${placeKey(x.place)}/${x.id}`;
  if ((await claims.take(key, now(), DELIVERY_LEASE_MS, x)) !== 'taken') return;
  const channel = step.surface.at({ place: x.place }, step.log);
  await deliver(step, { primary: channel, private: false }, welcomeReply(step.surface.info));
  await claims.answered(key, now());
}

export function welcomeReply(info: SurfaceInfo): Reply {
  const me = info.mention ?? 'me';
  const where = info.replies === 'thread' ? 'in the thread' : 'with a reply';
  return {
    kind: 'notice',
    title: 'Hello: I explain crash logs',
    blocks: [
      {
        type: 'text',
        text: `Mention ${me} with a traceback or the end of a log (or attach it as a \`.log\` or \`.txt\` file) and I answer ${where} with the likely cause, the lines that show it and the fix.`,
      },
      {
        type: 'text',
        text: "`/crash help` lists the commands: decode an exit code, let me notice pasted crashes without a mention, and a weekly summary of this channel's crashes (those two are for channel managers to turn on).",
      },
    ],
  };
}
