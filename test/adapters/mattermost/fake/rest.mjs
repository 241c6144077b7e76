// The fake Mattermost's REST API (/api/v4) and command webhooks (/hooks/commands), written
// from Mattermost's API reference and its handlers (server/channels/api4): a bearer token
// it does not know gets 401; a post over 16,383 characters, a bad root_id or malformed
// JSON 400; a channel the bot may not post in 403 (Mattermost checks the permission
// before it looks the channel up); a post, file or member that is not there 404; another
// user's post cannot be edited or deleted (403); an ephemeral post needs the
// create_post_ephemeral permission (system admins only). A repeated pending_post_id gets
// the post made the first time. Every request is recorded; a test can plan faults.
import { setTimeout as sleep } from 'node:timers/promises';
import { appError, MAX_MESSAGE_RUNES, newId, postView } from './world.mjs';

const json = (status, body, headers = {}) => ({ status, body, headers });
const PERMISSION = (what) =>
  json(
    403,
    appError(
      403,
      'api.context.permissions.app_error',
      'You do not have the appropriate permissions.',
      `userId=..., permission=${what}`,
    ),
  );
const NOT_FOUND = (id, message) => json(404, appError(404, id, message));
const INVALID = (name) =>
  json(
    400,
    appError(400, 'api.context.invalid_body_param.app_error', `Invalid or missing ${name} in request body.`),
  );

