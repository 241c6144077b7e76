// The Web API methods the fake Slack answers, on the fake's state. Each returns the
// JSON body Slack would send; message methods refuse what Slack refuses.
import { checkMessage } from './block-limits.mjs';

const APP_TOKEN_METHODS = new Set(['apps.connections.open']);

export function answer(fake, method, args, token) {
  const needs = APP_TOKEN_METHODS.has(method) ? fake.appToken : fake.botToken;
  if (token !== needs) return { ok: false, error: 'invalid_auth' };
  const handler = METHODS[method];
  return handler ? handler(fake, args) : { ok: true, warning: 'method_not_faked' };
}

function postable(fake, channel) {
  if (!channel) return 'channel_not_found';
  if (fake.notInChannel.has(channel)) return 'not_in_channel';
  return null;
}

/** Message metadata as Slack takes it: an event_type and an event_payload object. */
function checkMetadata(metadata) {
  if (metadata === undefined) return null;
  if (
    typeof metadata !== 'object' ||
    metadata === null ||
    typeof metadata.event_type !== 'string' ||
    metadata.event_type === '' ||
    typeof metadata.event_payload !== 'object' ||
    metadata.event_payload === null ||
    Array.isArray(metadata.event_payload)
  )
    return 'invalid_metadata_format';
  return null;
}

