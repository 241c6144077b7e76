// `/crash ...` and the feedback buttons: claimed once, answered through the
// interaction's handle (private unless the answer is for the channel). Help is never
// limited; a channel's settings change only for people who may manage the channel
// (the Incoming says, or the surface is asked), and not at all where no setting can act
// (the terminal); turning listening or the summary on lets the
// surface do what it must there (join the channel) and add a line about it.
import type { Reply } from '../../core/reply/model.js';
import { helpReply, noticeReply } from '../command-replies.js';
import { type CrashCommand, parseCrashCommand } from '../crash-command.js';
import { channelOf, DELIVERY_LEASE_MS, type Step } from './context.js';
import { type ClickIncoming, type CommandIncoming, type Incoming, placeKey } from './incoming.js';
import { MANAGERS_ONLY, NO_SETTINGS_HERE } from './notices.js';
import { deliver, interactionRoute } from './routes.js';

type Answer = { reply: Reply; public: boolean };

export async function onCommand(step: Step, x: CommandIncoming): Promise<void> {
  await once(step, x, `command:${placeKey(x.place)}/${x.id}`, async () => {
    const cmd = parseCrashCommand(x.text);
    const route = interactionRoute(step, x, !expectPublic(cmd));
    route.primary.begin?.({ private: route.private });
    const answer = await commandAnswer(step, x, cmd);
    // The answer goes through the channel already begun; only its fall-back follows what it turned out to be.
    const actual = answer.public === !route.private ? route : interactionRoute(step, x, !answer.public);
    await deliver(step, { ...actual, primary: route.primary }, answer.reply);
  });
}

export async function onClick(step: Step, x: ClickIncoming): Promise<void> {
  await once(step, x, `click:${placeKey(x.place)}/${x.id}`, async () => {
    const route = interactionRoute(step, x, true);
    route.primary.begin?.({ private: true });
    const recordId = Number(x.value);
    const reply =
      Number.isSafeInteger(recordId) && recordId > 0
        ? await step.deps.bot.handleFeedback(
            recordId,
            channelOf(x.place),
            x.user,
            x.action === 'feedback-fixed' ? 'fixed' : 'wrong',
          )
        : noticeReply('That button is out of date', 'Thanks anyway.');
    await deliver(step, route, reply);
  });
}

async function once(step: Step, x: Incoming, key: string, work: () => Promise<void>): Promise<void> {
  const { claims, now } = step.deps;
  if ((await claims.take(key, now(), DELIVERY_LEASE_MS, x)) !== 'taken') {
    step.log.debug('an interaction already taken; left alone');
    return;
  }
  await work();
  await claims.answered(key, now());
}

const isSetting = (cmd: CrashCommand) => cmd.kind === 'listen' || cmd.kind === 'summary-setting';

/** Whether the answer will be for the channel, known before the work (an interaction is acknowledged by then). */
function expectPublic(cmd: CrashCommand): boolean {
  return (cmd.kind === 'exit-code' && cmd.public) || isSetting(cmd);
}

async function commandAnswer(step: Step, x: CommandIncoming, cmd: CrashCommand): Promise<Answer> {
  const { deps, surface } = step;
  const channel = channelOf(x.place);
  if (cmd.kind === 'help') return { reply: surface.info.help ?? helpReply(), public: false };
  const refusal = await deps.limits.command(channel, x.user, deps.now());
  if (refusal) return { reply: refusal, public: false };
  if (isSetting(cmd)) {
    if (surface.info.settings === false) return { reply: NO_SETTINGS_HERE, public: false };
    if ((x.manager ?? (await mayManage(step, x))) === false) return { reply: MANAGERS_ONLY, public: false };
  }
  step.events.command?.(surface.info.platform);
  const outcome = await deps.bot.handleCommand(channel, cmd, surface.info.replies);
  if (!(isSetting(cmd) && 'on' in cmd && cmd.on) || !surface.turnedOn) return outcome;
  const note = await surface.turnedOn(x.place, cmd.kind === 'listen' ? 'listening' : 'summary');
  if (note === null) return outcome;
  return {
    ...outcome,
    reply: { ...outcome.reply, blocks: [...outcome.reply.blocks, { type: 'text', text: note }] },
  };
}

/** Whether the person may change the channel's settings; false when the surface cannot tell. */
async function mayManage(step: Step, x: CommandIncoming): Promise<boolean | undefined> {
  if (!step.surface.mayManage) return undefined;
  try {
    return await step.surface.mayManage(x.place, x.user);
  } catch (err) {
    step.log.warn('could not tell whether the person may change channel settings', {
      error: (err as Error).message,
    });
    return false;
  }
}
