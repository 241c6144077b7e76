// crashbot discord invite [--application-id ID]
// Prints the URL that adds the bot to a server, with the scopes and permissions it asks
// for and why.
import { parseArgs } from 'node:util';
import { type Command, EXIT, usageError } from '../command.js';

const SNOWFLAKE = /^\d{15,22}$/;

export const discordInviteCommand: Command = {
  name: 'discord invite',
  usage: [
    'crashbot discord invite [--application-id ID]',
    '',
    'The application id is DISCORD_APPLICATION_ID (environment or .env) unless given; it is on the',
    "developer portal's General Information page.",
  ].join('\n'),
  async run(args, ctx) {
    let values: { 'application-id'?: string; help?: boolean };
    try {
      values = parseArgs({
        args: [...args],
        strict: true,
        options: { 'application-id': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      }).values;
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    // Loaded here, not at the top: discord.js is heavy, and every other command runs without it.
    const [
      { config: loadDotenv },
      { envSchema },
      { INVITE_PERMISSIONS, INVITE_SCOPES, invitePermissions, inviteUrl },
    ] = await Promise.all([
      import('dotenv'),
      import('../../config/config.js'),
      import('../../adapters/discord/invite.js'),
    ]);
    const env: Record<string, string | undefined> = { ...ctx.env };
    loadDotenv({ processEnv: env, quiet: true });
    const fromEnv = envSchema.shape.DISCORD_APPLICATION_ID.safeParse(env.DISCORD_APPLICATION_ID);
    const id = values['application-id'] ?? (fromEnv.success ? fromEnv.data : undefined);
    if (!id)
      return usageError(
        ctx,
        this,
        "give --application-id ID or set DISCORD_APPLICATION_ID (the developer portal's General Information page)",
      );
    if (!SNOWFLAKE.test(id)) return usageError(ctx, this, `"${id}" is not an application id (digits)`);
    const width = Math.max(...INVITE_PERMISSIONS.map((p) => p.name.length));
    ctx.out(
      [
        inviteUrl(id),
        '',
        `Scopes: ${INVITE_SCOPES.join(', ')}`,
        `Permissions (${invitePermissions()}):`,
        ...INVITE_PERMISSIONS.map((p) => `  ${p.name.padEnd(width)}  ${p.why}`),
        '',
        'Open the URL, pick the server, and authorize. Then run `crashbot discord register`.',
        'Listening (answering crash output without a mention) also needs "Message Content Intent"',
        "turned on on the developer portal's Bot page and DISCORD_MESSAGE_CONTENT=true.",
        '',
      ].join('\n'),
    );
    return EXIT.ok;
  },
};
