// `/crash` and the feedback buttons through the pipeline: answered once, privately unless
// for the channel, through the interaction's handle or a fall-back; settings limited to
// channel managers where the incoming or the surface says who they are, and refused
// where no setting can act; what `listen on` promises
// matches how the surface answers.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CommandIncoming, Incoming } from '../../../src/app/conversation/incoming.js';
import { storeLimits } from '../../../src/app/conversation/limits.js';
import { silentLogger } from '../../../src/app/logger.js';
import { cleanDirs, message, type Rig, rig } from './fixture.js';

const rigs: Rig[] = [];
async function make(o: Parameters<typeof rig>[0] = {}): Promise<Rig> {
  const r = await rig(o);
  rigs.push(r);
  return r;
}
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});
afterAll(cleanDirs);

let n = 0;
const command = (r: Rig, text: string, o: Partial<CommandIncoming> = {}): CommandIncoming => ({
  kind: 'command',
  id: `c${++n}`,
  place: r.place,
  user: 'U1',
  text,
  respond: 'handle',
  ...o,
});

describe('GIVEN /crash', () => {
  it.each([
    ['137', /SIGKILL/, true],
    ['0xC0000409 public', /STATUS_STACK_BUFFER_OVERRUN/, false],
    ['code summary', /not an exit code/, true],
    ['listen maybe', /did not understand/, true],
    ['summary on monday', /did not understand/, true],
  ])('GIVEN /crash %s THEN the answer, private unless for the channel', async (text, title, isPrivate) => {
    const r = await make();
    await r.handle(command(r, text));
    const [post] = r.surface.posts();
    expect(post?.reply?.title).toMatch(title);
    expect([post?.via, post?.private]).toEqual(['respond', isPrivate]);
    expect(r.surface.begun).toBe(1);
  });

  it('GIVEN an exit code THEN the answer cites its sources, without research notes', async () => {
    const r = await make();
    await r.handle(command(r, '-1073740791'));
    const footer = r.surface.posts()[0]?.reply?.footer ?? '';
    expect(footer).toMatch(/^Sources?: /);
    expect(footer).not.toMatch(/checked locally|find_string|this machine|reproduced/);
  });

  it("GIVEN /crash help THEN the surface's own help when it has one, the shared one otherwise", async () => {
    const shared = await make();
    await shared.handle(command(shared, 'help'));
    expect(shared.surface.titles()).toEqual(['crashbot: explains GPU and ML crash logs']);
    const own = await make({ info: { help: { kind: 'help', title: 'Discord help', blocks: [] } } });
    await own.handle(command(own, ''));
    expect(own.surface.titles()).toEqual(['Discord help']);
  });

  it.each([
    ['thread', 'I will reply in a thread to pasted crash output'],
    ['reply', 'I will reply to pasted crash output'],
  ] as const)(
    'GIVEN a surface answering by %s THEN `listen on` promises what happens',
    async (replies, says) => {
      const r = await make({ info: { replies }, turnedOn: 'Invite me first.' });
      await r.handle(command(r, 'listen on'));
      const [post] = r.surface.posts();
      expect(post?.private).toBe(false);
      expect(r.surface.text(post)).toContain(says);
      expect(r.surface.text(post)).toContain('Invite me first.');
      expect(r.surface.turned).toEqual(['listening']);
      expect((await r.store.getSettings(r.place)).listening).toBe(true);
    },
  );

  it('GIVEN the summary turned on THEN the surface is told, with nothing to add', async () => {
    const r = await make();
    await r.handle(command(r, 'summary on friday 17:00'));
    expect(r.surface.turned).toEqual(['summary']);
    expect(r.surface.text(r.surface.posts()[0])).toContain('Every Friday at 17:00');
  });

  it('GIVEN someone who may not manage the channel THEN settings are refused privately and unchanged', async () => {
    const r = await make();
    await r.handle(command(r, 'listen on', { manager: false }));
    expect(r.surface.posts().map((p) => [p.reply?.title, p.private])).toEqual([
      ['Only channel managers can change this', true],
    ]);
    expect((await r.store.getSettings(r.place)).listening).toBe(false);
  });

  it.each([
    ['a manager', async () => true, 'Listening is on in this channel', true],
    ['anyone, in a direct message', async () => undefined, 'Listening is on in this channel', true],
    ['a member', async () => false, 'Only channel managers can change this', false],
    [
      'someone the platform cannot tell about',
      async (): Promise<boolean> => {
        throw new Error('missing_scope');
      },
      'Only channel managers can change this',
      false,
    ],
  ])('GIVEN the surface asked about %s THEN "%s"', async (_who, mayManage, title, changed) => {
    const r = await make({ mayManage });
    await r.handle(command(r, 'listen on'));
    expect(r.surface.titles()).toEqual([title]);
    expect(r.surface.managerChecks).toEqual(['U1']);
    expect((await r.store.getSettings(r.place)).listening).toBe(changed);
  });

  it('GIVEN commands that change no setting THEN the surface is not asked who manages the channel', async () => {
    const r = await make({ mayManage: async () => false });
    await r.handle(command(r, '137'));
    await r.handle(command(r, 'summary'));
    await r.handle(command(r, 'help'));
    expect(r.surface.managerChecks).toEqual([]);
    expect(r.surface.titles()).not.toContain('Only channel managers can change this');
  });

  it('GIVEN a surface where no setting can act (the terminal) THEN settings are not confirmed, and not changed', async () => {
    const r = await make({ info: { settings: false } });
    await r.handle(command(r, 'listen on'));
    await r.handle(command(r, 'summary on friday 17:00'));
    expect(r.surface.titles()).toEqual(['Nothing to change here', 'Nothing to change here']);
    expect(await r.store.getSettings(r.place)).toMatchObject({ listening: false, summary: false });
    expect(r.surface.turned).toEqual([]);
  });

  it('GIVEN the same interaction twice THEN one answer', async () => {
    const r = await make();
    const x = command(r, '137');
    await Promise.all([r.handle(x), r.handle(x)]);
    expect(r.surface.posts()).toHaveLength(1);
    expect(r.events.command).toEqual(['fake']);
  });

  it('GIVEN the handle failing THEN a public answer goes to the channel, a private one privately where the surface can', async () => {
    const r = await make({ privately: true });
    r.surface.failures['respond:post'] = ['gone', 'gone'];
    await r.handle(command(r, '137 public'));
    await r.handle(command(r, '137'));
    expect(r.surface.posts().map((p) => p.via)).toEqual(['at', 'privately']);
  });

  it('GIVEN no handle and a private answer THEN it is sent privately, or else in the channel', async () => {
    const withPrivate = await make({ privately: true, respond: false });
    await withPrivate.handle(command(withPrivate, '137'));
    expect(withPrivate.surface.posts().map((p) => p.via)).toEqual(['privately']);
    const plain = await make({ respond: false });
    await plain.handle(command(plain, '137'));
    expect(plain.surface.posts().map((p) => p.via)).toEqual(['at']);
  });

  it('GIVEN the work throwing THEN a private "did not work", logged and counted', async () => {
    const r = await make({
      wrapBot: (bot) => ({
        ...bot,
        handleCommand: async () => {
          throw new Error('store exploded');
        },
      }),
    });
    await r.handle(command(r, '137'));
    expect(r.surface.posts().map((p) => [p.reply?.title, p.private])).toEqual([['That did not work', true]]);
    expect(r.events.failed).toEqual(['handler']);
  });
});

