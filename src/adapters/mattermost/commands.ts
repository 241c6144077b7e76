// `/crash` and the feedback buttons, served by the guarded HTTP server (src/http: unknown
// paths 404, other methods 405, bodies capped and timed). Mattermost posts a slash
// command as a form carrying the command's token (also as `Authorization: Token ...`),
// compared in constant time; the answer goes later through the response_url, so the
// request gets an empty 200 once the event is kept. A button posts JSON with the context
// crashbot put on it, signed with that token (Mattermost never shows it to clients); its
// answer goes back in the response while Mattermost waits. Who may change a channel's
// settings is asked of Mattermost (isManager, the surface's mayManage): a channel, team
// or system admin.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Incoming } from '../../app/conversation/incoming.js';
import type { Logger } from '../../app/logger.js';
import type { ReplyAction } from '../../core/reply/model.js';
import { createGuardedServer, type GuardedServer } from '../../http/guarded-server.js';
import type { WaitingClicks } from './channel.js';
import type { MattermostClient } from './client.js';
import type { PostAction } from './render.js';

export const COMMAND_PATH = '/mattermost/command';
export const ACTIONS_PATH = '/mattermost/actions';

export interface CommandServerOptions {
  client: MattermostClient;
  commandToken: string;
  workspace: string;
  handle: (x: Incoming) => Promise<void>;
  waiting: WaitingClicks;
  /** How long a request waits for its event to be kept, or a click for its answer. */
  waitMs: number;
  log: Logger;
}

const sign = (key: string, text: string) => createHmac('sha256', key).update(text).digest();
const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** A reply action as a button that posts back to `url`, its context signed with the command token. */
export function buttonMaker(url: string, key: string) {
  return (a: ReplyAction): PostAction => {
    const sig = sign(key, `${a.id}:${a.value}`).toString('hex');
    const style = a.id === 'feedback-fixed' ? 'good' : 'default';
    const integration = { url, context: { action: a.id, value: a.value, sig } };
    return { id: a.id.replace('-', ''), type: 'button', name: a.label, style, integration };
  };
}

export async function startCommandServer(o: CommandServerOptions, port: number, host?: string) {
  const within = <T>(p: Promise<T>, fallback: T) =>
    Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), o.waitMs).unref())]);
  const answer = (res: ServerResponse, status: number, body = '', type = 'text/plain') => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  };

  const command = async (req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    const form = new URLSearchParams(raw.toString('utf8'));
    const header = String(req.headers.authorization ?? '');
    const token = form.get('token') ?? (header.startsWith('Token ') ? header.slice(6) : '');
    if (!same(sign(o.commandToken, token), sign(o.commandToken, o.commandToken)))
      return answer(res, 401, 'unauthorized\n');
    const field = (k: string) => form.get(k) ?? '';
    const [channel, user, text, respond] = [
      field('channel_id'),
      field('user_id'),
      field('text'),
      field('response_url'),
    ];
    if (!channel || !user) return answer(res, 400, 'a command needs channel_id and user_id\n');
    const x: Incoming = {
      kind: 'command',
      id: form.get('trigger_id') || randomUUID(),
      place: { platform: 'mattermost', workspace: o.workspace, channel },
      user,
      text: text.trim(),
      ...(respond && { respond }),
    };
    await within(o.handle(x), undefined);
    answer(res, 200);
  };

  const click = async (_req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    let body: { user_id?: unknown; channel_id?: unknown; trigger_id?: unknown; context?: unknown } = {};
    try {
      body = JSON.parse(raw.toString('utf8')) ?? {};
    } catch {}
    const ctx = (body.context ?? {}) as Record<string, unknown>;
    const action = ctx.action === 'feedback-fixed' || ctx.action === 'feedback-wrong' ? ctx.action : null;
    const [value = '', sig = ''] = [ctx.value, ctx.sig].map((v) => (typeof v === 'string' ? v : ''));
    const signed = action && same(Buffer.from(sig, 'hex'), sign(o.commandToken, `${action}:${value}`));
    const { user_id: user, channel_id: channel, trigger_id: trigger } = body;
    if (!signed || typeof user !== 'string' || typeof channel !== 'string')
      return answer(res, 401, 'unauthorized\n');
    const handle = `click:${randomUUID()}`;
    const said = new Promise<string>((resolve) => o.waiting.set(handle, resolve));
    void o.handle({
      kind: 'click',
      id: typeof trigger === 'string' && trigger ? trigger : randomUUID(),
      place: { platform: 'mattermost', workspace: o.workspace, channel },
      user,
      action,
      value,
      respond: handle,
    });
    const text = await within(said, '');
    o.waiting.delete(handle);
    const reply = text ? { ephemeral_text: text, skip_slack_parsing: true } : {};
    answer(res, 200, JSON.stringify(reply), 'application/json');
  };

  const route = (handle: typeof command) => ({ methods: ['POST'], maxBodyBytes: 64 * 1024, handle });
  const server: GuardedServer = createGuardedServer({
    routes: { [COMMAND_PATH]: route(command), [ACTIONS_PATH]: route(click) },
    onError: (err) => o.log.error('a Mattermost request failed', { error: (err as Error)?.message }),
  });
  await server.listen(port, host);
  return server;
}

/** A channel, team or system admin; anyone in a direct or group message. Throws when Mattermost cannot say. */
export async function isManager(client: MattermostClient, channel: string, user: string) {
  const admin = (r: { roles?: string; scheme_admin?: boolean } | null, role: string) =>
    Boolean(r && (r.scheme_admin || (r.roles ?? '').split(' ').includes(role)));
  const info = await client.getChannel(channel);
  if (info.type === 'D' || info.type === 'G') return undefined;
  const [member, person, teamMember] = await Promise.all([
    client.getChannelMember(channel, user).catch(() => null),
    client.getUser(user),
    info.team_id ? client.getTeamMember(info.team_id, user).catch(() => null) : null,
  ]);
  return admin(member, 'channel_admin') || admin(teamMember, 'team_admin') || admin(person, 'system_admin');
}
