// Logging in: resolves once the client is ready (every guild received), or with the
// reason it cannot be: a refused token, the Message Content intent not enabled on the
// developer portal, or no READY in time. Failures are values with stable codes.
import { type Client, Events, GatewayCloseCodes } from 'discord.js';

export type LoginErrorCode =
  | 'DISCORD_TOKEN_INVALID'
  | 'DISCORD_INTENTS_DISALLOWED'
  | 'DISCORD_LOGIN_FAILED'
  | 'DISCORD_READY_TIMEOUT';

export type LoginResult = { ok: true } | { ok: false; code: LoginErrorCode; message: string };

const MESSAGES: Record<LoginErrorCode, string> = {
  DISCORD_TOKEN_INVALID:
    'Discord refused the bot token: copy it again from the developer portal (Bot page, Reset Token) into DISCORD_TOKEN',
  DISCORD_INTENTS_DISALLOWED:
    'Discord refused the Message Content intent: turn on "Message Content Intent" on the developer portal\'s Bot page, or set DISCORD_MESSAGE_CONTENT=false (listening then stays off)',
  DISCORD_LOGIN_FAILED: 'could not connect to Discord',
  DISCORD_READY_TIMEOUT: 'Discord did not finish the connection in time',
};

export async function loginAndWait(client: Client, token: string, timeoutMs = 60_000): Promise<LoginResult> {
  let timer: NodeJS.Timeout | undefined;
  const cleanups: (() => void)[] = [];
  const once = <T>(subscribe: (done: (v: T) => void) => () => void) =>
    new Promise<T>((resolve) => cleanups.push(subscribe(resolve)));
  const fail = (code: LoginErrorCode, detail?: string): LoginResult => ({
    ok: false,
    code,
    message: detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code],
  });

  const ready = once<LoginResult>((done) => {
    const h = () => done({ ok: true });
    client.once(Events.ClientReady, h);
    return () => client.off(Events.ClientReady, h);
  });
  const closed = once<LoginResult>((done) => {
    const h = (event: { code: number }) => {
      if (event.code === GatewayCloseCodes.AuthenticationFailed) done(fail('DISCORD_TOKEN_INVALID'));
      else if (event.code === GatewayCloseCodes.DisallowedIntents) done(fail('DISCORD_INTENTS_DISALLOWED'));
      else done(fail('DISCORD_LOGIN_FAILED', `gateway closed with code ${event.code}`));
    };
    client.on(Events.ShardDisconnect, h);
    return () => client.off(Events.ShardDisconnect, h);
  });
  const login = client.login(token).then(
    () => new Promise<LoginResult>(() => {}),
    (err: Error & { code?: string }) =>
      err.code === 'TokenInvalid' ? fail('DISCORD_TOKEN_INVALID') : fail('DISCORD_LOGIN_FAILED', err.message),
  );
  const timeout = new Promise<LoginResult>((resolve) => {
    timer = setTimeout(() => resolve(fail('DISCORD_READY_TIMEOUT', `${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([ready, closed, login, timeout]);
  } finally {
    clearTimeout(timer);
    for (const c of cleanups) c();
  }
}