export function createRest(world, events) {
  const calls = [];
  const faults = [];
  const responses = [];

  async function parse(req, raw) {
    const type = req.headers['content-type'] ?? '';
    if (raw.length === 0) return { body: null, form: null };
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData();
      return { body: null, form };
    }
    if (type.startsWith('application/x-www-form-urlencoded'))
      return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), form: null };
    try {
      return { body: JSON.parse(raw.toString('utf8')), form: null };
    } catch {
      return { body: raw.toString('utf8'), form: null, bad: true };
    }
  }

  const postBy = (user, p, o = {}) => {
    const post = {
      id: newId(),
      create_at: Date.now(),
      update_at: Date.now(),
      edit_at: 0,
      delete_at: 0,
      is_pinned: false,
      user_id: user.id,
      channel_id: p.channel_id,
      root_id: p.root_id ?? '',
      original_id: '',
      message: p.message ?? '',
      type: p.type ?? '',
      props: { ...(p.props ?? {}), ...(user.is_bot && { from_bot: 'true' }) },
      hashtags: '',
      file_ids: p.file_ids ?? [],
      pending_post_id: p.pending_post_id ?? '',
      reply_count: 0,
    };
    world.posts.set(post.id, post);
    for (const id of post.file_ids) {
      const f = world.files.get(id);
      if (f) f.info.post_id = post.id;
    }
    events.posted(post, user, o);
    return post;
  };

  const validPost = (p, me) => {
    if (typeof p?.message !== 'string' && !p?.file_ids?.length) return INVALID('post');
    if ([...(p.message ?? '')].length > MAX_MESSAGE_RUNES)
      return json(
        400,
        appError(
          400,
          'model.post.is_valid.message_length.app_error',
          `Post Message property is longer than the maximum permitted length of ${MAX_MESSAGE_RUNES} characters.`,
        ),
      );
    if (p.props?.attachments !== undefined && !Array.isArray(p.props.attachments))
      return json(400, appError(400, 'model.post.is_valid.props.app_error', 'Invalid props.'));
    for (const id of p.file_ids ?? []) {
      const f = world.files.get(id);
      if (!f || f.info.user_id !== me.id)
        return json(400, appError(400, 'api.post.create_post.file_ids.app_error', 'Invalid file_ids.'));
    }
    return null;
  };

  const routes = [
    ['GET', /^\/api\/v4\/users\/me$/, (me) => json(200, me)],
    [
      'GET',
      /^\/api\/v4\/users\/(\w+)$/,
      (_me, [id]) => {
        const u = world.userById(id);
        return u ? json(200, u) : NOT_FOUND('app.user.missing_account.const', 'Unable to find the user.');
      },
    ],
    [
      'GET',
      /^\/api\/v4\/teams\/(\w+)\/members\/(\w+)$/,
      (_me, [team, user]) => {
        const m = team === world.team.id && world.teamMembers.get(user);
        return m
          ? json(200, m)
          : NOT_FOUND(
              'app.team.get_member.missing.app_error',
              'No team member found for that user ID and team ID.',
            );
      },
    ],
    [
      'GET',
      /^\/api\/v4\/channels\/(\w+)$/,
      (me, [id]) => {
        const c = world.channels.get(id);
        if (!c)
          return NOT_FOUND('app.channel.get.existing.app_error', 'Unable to find the existing channel.');
        return c.type === 'O' || world.isMember(id, me.id) ? json(200, c) : PERMISSION('read_channel');
      },
    ],
    [
      'GET',
      /^\/api\/v4\/channels\/(\w+)\/members\/(\w+)$/,
      (me, [id, user]) => {
        const c = world.channels.get(id);
        if (!c)
          return NOT_FOUND('app.channel.get.existing.app_error', 'Unable to find the existing channel.');
        if (c.type !== 'O' && !world.isMember(id, me.id)) return PERMISSION('read_channel');
        const m = world.members.get(id)?.get(user);
        return m
          ? json(200, m)
          : NOT_FOUND(
              'app.channel.get_member.missing.app_error',
              'No channel member found for that user ID and channel ID.',
            );
      },
    ],
    [
      // A direct channel of two people (one of them the caller): the one they have, or a new one.
      'POST',
      /^\/api\/v4\/channels\/direct$/,
      (me, _m, ids) => {
        if (!Array.isArray(ids) || ids.length !== 2 || !ids.includes(me.id)) return INVALID('user_ids');
        const people = ids.map((id) => world.userById(id));
        if (people.some((u) => !u))
          return NOT_FOUND('app.user.missing_account.const', 'Unable to find the user.');
        const known = [...world.channels.values()].find(
          (c) => c.type === 'D' && ids.every((id) => world.isMember(c.id, id)),
        );
        if (known) return json(201, known);
        const c = {
          id: newId(),
          team_id: '',
          type: 'D',
          name: [...ids].sort().join('__'),
          display_name: '',
          delete_at: 0,
        };
        world.channels.set(c.id, c);
        for (const u of people) world.join(c, u);
        return json(201, c);
      },
    ],
    [
      'POST',
      /^\/api\/v4\/channels\/(\w+)\/members$/,
      (me, [id], body) => {
        const c = world.channels.get(id);
        if (!c)
          return NOT_FOUND('app.channel.get.existing.app_error', 'Unable to find the existing channel.');
        if (c.type !== 'O' || body?.user_id !== me.id) return PERMISSION('manage_private_channel_members');
        world.join(c, me);
        return json(201, world.members.get(id).get(me.id));
      },
    ],
    [
      'GET',
      /^\/api\/v4\/channels\/(\w+)\/posts$/,
      (me, [id], _b, q) => {
        if (!world.isMember(id, me.id)) return PERMISSION('read_channel_content');
        const since = Number(q.since ?? 0);
        const posts = [...world.posts.values()].filter(
          (p) => p.channel_id === id && p.update_at >= since && !p.delete_at,
        );
        return json(200, {
          order: posts.map((p) => p.id).reverse(),
          posts: Object.fromEntries(posts.map((p) => [p.id, postView(world, p)])),
          next_post_id: '',
          prev_post_id: '',
        });
      },
    ],
    [
      'POST',
      /^\/api\/v4\/posts$/,
      (me, _m, p) => {
        if (!world.channels.has(p?.channel_id) || !world.isMember(p.channel_id, me.id)) {
          const c = world.channels.get(p?.channel_id);
          if (!(c?.type === 'O')) return PERMISSION('create_post');
        }
        const bad = validPost(p, me);
        if (bad) return bad;
        const root = p.root_id && world.posts.get(p.root_id);
        if (p.root_id && (!root || root.channel_id !== p.channel_id || root.delete_at))
          return json(
            400,
            appError(400, 'api.post.create_post.root_id.app_error', 'Invalid RootId parameter.'),
          );
        const seen = p.pending_post_id && world.pending.get(p.pending_post_id);
        if (seen && Date.now() - seen.at < 30_000)
          return json(201, postView(world, world.posts.get(seen.id)));
        const post = postBy(me, p);
        if (p.pending_post_id) world.pending.set(p.pending_post_id, { id: post.id, at: Date.now() });
        return json(201, postView(world, post));
      },
    ],
    [
      'POST',
      /^\/api\/v4\/posts\/ephemeral$/,
      (me, _m, b) => {
        if (!me.roles.includes('system_admin')) return PERMISSION('create_post_ephemeral');
        if (!b?.user_id || !b?.post) return INVALID('user_id');
        const post = {
          id: newId(),
          create_at: Date.now(),
          user_id: me.id,
          type: 'system_ephemeral',
          ...b.post,
        };
        events.ephemeral(b.user_id, post);
        return json(201, post);
      },
    ],
    [
      'GET',
      /^\/api\/v4\/posts\/(\w+)$/,
      (me, [id]) => {
        const p = world.posts.get(id);
        if (!p || p.delete_at) return NOT_FOUND('app.post.get.app_error', 'Unable to get the post.');
        return world.isMember(p.channel_id, me.id)
          ? json(200, postView(world, p))
          : PERMISSION('read_channel_content');
      },
    ],
    [
      'PUT',
      /^\/api\/v4\/posts\/(\w+)\/patch$/,
      (me, [id], patch) => {
        const p = world.posts.get(id);
        if (!p || p.delete_at) return NOT_FOUND('app.post.get.app_error', 'Unable to get the post.');
        if (p.user_id !== me.id) return PERMISSION('edit_others_posts');
        if (patch?.message !== undefined && [...patch.message].length > MAX_MESSAGE_RUNES)
          return json(
            400,
            appError(
              400,
              'model.post.is_valid.message_length.app_error',
              'Post Message property is longer than the maximum permitted length.',
            ),
          );
        if (patch?.message !== undefined) p.message = patch.message;
        if (patch?.props !== undefined) p.props = patch.props;
        p.edit_at = p.update_at = Date.now();
        events.edited(p);
        return json(200, postView(world, p));
      },
    ],
    [
      'DELETE',
      /^\/api\/v4\/posts\/(\w+)$/,
      (me, [id]) => {
        const p = world.posts.get(id);
        if (!p || p.delete_at) return NOT_FOUND('app.post.get.app_error', 'Unable to get the post.');
        if (p.user_id !== me.id) return PERMISSION('delete_others_posts');
        p.delete_at = Date.now();
        events.deleted(p);
        return json(200, { status: 'OK' });
      },
    ],
    [
      'GET',
      /^\/api\/v4\/posts\/(\w+)\/files\/info$/,
      (_me, [id]) => {
        const p = world.posts.get(id);
        return p
          ? json(200, postView(world, p).metadata.files ?? [])
          : NOT_FOUND('app.post.get.app_error', 'Unable to get the post.');
      },
    ],
    [
      'POST',
      /^\/api\/v4\/files$/,
      async (me, _m, _b, _q, form) => {
        const channel = form?.get('channel_id');
        if (!form || !channel) return INVALID('channel_id');
        if (!world.isMember(channel, me.id)) return PERMISSION('upload_file');
        const infos = [];
        for (const f of form.getAll('files')) {
          if (typeof f === 'string') continue;
          infos.push(addFile(world, me, channel, f.name, Buffer.from(await f.arrayBuffer()), f.type).info);
        }
        if (infos.length === 0) return INVALID('files');
        return json(201, { file_infos: infos, client_ids: [] });
      },
    ],
    [
      'GET',
      /^\/api\/v4\/files\/(\w+)\/info$/,
      (_me, [id]) => {
        const f = world.files.get(id);
        return f
          ? json(200, f.info)
          : NOT_FOUND('app.file_info.get.app_error', 'Unable to get the file info.');
      },
    ],
    [
      'GET',
      /^\/api\/v4\/files\/(\w+)$/,
      (_me, [id]) => {
        const f = world.files.get(id);
        if (!f) return NOT_FOUND('app.file_info.get.app_error', 'Unable to get the file info.');
        return {
          status: 200,
          raw: f.data,
          headers: {
            'content-type': f.info.mime_type || 'application/octet-stream',
            'content-disposition': `attachment;filename="${f.info.name}"`,
          },
        };
      },
    ],
  ];

  const hook = (id, body) => {
    const h = world.hooks.get(id);
    if (!h || Date.now() - h.created > 30 * 60_000)
      return NOT_FOUND('app.command_webhook.get.missing', 'Unable to find the webhook.');
    if (h.uses >= 5)
      return json(400, appError(400, 'app.command_webhook.try_use.invalid', 'Invalid webhook.'));
    if (typeof body !== 'object' || body === null)
      return json(
        400,
        appError(400, 'web.command_webhook.parse.app_error', 'Unable to parse incoming data.'),
      );
    h.uses++;
    responses.push({ hook: id, ...h, body });
    if (body.response_type === 'in_channel')
      events.posted(
        (() => {
          const p = {
            id: newId(),
            create_at: Date.now(),
            update_at: Date.now(),
            delete_at: 0,
            user_id: h.user_id,
            channel_id: h.channel_id,
            root_id: h.root_id,
            message: body.text ?? '',
            type: '',
            props: { from_webhook: 'true', attachments: body.attachments ?? [] },
            file_ids: [],
          };
          world.posts.set(p.id, p);
          return p;
        })(),
        world.userById(h.user_id),
      );
    return { status: 200, raw: Buffer.from('ok'), headers: { 'content-type': 'text/plain' } };
  };

  async function answer(req, raw) {
    const call = {};
    const result = await respond(req, raw, call);
    call.result = result;
    return result;
  }

  async function respond(req, raw, call) {
    const url = new URL(req.url, 'http://fake');
    const { body, form, bad } = await parse(req, raw);
    Object.assign(call, {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      at: Date.now(),
    });
    calls.push(call);
    const fault = faults.find((f) => f.times > 0 && f.method === req.method && f.path.test(url.pathname));
    if (fault) {
      fault.times--;
      if (fault.delayMs) await sleep(fault.delayMs);
      if (fault.status === 429)
        return {
          status: 429,
          raw: Buffer.from('limit exceeded\n'),
          headers: {
            'content-type': 'text/plain',
            'retry-after': String(fault.retryAfter ?? 0),
            'x-ratelimit-limit': '10',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(fault.retryAfter ?? 0),
          },
        };
      if (fault.status) return json(fault.status, appError(fault.status, 'fake.fault', 'planned failure'));
    }
    if (url.pathname.startsWith('/hooks/commands/') && req.method === 'POST')
      return hook(url.pathname.slice('/hooks/commands/'.length), body);
    if (!url.pathname.startsWith('/api/v4/'))
      return NOT_FOUND('api.context.404.app_error', 'Sorry, we could not find the page.');
    const auth = String(req.headers.authorization ?? '');
    const token = auth.toLowerCase().startsWith('bearer ') ? auth.slice(7) : '';
    const me = world.userById(world.tokens.get(token) ?? '');
    if (!me)
      return json(
        401,
        appError(
          401,
          'api.context.session_expired.app_error',
          'Invalid or expired session, please login again.',
          'token_error',
        ),
      );
    if (bad) return INVALID('body');
    for (const [method, re, handle] of routes) {
      const m = re.exec(url.pathname);
      if (!m) continue;
      if (method !== req.method) continue;
      return await handle(me, m.slice(1), body, call.query, form);
    }
    return json(405, appError(405, 'api.context.405.app_error', 'Method not allowed.'));
  }

  return {
    calls,
    responses,
    /** The next `times` requests matching method and path answer with `status` (429: Retry-After `retryAfter` s). */
    fail(method, path, f, times = 1) {
      faults.push({ method, path, ...f, times });
    },
    async handle(req, res) {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const r = await answer(req, Buffer.concat(chunks));
      const out = r.raw ?? Buffer.from(JSON.stringify(r.body));
      res.writeHead(r.status, {
        'content-type': 'application/json',
        ...r.headers,
        'content-length': out.length,
      });
      res.end(out);
    },
    postBy,
  };
}

export function addFile(world, user, channelId, name, data, mime) {
  const dot = name.lastIndexOf('.');
  const info = {
    id: newId(),
    user_id: user.id,
    channel_id: channelId,
    post_id: '',
    create_at: Date.now(),
    update_at: Date.now(),
    delete_at: 0,
    name,
    extension: dot >= 0 ? name.slice(dot + 1) : '',
    size: data.length,
    mime_type: mime ?? '',
    width: 0,
    height: 0,
    has_preview_image: false,
  };
  const f = { info, data };
  world.files.set(info.id, f);
  return f;
}
