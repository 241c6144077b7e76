// The fake Mattermost's WebSocket (/api/v4/websocket), after Mattermost's WebSocket API:
// a client authenticates with an `authentication_challenge` carrying its token (or a
// bearer token on the upgrade) and is answered {status: 'OK', seq_reply}; then the
// server says `hello` (seq 0) and sends every event as {event, data, broadcast, seq}
// with seq counting up per connection. `posted` carries the post as a JSON string and
// the mentioned user ids as a JSON array; `ping` is answered with pong.
import { WebSocketServer } from 'ws';
import { newId, postView } from './world.mjs';

export function createSocket(world, server) {
  const wss = new WebSocketServer({ server, path: '/api/v4/websocket' });
  /** Authenticated connections: { ws, userId, seq } */
  const open = new Set();
  const log = [];

  wss.on('connection', (ws, req) => {
    const conn = { ws, userId: null, seq: 0, id: newId() };
    const welcome = (userId) => {
      conn.userId = userId;
      open.add(conn);
      send(
        conn,
        'hello',
        { server_version: '10.5.0.fake', connection_id: conn.id, server_hostname: 'fake' },
        { user_id: userId },
      );
    };
    const auth = String(req.headers.authorization ?? '');
    const headerUser = auth.toLowerCase().startsWith('bearer ') ? world.tokens.get(auth.slice(7)) : undefined;
    if (headerUser) welcome(headerUser);
    ws.on('message', (raw) => {
      let msg;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      log.push(msg);
      if (msg.action === 'authentication_challenge') {
        const userId = world.tokens.get(msg.data?.token ?? '');
        if (!userId) {
          ws.send(
            JSON.stringify({
              status: 'FAIL',
              seq_reply: msg.seq,
              error: {
                id: 'api.web_socket_router.not_authenticated.app_error',
                message: 'Invalid or expired session, please login again.',
                status_code: 401,
              },
            }),
          );
          return;
        }
        ws.send(JSON.stringify({ status: 'OK', seq_reply: msg.seq }));
        if (!conn.userId) welcome(userId);
        return;
      }
      if (!conn.userId) return;
      if (msg.action === 'ping')
        ws.send(
          JSON.stringify({
            status: 'OK',
            seq_reply: msg.seq,
            data: { text: 'pong', version: '10.5.0.fake', server_time: Date.now() },
          }),
        );
      else ws.send(JSON.stringify({ status: 'OK', seq_reply: msg.seq }));
    });
    ws.on('close', () => open.delete(conn));
  });

  function send(conn, event, data, broadcast = {}) {
    const envelope = {
      event,
      data,
      broadcast: { omit_users: null, user_id: '', channel_id: '', team_id: '', ...broadcast },
      seq: conn.seq++,
    };
    conn.ws.send(JSON.stringify(envelope));
  }

  const toChannel = (channelId, event, data) => {
    for (const conn of open)
      if (world.isMember(channelId, conn.userId)) send(conn, event, data, { channel_id: channelId });
  };

  return {
    log,
    get connections() {
      return open.size;
    },
    posted(post, user, o = {}) {
      const c = world.channels.get(post.channel_id);
      const mentioned = [...(world.members.get(post.channel_id)?.keys() ?? [])].filter((id) => {
        const name = world.userById(id)?.username;
        return (
          name && id !== user.id && new RegExp(`(^|[^\\w.-])@${name}($|[^\\w-])`, 'i').test(post.message)
        );
      });
      toChannel(post.channel_id, 'posted', {
        channel_display_name: c.display_name,
        channel_name: c.name,
        channel_type: c.type,
        post: JSON.stringify(o.withoutFileInfo ? { ...post, metadata: {} } : postView(world, post)),
        sender_name: `@${user?.username ?? 'someone'}`,
        set_online: true,
        team_id: c.team_id,
        ...(mentioned.length && { mentions: JSON.stringify(mentioned) }),
      });
    },
    edited(post) {
      toChannel(post.channel_id, 'post_edited', { post: JSON.stringify(postView(world, post)) });
    },
    deleted(post) {
      toChannel(post.channel_id, 'post_deleted', { post: JSON.stringify(postView(world, post)) });
    },
    ephemeral(userId, post) {
      for (const conn of open)
        if (conn.userId === userId)
          send(conn, 'ephemeral_message', { post: JSON.stringify(post) }, { user_id: userId });
    },
    /** Drops every connection (the client reconnects). */
    dropAll() {
      for (const conn of open) conn.ws.terminate();
    },
    close() {
      for (const conn of open) conn.ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