describe('GIVEN the feedback buttons', () => {
  const click = (
    r: Rig,
    value: string,
    action: 'feedback-fixed' | 'feedback-wrong' = 'feedback-fixed',
  ): Incoming => ({
    kind: 'click',
    id: `k${++n}`,
    place: r.place,
    user: 'U2',
    action,
    value,
    respond: 'handle',
  });

  it('GIVEN a click on a recorded reply THEN the vote is stored and thanked privately', async () => {
    const r = await make();
    await r.handle(message(r));
    const id = r.surface.posts()[0]?.reply?.actions?.[0]?.value ?? '';
    await r.handle(click(r, id));
    await r.handle(click(r, id, 'feedback-wrong'));
    expect(
      r.surface
        .posts()
        .slice(1)
        .map((p) => [p.reply?.title, p.private]),
    ).toEqual([
      ['Thanks: marked as fixed', true],
      ['Thanks: marked as the wrong cause', true],
    ]);
  });

  it('GIVEN "Fixed it" pressed on an earlier answer to the same crash THEN the next answer says when and where it was fixed', async () => {
    const r = await make({ now: () => new Date('2026-11-18T10:00:00Z') });
    const link = 'https://example.slack.com/archives/C1/p1763460000000100';
    await r.handle(message(r, { link }));
    const before = r.surface.posts()[0]?.reply;
    expect(r.surface.text(r.surface.posts()[0])).not.toMatch(/Fixed before/);
    await r.handle(click(r, before?.actions?.[0]?.value ?? ''));
    // Someone else's paste of the same crash, later.
    await r.handle(message(r, { user: 'U3' }));
    const after = r.surface.posts().at(-1);
    expect(after?.reply?.footer).toBe('Seen 2 times in this channel this week.');
    expect(r.surface.text(after)).toContain(
      `Fixed before: on 18 Nov 2026 someone pressed "Fixed it" on the answer to this crash; what they did is in that conversation: ${link}`,
    );
  });

  it('GIVEN "Fixed it" pressed on an answer to another crash THEN the answer says nothing of it', async () => {
    const r = await make();
    await r.handle(message(r, { text: 'Segmentation fault (core dumped)' }));
    await r.handle(click(r, r.surface.posts()[0]?.reply?.actions?.[0]?.value ?? ''));
    await r.handle(message(r));
    expect(r.surface.text(r.surface.posts().at(-1))).not.toMatch(/Fixed before/);
  });

  it.each(['0', 'abc', '99999'])('GIVEN a click carrying %s THEN a polite private note', async (value) => {
    const r = await make();
    await r.handle(click(r, value));
    expect(r.surface.titles()[0]).toMatch(/out of date|no longer on record/);
  });
});

