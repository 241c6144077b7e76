// One driver per platform for the parity scenarios: each does what a person does there
// (mention the bot with a paste or files, edit, use /crash, paste in a listening channel)
// against that platform's fake server, and reads back what the bot posted as a title and
// the text a reader sees. The scenarios (parity.test.ts) are written once over both.
import { snowflake } from '../discord/fake/index.mjs';
import { embedText, startHarness as startDiscord } from '../discord/harness.js';
import { type FakePost, newId } from '../mattermost/fake/index.mjs';
import { startHarness as startMattermost } from '../mattermost/harness.js';
import { blockText, headerOf, pause, posts, waitForPosts, waitForResponse } from '../slack/expect.js';
import { startHarness as startSlack } from '../slack/harness.js';
import { CHANNEL, command, mention, message, edit as slackEdit, USER } from '../slack/payloads.js';

export interface Shown {
  title: string;
  text: string;
}

export interface FileSpec {
  name: string;
  content: string | Uint8Array;
  mime: string;
}

export interface Driver {
  readonly name: 'slack' | 'discord' | 'mattermost';
  /** Posts a message mentioning the bot; returns a handle to it. */
  mention(text: string, files?: FileSpec[]): Promise<string>;
  /** Posts a message without a mention (listening). */
  paste(text: string): Promise<string>;
  edit(handle: string, text: string): Promise<void>;
  /** The bot's answers to a message, first to last, once `count` are there. */
  answers(handle: string, count?: number): Promise<Shown[]>;
  /** The answers to a message after everything sent before now was handled. */
  settledAnswers(handle: string): Promise<Shown[]>;
  /** The latest version of the bot's answer to a message after an edit. */
  updated(handle: string): Promise<Shown>;
  /** `/crash <text>` in the shared syntax; returns the answer and whether it was private. */
  crash(text: string): Promise<Shown & { private: boolean }>;
  /** The next post to the bot's replies fails with a 429 (the SDK waits and retries). */
  rateLimitNextReply(): void;
  /** How many times the bot tried to post an answer to a message. */
  attempts(handle: string): number;
  stop(): Promise<void>;
}

let sentinels = 0;

export interface DriverOptions {
  limits?: Parameters<typeof startSlack>[0]['limits'];
}

export async function slackDriver(o: DriverOptions = {}): Promise<Driver> {
  const h = await startSlack({ transport: 'http', ...(o.limits && { limits: o.limits }) });
  // The one who runs the commands created the channel: Slack lets them change its settings.
  h.fake.creators.set(CHANNEL, USER);
  const texts = new Map<string, string>();
  const shown = (blocks: unknown[] | undefined): Shown => ({
    title: headerOf(blocks as never) ?? '',
    text: blockText(blocks as never),
  });
  const send = async (ev: ReturnType<typeof message>, text: string) => {
    texts.set(ev.ts, text);
    await h.event(ev);
    return ev.ts;
  };
  return {
    name: 'slack',
    mention: (text, files = []) =>
      send(
        mention({
          text,
          files: files.map((f) => h.fake.hostFile({ name: f.name, content: f.content, mimetype: f.mime })),
        }),
        text,
      ),
    paste: (text) => send(message({ text }), text),
    async edit(ts, text) {
      await h.event(slackEdit({ ts, previous: texts.get(ts) ?? '', text }));
      texts.set(ts, text);
    },
    answers: async (ts, count = 1) =>
      (await waitForPosts(h.fake, ts, count)).map((p) => shown(p.args.blocks)),
    async settledAnswers(ts) {
      // From someone new each time: abuse limits count per person.
      const sentinel = await send(
        mention({ text: 'Killed', channel: 'C0SENTINEL', user: `U0S${++sentinels}` }),
        'Killed',
      );
      await waitForPosts(h.fake, sentinel);
      await pause(50);
      return posts(h.fake, ts).map((p) => shown(p.args.blocks));
    },
    async updated(ts) {
      const reply = posts(h.fake, ts)[0]?.result?.ts;
      const update = await h.fake.waitFor(() =>
        h.fake.callsTo('chat.update').findLast((c) => c.args.ts === reply),
      );
      return shown(update.args.blocks);
    },
    async crash(text) {
      const before = h.fake.responses.length;
      await h.command(command(text, h.fake.responseUrl()));
      const body = await waitForResponse(h.fake, before + 1);
      return { ...shown(body.blocks), private: body.response_type === 'ephemeral' };
    },
    rateLimitNextReply: () => h.fake.fail('chat.postMessage', { status: 429, retryAfter: 0 }, 1),
    attempts: (ts) => h.fake.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === ts).length,
    stop: () => h.stop(),
  };
}

