// crashbot discord register [--guild ID] [--clear]
// Registers /crash and the "Diagnose crash" context-menu command with Discord: in one
// guild with --guild (shown at once), otherwise globally; --clear removes them there.
import { parseArgs } from 'node:util';
import { type Command, EXIT, usageError } from '../command.js';

export const discordRegisterCommand: Command = {
  name: 'discord register',
  usage: [
    'crashbot discord register [--guild ID] [--clear]',
    '',
    'With --guild, the commands are registered in that server only and show up at once: use it',
    'while trying the bot out. Without it they are registered globally, for every server the bot',
    'is in. Reads DISCORD_TOKEN (and DISCORD_APPLICATION_ID, DISCORD_API_URL) from the environment',
    'and .env; the application id is asked from Discord when it is not set. --clear removes the',
    "commands from that guild (or globally): after trying them in a guild, so they don't show twice.",
  ].join('\n'),
  async run(args, ctx) {
    let values: { guild?: string; clear?: boolean; help?: boolean };
    try {
      values = parseArgs({
        args: [...args],
        strict: true,
        options: {
          guild: { type: 'string', short: 'g' },
          clear: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      }).values;
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    if (values.guild !== undefined && !/^\d{15,22}$/.test(values.guild))
      return usageError(ctx, this, `--guild takes a server id (digits), not "${values.guild}"`);
    // Loaded here, not at the top: discord.js is heavy, and every other command runs without it.
    const [{ config: loadDotenv }, { parseConfig }, { registerCommands }] = await Promise.all([
      import('dotenv'),
      import('../../config/config.js'),
      import('../../adapters/discord/register.js'),
    ]);
    const env: Record<string, string | undefined> = { ...ctx.env };
    loadDotenv({ processEnv: env, quiet: true });
    const parsed = parseConfig(env);
    if (!parsed.ok) {
      for (const p of parsed.problems) ctx.err(`crashbot discord register: ${p.variable}: ${p.message}\n`);
      return EXIT.usage;
    }
    const discord = parsed.config.discord;
    if (!discord)
      return usageError(ctx, this, "set DISCORD_TOKEN to the bot token from the developer portal's Bot page");
    const result = await registerCommands({
      token: discord.token,
      applicationId: discord.applicationId,
      apiUrl: discord.apiUrl,
      guildId: values.guild,
      clear: values.clear === true,
    });
    if (!result.ok) {
      ctx.err(`crashbot discord register: ${result.message} [${result.code}]\n`);
      return EXIT.failure;
    }
    const where = result.guildId ? `in guild ${result.guildId}` : 'globally';
    if (values.clear) {
      ctx.out(`Removed the commands ${where} for application ${result.applicationId}\n`);
      return EXIT.ok;
    }
    ctx.out(
      `Registered ${result.names.length} commands ${where} for application ${result.applicationId}: ${result.names.join(', ')}\n`,
    );
    if (!result.guildId)
      ctx.out('Global commands can take a few minutes to appear; use --guild ID to try them at once.\n');
    return EXIT.ok;
  },
};
