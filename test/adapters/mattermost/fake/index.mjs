// A fake Mattermost on 127.0.0.1 for end-to-end tests: one HTTP server for the REST API
// (/api/v4), command webhooks (/hooks/commands) and the WebSocket (/api/v4/websocket). A
// real @mattermost/client Client4 and WebSocketClient talk to it as to a server; people's
// posts, edits, deletions, slash commands and button clicks are made by the test through
// the helpers here, the way Mattermost would deliver them.
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { addFile, createRest } from './rest.mjs';
import { createSocket } from './socket.mjs';
import { createWorld, newId, postView } from './world.mjs';

export { newId };

export async function startFakeMattermost(options = {}) {
  const world = createWorld(options);
  let socket;
  const events = {
    posted: (p, u, o) => socket.posted(p, u, o),
    edited: (p) => socket.edited(p),
    deleted: (p) => socket.deleted(p),
    ephemeral: (u, p) => socket.ephemeral(u, p),
  };
  const rest = createRest(world, events);
  const server = createServer((req, res) => {
    rest.handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(err), status_code: 500 }));
    });
  });
  socket = createSocket(world, server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const userOf = (u) => (typeof u === 'string' ? world.users[u] : (u ?? world.users.ana));

  const waitFor = async (fn, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() > until) throw new Error('timed out waiting in the fake Mattermost');
      await sleep(15);
    }
  };

  return {
    world,
    url,
    botToken: [...world.tokens.keys()][0],
    commandToken: world.commandToken,
    rest,
    socket,
    calls: rest.calls,
    responses: rest.responses,
    fail: rest.fail,
    waitFor,
    /** Someone posts (with files uploaded first); a mention is `@crashbot` in the text, as in Mattermost. */
    post(o = {}) {
      const user = userOf(o.user);
      const channel = o.channel ?? world.town.id;
      const file_ids = (o.files ?? []).map((f) => {
        const data = typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : Buffer.from(f.content);
        return addFile(world, user, channel, f.name, data, f.mime).info.id;
      });
      return rest.postBy(
        user,
        {
          channel_id: channel,
          message: o.message ?? '',
          root_id: o.rootId ?? '',
          file_ids,
          props: o.props,
        },
        { withoutFileInfo: o.withoutFileInfo },
      );
    },
    /** `by` adds `who` (the bot by default) to a channel: Mattermost's system post says so. */
    addToChannel(channelId, o = {}) {
      const by = userOf(o.by);
      const who = o.who ? userOf(o.who) : world.bot;
      world.join(world.channels.get(channelId), who);
      return rest.postBy(by, {
        channel_id: channelId,
        message: `@${who.username} added to the channel by @${by.username}.`,
        type: 'system_add_to_channel',
        props: { userId: by.id, username: by.username, addedUserId: who.id, addedUsername: who.username },
      });
    },
    edit(post, message) {
      const p = world.posts.get(post.id);
      p.message = message;
      p.edit_at = p.update_at = Date.now();
      socket.edited(p);
      return p;
    },
    remove(post) {
      const p = world.posts.get(post.id);
      p.delete_at = Date.now();
      socket.deleted(p);
    },
    /** The bot's posts (not deleted), oldest first, in a channel or everywhere. */
    botPosts(channel) {
      return [...world.posts.values()].filter(
        (p) => p.user_id === world.bot.id && !p.delete_at && (!channel || p.channel_id === channel),
      );
    },
    /** The bot's posts in the thread that `post` opened or belongs to. */
    threadReplies(post) {
      const root = post.root_id || post.id;
      return [...world.posts.values()].filter(
        (p) => p.user_id === world.bot.id && !p.delete_at && p.root_id === root,
      );
    },
    view: (p) => postView(world, world.posts.get(p.id) ?? p),
    /** `/crash <text>` as Mattermost sends it to the command's Request URL; returns the HTTP answer and the response_url's id. */
    async slash(commandUrl, text, o = {}) {
      const user = userOf(o.user);
      const channel = world.channels.get(o.channel ?? world.town.id);
      const hook = newId();
      world.hooks.set(hook, {
        channel_id: channel.id,
        user_id: user.id,
        root_id: o.rootId ?? '',
        uses: 0,
        created: Date.now(),
      });
      const token = o.token ?? world.commandToken;
      const form = new URLSearchParams({
        token,
        team_id: world.team.id,
        team_domain: world.team.name,
        channel_id: channel.id,
        channel_name: channel.name,
        user_id: user.id,
        user_name: user.username,
        command: '/crash',
        text,
        trigger_id: `${newId()}:${user.id}:${Date.now()}:fake`,
        response_url: `${url}/hooks/commands/${hook}`,
      });
      const res = await fetch(commandUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Token ${token}`,
        },
        body: form.toString(),
      });
      return { status: res.status, body: await res.text(), hook };
    },
    /** Waits for the `n`th answer through a response_url. */
    responseTo: (hook, n = 1) => waitFor(() => rest.responses.filter((r) => r.hook === hook)[n - 1]),
    /** Someone clicks a button of a bot post: Mattermost posts the action's context to its integration URL. */
    async click(post, name, o = {}) {
      const p = world.posts.get(post.id);
      const action = (p.props.attachments ?? []).flatMap((a) => a.actions ?? []).find((a) => a.name === name);
      if (!action) throw new Error(`no button ${name} on the post`);
      const user = userOf(o.user);
      const res = await fetch(action.integration.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user_id: user.id,
          user_name: user.username,
          channel_id: p.channel_id,
          channel_name: world.channels.get(p.channel_id).name,
          team_id: world.team.id,
          team_domain: world.team.name,
          post_id: p.id,
          trigger_id: `${newId()}:${user.id}:${Date.now()}:fake`,
          type: '',
          data_source: '',
          context: o.context ?? action.integration.context,
        }),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    async close() {
      await socket.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