const METHODS = {
  'auth.test': (fake) => ({
    ok: true,
    url: 'https://fake.slack.com/',
    team: 'Fake Team',
    user: 'crashbot',
    team_id: fake.teamId,
    user_id: fake.botUserId,
    bot_id: fake.botId,
  }),
  'apps.connections.open': (fake) => ({
    ok: true,
    url: `${fake.url.replace('http', 'ws')}/link/?ticket=${fake.nextId('W')}`,
  }),
  'chat.postMessage': (fake, args) => {
    const error = postable(fake, args.channel) ?? checkMessage(args) ?? checkMetadata(args.metadata);
    if (error) return { ok: false, error };
    const ts = fake.nextTs();
    const message = {
      ts,
      text: args.text,
      blocks: args.blocks,
      thread_ts: args.thread_ts,
      bot_id: fake.botId,
      ...(args.metadata && { metadata: args.metadata }),
    };
    fake.messagesIn(args.channel).push(message);
    return { ok: true, channel: args.channel, ts, message };
  },
  'chat.update': (fake, args) => {
    const message = fake.messagesIn(args.channel).find((m) => m.ts === args.ts);
    if (!message) return { ok: false, error: 'message_not_found' };
    const error = checkMessage(args);
    if (error) return { ok: false, error };
    Object.assign(message, { text: args.text, blocks: args.blocks, edited: true });
    return { ok: true, channel: args.channel, ts: args.ts, text: args.text };
  },
  'chat.delete': (fake, args) => {
    const list = fake.messagesIn(args.channel);
    const i = list.findIndex((m) => m.ts === args.ts);
    if (i < 0) return { ok: false, error: 'message_not_found' };
    list.splice(i, 1);
    return { ok: true, channel: args.channel, ts: args.ts };
  },
  'chat.postEphemeral': (fake, args) => {
    const error =
      postable(fake, args.channel) ?? checkMessage(args, (id) => fake.shared.some((f) => f.id === id));
    return error ? { ok: false, error } : { ok: true, message_ts: fake.nextTs() };
  },
  'conversations.join': (fake, args) => {
    if (fake.privateChannels.has(args.channel))
      return { ok: false, error: 'method_not_supported_for_channel_type' };
    fake.notInChannel.delete(args.channel);
    return { ok: true, channel: { id: args.channel } };
  },
  'conversations.info': (fake, args) => {
    const id = args.channel;
    if (!id) return { ok: false, error: 'channel_not_found' };
    const is_mpim = fake.groupDms.has(id);
    const is_im = id.startsWith('D');
    return {
      ok: true,
      channel: {
        id,
        is_channel: !is_mpim && !is_im && !fake.privateChannels.has(id),
        is_group: fake.privateChannels.has(id),
        is_im,
        is_mpim,
        is_private: is_mpim || is_im || fake.privateChannels.has(id),
        is_member: !fake.notInChannel.has(id),
        ...(!is_im && { creator: fake.creators.get(id) ?? 'U0SOMEONE' }),
      },
    };
  },
  'users.info': (fake, args) => {
    if (!args.user) return { ok: false, error: 'user_not_found' };
    const role = fake.roles.get(args.user);
    return {
      ok: true,
      user: {
        id: args.user,
        team_id: fake.teamId,
        name: args.user.toLowerCase(),
        is_admin: role === 'admin' || role === 'owner' || role === 'primary_owner',
        is_owner: role === 'owner' || role === 'primary_owner',
        is_primary_owner: role === 'primary_owner',
        is_bot: false,
      },
    };
  },
  'conversations.history': (fake, args) => {
    if (fake.notInChannel.has(args.channel)) return { ok: false, error: 'not_in_channel' };
    const all = fake.messagesIn(args.channel).filter((m) => !m.thread_ts || m.thread_ts === m.ts);
    const withMeta = String(args.include_all_metadata) === 'true';
    const messages = all
      .slice()
      .reverse()
      .map(({ metadata, ...m }) => (withMeta && metadata ? { ...m, metadata } : m));
    return { ok: true, messages: messages.slice(0, Number(args.limit) || 100), has_more: false };
  },
  // The parent first, then its replies oldest first, `limit` a page (1000 at most); metadata
  // only with include_all_metadata; further pages through response_metadata.next_cursor.
  'conversations.replies': (fake, args) => {
    if (fake.notInChannel.has(args.channel)) return { ok: false, error: 'not_in_channel' };
    const thread = fake.messagesIn(args.channel).filter((m) => m.ts === args.ts || m.thread_ts === args.ts);
    if (thread.length === 0) return { ok: false, error: 'thread_not_found' };
    const withMeta = String(args.include_all_metadata) === 'true';
    const limit = Math.min(Number(args.limit) || 1000, 1000);
    const from = args.cursor ? Number(Buffer.from(String(args.cursor), 'base64').toString().slice(5)) : 0;
    if (!Number.isInteger(from) || from < 0) return { ok: false, error: 'invalid_cursor' };
    const page = thread
      .slice(from, from + limit)
      .map(({ metadata, ...m }) => (withMeta && metadata ? { ...m, metadata } : m));
    const more = from + limit < thread.length;
    return {
      ok: true,
      messages: page,
      has_more: more,
      ...(more && {
        response_metadata: { next_cursor: Buffer.from(`next:${from + limit}`).toString('base64') },
      }),
    };
  },
  'files.info': (fake, args) => {
    const file = fake.hosted.get(args.file);
    return file ? { ok: true, file: file.meta } : { ok: false, error: 'file_not_found' };
  },
  'files.getUploadURLExternal': (fake, args) => {
    if (!args.filename || !Number(args.length)) return { ok: false, error: 'invalid_arguments' };
    const id = fake.nextId('F');
    fake.pendingUploads.set(id, { filename: args.filename, length: Number(args.length), alt: args.alt_text });
    return { ok: true, upload_url: `${fake.url}/upload/${id}`, file_id: id };
  },
  'files.completeUploadExternal': (fake, args) => {
    const files = Array.isArray(args.files) ? args.files : [];
    if (files.length === 0 || files.some((f) => !fake.uploads.some((u) => u.id === f.id))) {
      return { ok: false, error: 'invalid_arguments' };
    }
    const error = args.channel_id ? postable(fake, args.channel_id) : null;
    if (error) return { ok: false, error };
    for (const f of files) {
      const pending = fake.pendingUploads.get(f.id);
      fake.shared.push({
        id: f.id,
        title: f.title,
        channel: args.channel_id,
        thread_ts: args.thread_ts,
        ...pending,
      });
    }
    return { ok: true, files: files.map((f) => ({ id: f.id, title: f.title })) };
  },
};
