// The fake Discord's channels and their messages: created, edited and deleted as
// Discord does it, validated as Discord validates them (limits, empty messages, a
// reply to a message that is not there), uploaded files kept for download, and a
// repeated nonce with enforce_nonce answered with the first message.
import { error, ok } from './answers.mjs';
import { messageProblem } from './validate.mjs';
import { snowflake } from './world.mjs';

export function createChannels(world, baseUrl, state) {
  const channelOf = (id) =>
    world.channels.find((c) => c.id === id) ??
    world.joinedChannels.find((c) => c.id === id) ??
    world.threads.find((t) => t.id === id) ??
    (world.dmChannel.id === id ? world.dmChannel : null);
  const messagesOf = (id) => {
    if (!state.messages.has(id)) state.messages.set(id, new Map());
    return state.messages.get(id);
  };

  function storeFiles(files, described = []) {
    return files.map((f, i) => {
      const id = snowflake();
      state.attachments.set(id, { name: f.name, body: f.data, contentType: f.contentType });
      return {
        id,
        filename: f.name,
        size: f.data.length,
        url: `${baseUrl()}/attachments/${id}/${f.name}`,
        proxy_url: `${baseUrl()}/attachments/${id}/${f.name}`,
        content_type: f.contentType,
        ...(described[i]?.description ? { description: described[i].description } : {}),
      };
    });
  }

  function createMessage(channelId, body, files, extra = {}) {
    const channel = channelOf(channelId);
    if (!channel) return error(404, 10003, 'Unknown Channel');
    const problem = messageProblem(body, files.length);
    if (problem) return error(400, problem.code, problem.message);
    const ref = body.message_reference;
    if (ref && !messagesOf(channelId).has(ref.message_id) && ref.fail_if_not_exists !== false)
      return error(400, 50035, 'Invalid Form Body: message_reference: Unknown message');
    const nonceKey = body.nonce !== undefined ? `${channelId}:${body.nonce}` : null;
    if (nonceKey && body.enforce_nonce && state.nonces.has(nonceKey)) return ok(state.nonces.get(nonceKey));
    const message = {
      id: snowflake(),
      channel_id: channelId,
      ...(channel.guild_id ? { guild_id: channel.guild_id } : {}),
      author: world.bot,
      content: body.content ?? '',
      embeds: body.embeds ?? [],
      components: body.components ?? [],
      attachments: storeFiles(files, body.attachments),
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: false,
      type: ref && messagesOf(channelId).has(ref.message_id) ? 19 : 0,
      flags: body.flags ?? 0,
      ...(ref && messagesOf(channelId).has(ref.message_id)
        ? { message_reference: { ...ref, channel_id: channelId } }
        : {}),
      ...(body.nonce !== undefined ? { nonce: body.nonce } : {}),
      ...extra,
    };
    messagesOf(channelId).set(message.id, message);
    if (nonceKey) state.nonces.set(nonceKey, message);
    return ok(message);
  }

  function editMessage(channelId, messageId, body, files) {
    const existing = messagesOf(channelId).get(messageId);
    if (!existing) return error(404, 10008, 'Unknown Message');
    if (existing.author.id !== world.bot.id)
      return error(403, 50005, 'Cannot edit a message authored by another user');
    const kept = body.attachments
      ? existing.attachments.filter((a) => body.attachments.some((b) => String(b.id) === a.id))
      : existing.attachments;
    const next = {
      ...existing,
      ...(body.content !== undefined ? { content: body.content ?? '' } : {}),
      ...(body.embeds !== undefined ? { embeds: body.embeds ?? [] } : {}),
      ...(body.components !== undefined ? { components: body.components ?? [] } : {}),
      attachments: [...kept, ...storeFiles(files)],
      edited_timestamp: new Date().toISOString(),
    };
    const problem = messageProblem(next, next.attachments.length);
    if (problem) return error(400, problem.code, problem.message);
    messagesOf(channelId).set(messageId, next);
    return ok(next);
  }

  return { channelOf, messagesOf, createMessage, editMessage };
}
