import { parseArgs } from 'node:util';
import { type Command, EXIT, requireKnowledge, usageError } from '../command.js';

export const startCommand: Command = {
  name: 'start',
  usage: [
    'crashbot start',
    '',
    'Reads configuration from the environment and from .env in the current folder.',
    'With no chat tokens it opens a terminal chat: paste a log and finish with an empty line,',
    'or type /crash CODE. See the README for SLACK_* and DISCORD_* settings.',
  ].join('\n'),
  async run(args, ctx) {
    try {
      const { values } = parseArgs({
        args: [...args],
        strict: true,
        options: { help: { type: 'boolean', short: 'h' } },
      });
      if (values.help) {
        ctx.out(`${this.usage}\n`);
        return EXIT.ok;
      }
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    const [{ config: loadDotenv }, { parseConfig }, { startBot }] = await Promise.all([
      import('dotenv'),
      import('../../config/config.js'),
      import('../../main.js'),
    ]);
    const env: Record<string, string | undefined> = { ...ctx.env };
    loadDotenv({ processEnv: env, quiet: true });
    const parsed = parseConfig(env);
    if (!parsed.ok) {
      for (const p of parsed.problems) ctx.err(`crashbot start: ${p.variable}: ${p.message}\n`);
      return EXIT.usage;
    }
    const kb = await requireKnowledge(ctx);
    if (typeof kb === 'number') return kb;
    const started = await startBot({
      config: parsed.config,
      kb,
      stdin: ctx.stdin,
      write: ctx.out,
      log: ctx.err,
      logFormat: ctx.host?.errTerminal ? 'pretty' : 'json',
    });
    if (!started.ok) {
      ctx.err(`crashbot start: ${started.message}\n`);
      return EXIT.failure;
    }
    return EXIT.ok;
  },
};
