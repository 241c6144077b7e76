// The measured bot: wraps a Bot so every front end's calls are counted and timed
// without the bot or the adapters knowing. What it records is the outcome the bot
// returns; sending the reply is the front end's job (its failures count as delivery
// errors, see log-errors.ts).
import type { Bot, BotOutcome, ChatMessage } from '../app/bot.js';
import type { BotMetrics } from './metrics.js';

/** A monotonic clock in milliseconds. */
export type Clock = () => number;

export function instrumentBot(bot: Bot, metrics: BotMetrics, clock: Clock = () => performance.now()): Bot {
  const timed = async <T>(kind: string, run: () => Promise<T>): Promise<T> => {
    const started = clock();
    try {
      return await run();
    } catch (err) {
      metrics.errors.inc({ kind: 'handler' });
      throw err;
    } finally {
      metrics.handling.observe((clock() - started) / 1000, { kind });
    }
  };

  return {
    handleMessage: (msg) =>
      timed('message', async () => {
        const outcome = await bot.handleMessage(msg);
        countMessage(metrics, msg, outcome);
        return outcome;
      }),
    handleCommand: (channel, userId, text) =>
      timed('command', async () => {
        const outcome = await bot.handleCommand(channel, userId, text);
        metrics.commands.inc({ platform: channel.platform });
        metrics.replies.inc({ platform: channel.platform, kind: outcome.reply.kind });
        return outcome;
      }),
    handleFeedback: async (recordId, channel, userId, verdict) => {
      const reply = await bot.handleFeedback(recordId, channel, userId, verdict);
      metrics.replies.inc({ platform: channel.platform, kind: reply.kind });
      return reply;
    },
    summary: (channel, week) => bot.summary(channel, week),
  };
}

function countMessage(metrics: BotMetrics, msg: ChatMessage, outcome: BotOutcome): void {
  if (outcome.kind === 'ignore') {
    metrics.ignored.inc({ reason: outcome.reason });
    return;
  }
  if (outcome.diagnosis) {
    metrics.diagnoses.inc({ cause: outcome.diagnosis.causes[0]?.id ?? 'none', mode: msg.mode });
  }
  metrics.replies.inc({ platform: msg.channel.platform, kind: outcome.reply.kind });
}
