// Mentions, replies, DMs and log files, end to end: a real discord.js Client against
// the fake Discord, a real SQLite store; the assertions read what the bot sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonceFor } from '../../../src/adapters/discord/channel.js';
import type { Payload } from './fake/index.mjs';
import { embedText, type Harness, startHarness } from './harness.js';
import { DEVICE_ASSERT, HOST_OOM, PYTORCH_OOM } from './logs.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ maxLogBytes: 64 * 1024 });
});
afterAll(async () => h?.close());

const recordIdOf = (body: Payload | null) =>
  Number(String(body?.components?.[0]?.components?.[0]?.custom_id).split(':')[2]);

describe('GIVEN a log addressed to the bot', () => {
  it('GIVEN a mention with a pasted log THEN a reply to it: cause, quoted line, checks, footer, feedback buttons, and a record', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: `\`\`\`\n${PYTORCH_OOM}\`\`\`` });
    const call = await h.replyTo(m.id);
    const embed = call.body?.embeds?.[0];
    expect(call.path).toBe(`/channels/${h.fake.world.channel}/messages`);
    expect(call.body?.allowed_mentions).toEqual({ parse: [] });
    expect(embed?.title).toMatch(/^Likely cause: GPU out of memory \(\d+%\)$/);
    expect(embed?.description).toContain('torch.cuda.OutOfMemoryError: CUDA out of memory');
    expect(embed?.footer?.text).toBe('First time this crash was seen in this channel this week.');
    expect(call.body?.components?.[0]?.components?.map((b: Payload) => b.label)).toEqual([
      'Fixed it',
      'Wrong cause',
    ]);
    const record = await h.store.getRecord(recordIdOf(call.body));
    expect(record).toMatchObject({
      topCause: 'gpu-oom',
      channel: { platform: 'discord', workspace: h.fake.world.guild.id, channel: h.fake.world.channel },
      messageLink: `https://discord.com/channels/${h.fake.world.guild.id}/${h.fake.world.channel}/${m.id}`,
    });
  });

  it('GIVEN a mention THEN its reply carries a nonce made from the event, enforced, so an answer posted again after a take-over is dropped by Discord', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    const call = await h.replyTo(m.id);
    const key = `delivery:discord/${h.fake.world.guild.id}/${h.fake.world.channel}/${m.id}`;
    expect(call.body).toMatchObject({ nonce: nonceFor(key, 0), enforce_nonce: true });
    expect(String(call.body?.nonce)).toHaveLength(25);
  });

  it.each([
    [
      'a mention of its role',
      () =>
        h.fake.postMessage({
          content: `<@&${h.fake.world.guild.botRoleId}> ${DEVICE_ASSERT}`,
          mentionRoles: [h.fake.world.guild.botRoleId],
        }),
    ],
    [
      // One that answered no log (a reply to an answer follows that answer up: threads.test.ts).
      'a reply to one of its messages',
      () =>
        h.fake.postMessage({
          content: DEVICE_ASSERT,
          referenced: h.fake.postMessage({
            author: h.fake.world.bot,
            content: 'Hi, paste a log and mention me.',
          }),
        }),
    ],
    ['a direct message', () => h.fake.postMessage({ content: DEVICE_ASSERT, dm: true })],
    [
      'a mention in a thread',
      () =>
        h.fake.postMessage({
          mentionBot: true,
          content: DEVICE_ASSERT,
          channelId: h.fake.world.threads[0]!.id,
        }),
    ],
    [
      'a mention in a thread the client was never told about',
      () =>
        h.fake.postMessage({
          mentionBot: true,
          content: DEVICE_ASSERT,
          channelId: h.fake.world.threads[1]!.id,
        }),
    ],
  ])('GIVEN %s THEN the log is diagnosed, in the same channel or thread', async (_name, post) => {
    const m = post();
    const call = await h.replyTo(m.id);
    expect(call.path).toBe(`/channels/${m.channel_id}/messages`);
    expect(call.body?.embeds?.[0]?.title).toMatch(/device-side assert/i);
  });

  it('GIVEN a mention with a .log file THEN the file is downloaded from Discord and diagnosed', async () => {
    const file = h.fake.addAttachment('train.log', HOST_OOM, { contentType: 'text/plain; charset=utf-8' });
    const m = h.fake.postMessage({ mentionBot: true, content: 'this died overnight', attachments: [file] });
    const call = await h.replyTo(m.id);
    expect(h.fake.rest.calls.some((c) => c.method === 'GET' && c.path === new URL(file.url).pathname)).toBe(
      true,
    );
    expect(call.body?.embeds?.[0]?.title).toMatch(/^Likely cause: Host RAM exhausted/);
    expect(embedText(call.body)).toContain('Killed');
  });

  it('GIVEN a mention with nothing in it THEN a short note on what to send', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: '' });
    const call = await h.replyTo(m.id);
    expect(call.body?.embeds?.[0]?.title).toBe('Paste a crash log and I will diagnose it');
  });
});