/** `/crash <text>` as Discord's subcommand and options. */
function discordCommand(text: string): [string, Record<string, string | boolean>] {
  const [first = 'help', second, ...rest] = text.split(/\s+/);
  if (first === 'listen') return ['listen', { state: second ?? 'on' }];
  if (first === 'summary' && second)
    return ['summaries', { state: second, ...(rest[0] && { day: rest[0], time: rest[1] ?? '' }) }];
  if (first === 'summary') return ['summary', {}];
  if (first === 'help') return ['help', {}];
  return ['code', { code: first, ...(second === 'public' && { public: true }) }];
}

export async function discordDriver(o: DriverOptions = {}): Promise<Driver> {
  const h = await startDiscord({ messageContent: true, ...(o.limits && { limits: o.limits }) });
  const sent = new Map<string, Record<string, unknown>>();
  const shown = (body: Record<string, unknown> | null | undefined): Shown => {
    const embeds = (body?.embeds ?? []) as { title?: string; footer?: { text?: string } }[];
    const footers = embeds.map((e) => e.footer?.text ?? '').join('\n');
    return {
      title: embeds[0]?.title ?? String(body?.content ?? '').split('\n')[0] ?? '',
      text: `${embedText(body ?? null)}\n${String(body?.content ?? '')}\n${footers}`,
    };
  };
  const replies = (id: string) =>
    h.fake.rest.calls.filter(
      (c) => c.method === 'POST' && c.status === 200 && c.body?.message_reference?.message_id === id,
    );
  return {
    name: 'discord',
    async mention(text, files = []) {
      const attachments = files.map((f) => h.fake.addAttachment(f.name, f.content, { contentType: f.mime }));
      const m = h.fake.postMessage({ mentionBot: true, content: text, attachments });
      sent.set(m.id, m);
      return m.id;
    },
    async paste(text) {
      const m = h.fake.postMessage({ content: text });
      sent.set(m.id, m);
      return m.id;
    },
    async edit(id, text) {
      const m = sent.get(id);
      if (!m) throw new Error(`no message ${id}`);
      const mentioned = (m.mentions as unknown[] | undefined)?.length;
      h.fake.editMessage(m, mentioned ? `<@${h.fake.world.bot.id}> ${text}` : text);
    },
    async answers(id, count = 1) {
      const until = Date.now() + 5_000;
      while (replies(id).length < count) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${count} answer(s) to ${id}`);
        await pause(20);
      }
      return replies(id).map((c) => shown(c.body));
    },
    async settledAnswers(id) {
      // From someone new each time: abuse limits count per person.
      const author = { ...h.fake.world.users.ben, id: snowflake(), username: `sentinel${++sentinels}` };
      const sentinel = h.fake.postMessage({ mentionBot: true, content: 'Killed', author });
      await h.replyTo(sentinel.id);
      await pause(50);
      return replies(id).map((c) => shown(c.body));
    },
    async updated(id) {
      const reply = replies(id)[0]?.response?.id;
      const edit = await h.fake.rest.waitFor(
        (c) => c.method === 'PATCH' && c.path.endsWith(`/messages/${reply}`),
      );
      return shown(edit.body);
    },
    async crash(text) {
      const [sub, options] = discordCommand(text);
      const i = h.fake.interact(h.fake.slash(sub, options, { manageChannels: true }));
      const call = await h.fake.rest.waitFor((c) => c.path === `/interactions/${i.id}/${i.token}/callback`);
      return { ...shown(call.body?.data), private: ((call.body?.data?.flags ?? 0) & 64) !== 0 };
    },
    rateLimitNextReply: () =>
      h.fake.rest.fail(
        { method: 'POST', path: `/channels/${h.fake.world.channel}/messages` },
        { status: 429, retryAfter: 0.05 },
      ),
    attempts: (id) =>
      h.fake.rest.calls.filter((c) => c.method === 'POST' && c.body?.message_reference?.message_id === id)
        .length,
    stop: () => h.close(),
  };
}

/** What a reader of a Mattermost post sees: its Markdown with the escapes rendered, and its attachments' text. */
function mattermostShown(
  p: { message?: string; text?: string; attachments?: { text?: string }[] } | undefined,
): Shown {
  const rendered = (t: string) => t.replace(/\\([\\*_[\]<>#|~])/g, '$1');
  const message = rendered(p?.message ?? p?.text ?? '');
  const first = message.split('\n')[0] ?? '';
  return {
    title: first.replace(/^#{1,6} /, ''),
    text: [message, ...(p?.attachments ?? []).map((a) => a.text ?? '')].join('\n'),
  };
}

export async function mattermostDriver(o: DriverOptions = {}): Promise<Driver> {
  const h = await startMattermost({ ...(o.limits && { limits: o.limits }) });
  const posts = new Map<string, { post: FakePost; mention: boolean }>();
  const send = (message: string, mention: boolean, files: FileSpec[] = []) => {
    const post = h.fake.post({ message: mention ? `@crashbot ${message}` : message, files });
    posts.set(post.id, { post, mention });
    return post.id;
  };
  const replies = (id: string) => h.fake.threadReplies(posts.get(id)!.post);
  const sentPosts = () =>
    h.fake.calls.filter(
      (c) => c.method === 'POST' && c.path === '/api/v4/posts' && typeof c.body === 'object',
    );
  return {
    name: 'mattermost',
    mention: async (text, files = []) => send(text, true, files),
    paste: async (text) => send(text, false),
    async edit(id, text) {
      const known = posts.get(id);
      if (!known) throw new Error(`no post ${id}`);
      h.fake.edit(known.post, known.mention ? `@crashbot ${text}` : text);
    },
    async answers(id, count = 1) {
      await h.fake.waitFor(() => replies(id).length >= count);
      return replies(id).map((p) => mattermostShown(h.fake.view(p)));
    },
    async settledAnswers(id) {
      // From someone new each time: abuse limits count per person.
      const sentinel = h.fake.world.posts.get(
        h.fake.post({
          channel: h.fake.world.priv.id,
          user: { id: newId(), username: `sentinel${++sentinels}`, roles: 'system_user', is_bot: false },
          message: '@crashbot Killed',
        }).id,
      )!;
      await h.fake.waitFor(() => h.fake.threadReplies(sentinel).length > 0);
      await pause(50);
      return replies(id).map((p) => mattermostShown(h.fake.view(p)));
    },
    async updated(id) {
      const reply = replies(id)[0]?.id;
      const patch = await h.fake.waitFor(() =>
        h.fake.calls.findLast((c) => c.method === 'PUT' && c.path === `/api/v4/posts/${reply}/patch`),
      );
      return mattermostShown(patch.body as { message: string });
    },
    async crash(text) {
      const { hook, status } = await h.slashAs(text);
      if (status !== 200) throw new Error(`the command endpoint answered ${status}`);
      const r = await h.fake.responseTo(hook);
      return { ...mattermostShown(r.body), private: r.body.response_type === 'ephemeral' };
    },
    rateLimitNextReply: () => h.fake.fail('POST', /^\/api\/v4\/posts$/, { status: 429, retryAfter: 0 }),
    attempts: (id) => sentPosts().filter((c) => (c.body as { root_id?: string }).root_id === id).length,
    stop: () => h.close(),
  };
}
