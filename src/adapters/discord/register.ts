// Sending the application commands to Discord: to one guild (shown at once; for
// trying things out) or globally (every guild the bot is in). The application id is
// read from Discord when not given. Failures are values with codes and a fix.
import { DiscordAPIError, REST, Routes } from 'discord.js';
import { commandDefinitions } from './commands.js';

export interface RegisterRequest {
  token: string;
  applicationId?: string | undefined;
  /** DISCORD_API_URL, when set. */
  apiUrl?: string | undefined;
  guildId?: string | undefined;
  /** Remove the commands there instead (registers none). */
  clear?: boolean;
}

export type RegisterErrorCode =
  | 'DISCORD_TOKEN_INVALID'
  | 'DISCORD_GUILD_UNREACHABLE'
  | 'DISCORD_REGISTER_REFUSED'
  | 'DISCORD_UNREACHABLE';

export type RegisterResult =
  | { ok: true; applicationId: string; guildId: string | null; names: string[] }
  | { ok: false; code: RegisterErrorCode; message: string };

function failure(err: unknown, guildId: string | undefined): RegisterResult {
  if (err instanceof DiscordAPIError) {
    const detail = `Discord said: ${err.status} ${err.message}`;
    if (err.status === 401)
      return {
        ok: false,
        code: 'DISCORD_TOKEN_INVALID',
        message: `the bot token was refused; copy it again from the developer portal's Bot page (${detail})`,
      };
    if (guildId && (err.status === 403 || err.status === 404))
      return {
        ok: false,
        code: 'DISCORD_GUILD_UNREACHABLE',
        message: `the bot cannot add commands to guild ${guildId}: invite it there first with the URL from \`crashbot discord invite\` (${detail})`,
      };
    return { ok: false, code: 'DISCORD_REGISTER_REFUSED', message: detail };
  }
  return {
    ok: false,
    code: 'DISCORD_UNREACHABLE',
    message: `could not reach Discord: ${(err as Error).message}`,
  };
}

export async function registerCommands(req: RegisterRequest): Promise<RegisterResult> {
  const rest = new REST({ ...(req.apiUrl && { api: req.apiUrl }), retries: 2, timeout: 15_000 }).setToken(
    req.token,
  );
  try {
    const applicationId =
      req.applicationId ?? ((await rest.get(Routes.currentApplication())) as { id: string }).id;
    const route = req.guildId
      ? Routes.applicationGuildCommands(applicationId, req.guildId)
      : Routes.applicationCommands(applicationId);
    const body = req.clear ? [] : commandDefinitions();
    const saved = (await rest.put(route, { body })) as { name: string }[];
    return { ok: true, applicationId, guildId: req.guildId ?? null, names: saved.map((c) => c.name) };
  } catch (err) {
    return failure(err, req.guildId);
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}