describe('GIVEN a file the bot will not read', () => {
  it.each([
    [
      'larger than the cap',
      () => h.fake.addAttachment('big.log', 'x', { size: 10 * 1024 * 1024 }),
      'larger than the 64 KB I read',
    ],
    [
      'an image',
      () =>
        h.fake.addAttachment('screenshot.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), {
          contentType: 'image/png',
        }),
      'not a text file',
    ],
    [
      'binary under a .log name',
      () => h.fake.addAttachment('core.log', Buffer.alloc(2048, 0)),
      'not a text file',
    ],
    [
      'stored somewhere else',
      () => h.fake.addAttachment('x.log', HOST_OOM, { origin: 'http://127.0.0.2:9' }),
      'not stored where I may download it from',
    ],
  ])('GIVEN a file %s THEN a polite reply that says why', async (_name, make, why) => {
    const file = make();
    const m = h.fake.postMessage({ mentionBot: true, attachments: [file] });
    const call = await h.replyTo(m.id);
    expect(call.body?.embeds?.[0]?.title).toBe('I could not read the attached file');
    expect(embedText(call.body)).toContain(why);
  });

  it('GIVEN a pasted log and an unreadable file THEN the log is diagnosed and the file is named', async () => {
    const png = h.fake.addAttachment('loss.png', Buffer.from([0x89, 0x50]), { contentType: 'image/png' });
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM, attachments: [png] });
    const call = await h.replyTo(m.id);
    expect(call.body?.embeds?.[0]?.title).toMatch(/GPU out of memory/);
    expect(embedText(call.body)).toContain('`loss.png`: it is not a text file');
  });
});

describe('GIVEN messages the bot must not answer', () => {
  it('GIVEN a bot, a webhook and talk without a mention THEN no reply to any of them', async () => {
    const quiet = [
      h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM, author: h.fake.world.users.otherBot }),
      h.fake.postMessage({
        mentionBot: true,
        content: PYTORCH_OOM,
        author: h.fake.world.users.otherBot,
        webhookId: '1700000000000000001',
      }),
      h.fake.postMessage({ content: PYTORCH_OOM }),
    ];
    const sentinel = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
    await h.replyTo(sentinel.id);
    const answered = h.fake.rest.calls.filter((c) =>
      quiet.some((q) => c.body?.message_reference?.message_id === q.id),
    );
    expect(answered).toEqual([]);
  });
});

describe('GIVEN an edited message', () => {
  it('GIVEN the log in an answered message changes THEN the same reply is edited, not a new one posted', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
    const first = await h.replyTo(m.id);
    const replyId = first.response?.id as string;
    h.fake.editMessage(m, `<@${h.fake.world.bot.id}> ${PYTORCH_OOM}`);
    const edit = await h.fake.rest.waitFor(
      (c) => c.method === 'PATCH' && c.path.endsWith(`/messages/${replyId}`),
    );
    expect(edit.status).toBe(200);
    expect(edit.body?.embeds?.[0]?.title).toMatch(/GPU out of memory/);
    const posts = h.fake.rest.calls.filter(
      (c) => c.method === 'POST' && c.body?.message_reference?.message_id === m.id,
    );
    expect(posts).toHaveLength(1);
    expect(h.fake.messages().find((x) => x.id === replyId)?.embeds[0].title).toMatch(/GPU out of memory/);
  });

  it('GIVEN an update that leaves the text as it was (a link preview) THEN the reply is left alone', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
    const first = await h.replyTo(m.id);
    h.fake.editMessage(m, m.content);
    const sentinel = h.fake.postMessage({ mentionBot: true, content: HOST_OOM });
    await h.replyTo(sentinel.id);
    expect(
      h.fake.rest.calls.filter((c) => c.method === 'PATCH' && c.path.endsWith(`/${first.response?.id}`)),
    ).toEqual([]);
  });

  it('GIVEN a message edited to mention the bot THEN it is answered once', async () => {
    const m = h.fake.postMessage({ content: 'one sec, pasting the log' });
    h.fake.editMessage(m, `<@${h.fake.world.bot.id}> ${HOST_OOM}`, { mentions: [h.fake.world.bot] });
    const call = await h.replyTo(m.id);
    expect(call.body?.embeds?.[0]?.title).toMatch(/Host RAM exhausted/);
  });
});