describe('GIVEN abuse limits in the store', () => {
  // One instant for every request: on the wall clock, a window's edge could fall between them.
  const limited = (perUser: number, perChannel: number, cooldownMs = 0) => ({
    now: () => new Date('2026-03-02T10:00:30Z'),
    limits: (store: Parameters<typeof storeLimits>[1]) =>
      storeLimits(
        {
          perUser: { max: perUser, windowMs: 60_000 },
          perChannel: { max: perChannel, windowMs: 60_000 },
          listenCooldownMs: cooldownMs,
        },
        store,
        silentLogger,
      ),
  });

  it('GIVEN one person over the limit THEN one polite notice, then silence', async () => {
    const r = await make(limited(2, 0));
    for (let i = 0; i < 5; i++) await r.handle(message(r));
    expect(r.surface.titles()).toEqual([
      expect.stringMatching(/GPU out of memory/),
      expect.stringMatching(/GPU out of memory/),
      'That is a lot of logs in a short time',
    ]);
    expect(r.events.ignored).toEqual(['rate-limited', 'rate-limited']);
  });

  it('GIVEN the "Diagnose crash" action THEN the one who asked is counted, not the author', async () => {
    const r = await make(limited(1, 0));
    await r.handle(message(r, { mode: 'shortcut', asker: 'U7', respond: 'h', id: 's1' }));
    await r.handle(message(r, { mode: 'shortcut', asker: 'U8', respond: 'h', id: 's2' }));
    expect(r.surface.titles().filter((t) => /GPU/.test(t))).toHaveLength(2);
  });

  it('GIVEN the "Diagnose crash" action over the limit where interactions must be answered THEN a short private answer, not silence', async () => {
    const r = await make({ ...limited(1, 0), info: { interactionsNeedAnswer: true } });
    for (const id of ['s1', 's2', 's3'])
      await r.handle(message(r, { mode: 'shortcut', asker: 'U7', respond: 'h', id }));
    expect(r.surface.posts().map((p) => [p.reply?.title, p.private])).toEqual([
      [expect.stringMatching(/GPU out of memory/), false],
      ['That is a lot of logs in a short time', false],
      ['Still too many requests', true],
    ]);
  });

  it('GIVEN a flood of crashes in a listening channel THEN one unasked reply per cool-down, never a notice', async () => {
    const r = await make(limited(0, 0, 60_000));
    await r.store.updateSettings(r.place, { listening: true }, new Date());
    for (let i = 0; i < 4; i++) await r.handle(message(r, { mode: 'listen', user: `U${i}` }));
    expect(r.surface.posts()).toHaveLength(1);
    expect(r.events.ignored).toEqual(['cooldown', 'cooldown', 'cooldown']);
  });

  it('GIVEN a listening channel over its limit THEN unasked replies just stop', async () => {
    const r = await make(limited(0, 1));
    await r.store.updateSettings(r.place, { listening: true }, new Date());
    for (let i = 0; i < 3; i++) await r.handle(message(r, { mode: 'listen', user: `U${i}` }));
    expect(r.surface.posts()).toHaveLength(1);
    expect(r.events.ignored).toEqual(['rate-limited', 'rate-limited']);
  });

  it('GIVEN a flood of commands THEN one private notice, then a short refusal; help still works', async () => {
    const r = await make(limited(2, 0));
    for (let i = 0; i < 4; i++) await r.handle(command(r, '137'));
    await r.handle(command(r, 'help'));
    expect(r.surface.titles()).toEqual([
      '137: SIGKILL',
      '137: SIGKILL',
      'That is a lot of commands in a short time',
      'Still too many commands',
      'crashbot: explains GPU and ML crash logs',
    ]);
  });

  it('GIVEN the store failing THEN the limits let everything through, with a warning', async () => {
    const logs: string[] = [];
    const r = await make({
      limits: (store) => {
        store.takeRate = async () => {
          throw new Error('db down');
        };
        return storeLimits(
          {
            perUser: { max: 1, windowMs: 60_000 },
            perChannel: { max: 1, windowMs: 60_000 },
            listenCooldownMs: 1,
          },
          store,
          { ...silentLogger, warn: (m) => logs.push(m) },
        );
      },
    });
    await r.handle(message(r));
    await r.handle(message(r));
    await r.handle(command(r, '137'));
    expect(r.surface.posts()).toHaveLength(3);
    expect(logs).toContain('could not check a rate limit; answering anyway');
  });
});
