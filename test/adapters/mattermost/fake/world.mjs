// The fake Mattermost's state, shaped like Mattermost's own models (server/public/model:
// Post, FileInfo, Channel, ChannelMember, User, AppError): one team, a public and a
// private channel, a direct and a group message, the bot account and two people, the posts and
// files made so far, and the command webhooks (response_url) handed out.
import { randomBytes } from 'node:crypto';

/** A Mattermost id: 26 characters of [a-z0-9]. */
export function newId() {
  const alphabet = 'abcdefghijkmnopqrstuwxyz13456789';
  return [...randomBytes(26)].map((b) => alphabet[b % 32]).join('');
}

/** Mattermost's limit on a post's message, in characters (PostMessageMaxRunesV2). */
export const MAX_MESSAGE_RUNES = 16383;

export function createWorld(o = {}) {
  const team = { id: newId(), name: 'ml-team', display_name: 'ML team' };
  const user = (username, extra = {}) => ({
    id: newId(),
    username,
    roles: 'system_user',
    is_bot: false,
    delete_at: 0,
    ...extra,
  });
  const bot = user('crashbot', {
    is_bot: true,
    roles: o.botSystemAdmin ? 'system_user system_admin' : 'system_user',
  });
  const users = {
    ana: user('ana'),
    ben: user('ben'),
    admin: user('sysadmin', { roles: 'system_user system_admin' }),
  };
  const channel = (name, type, extra = {}) => ({
    id: newId(),
    team_id: type === 'D' ? '' : team.id,
    type,
    name,
    display_name: name,
    delete_at: 0,
    ...extra,
  });
  const town = channel('town-square', 'O');
  const priv = channel('gpu-team', 'P');
  const dm = channel(`${bot.id}__${users.ana.id}`, 'D');
  const lonely = channel('off-topic', 'O');
  const group = channel(`${newId()}`, 'G', { team_id: '', display_name: 'ana, ben, crashbot' });
  const channels = new Map([town, priv, dm, lonely, group].map((c) => [c.id, c]));
  /** channel id -> user id -> ChannelMember */
  const members = new Map();
  const join = (c, u, admin = false) => {
    if (!members.has(c.id)) members.set(c.id, new Map());
    members.get(c.id).set(u.id, {
      channel_id: c.id,
      user_id: u.id,
      roles: admin ? 'channel_user channel_admin' : 'channel_user',
      scheme_user: true,
      scheme_admin: admin,
      last_viewed_at: 0,
      msg_count: 0,
      mention_count: 0,
      notify_props: {},
      last_update_at: Date.now(),
    });
  };
  for (const c of [town, priv]) {
    join(c, bot);
    join(c, users.ana, true);
    join(c, users.ben);
  }
  join(dm, bot);
  join(dm, users.ana);
  join(lonely, users.ana, true);
  for (const u of [bot, users.ana, users.ben]) join(group, u);
  const teamMembers = new Map(
    [bot, users.ana, users.ben, users.admin].map((u) => [
      u.id,
      {
        team_id: team.id,
        user_id: u.id,
        roles: 'team_user',
        scheme_user: true,
        scheme_admin: false,
        delete_at: 0,
      },
    ]),
  );
  return {
    team,
    bot,
    users,
    channels,
    members,
    teamMembers,
    town,
    priv,
    dm,
    lonely,
    group,
    join,
    /** token -> user id */
    tokens: new Map([[o.botToken ?? 'bot-token-0123456789abcdefghijkl', bot.id]]),
    commandToken: o.commandToken ?? 'cmdtoken0123456789abcdefgh',
    posts: new Map(),
    files: new Map(),
    /** hook id -> { channel_id, user_id, root_id, uses, created } */
    hooks: new Map(),
    /** pending_post_id -> post id (Mattermost keeps them 30 s) */
    pending: new Map(),
    userById(id) {
      return [bot, ...Object.values(users)].find((u) => u.id === id) ?? null;
    },
    isMember(channelId, userId) {
      return members.get(channelId)?.has(userId) ?? false;
    },
  };
}

/** Mattermost's AppError as it reaches a client. */
export function appError(status, id, message, detailed = '') {
  return { id, message, detailed_error: detailed, request_id: newId(), status_code: status };
}

/** A post as the API returns it, with its files' info in the metadata. */
export function postView(world, p) {
  const files = (p.file_ids ?? []).map((id) => world.files.get(id)?.info).filter(Boolean);
  return { ...p, metadata: files.length ? { files } : {} };
}
