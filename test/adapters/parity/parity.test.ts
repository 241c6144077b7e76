// The same scenarios, written once, run from outside on Slack, Discord and Mattermost (the real
// SDKs against their fake servers): what a person sees must be the same on each, because
// it is written once in the conversation pipeline.
import { afterEach, describe, expect, it } from 'vitest';
import { storeLimits } from '../../../src/app/conversation/limits.js';
import { silentLogger } from '../../../src/app/logger.js';
import { OOM_LOG, OOM_TALK } from '../slack/logs.js';
import { type Driver, type DriverOptions, discordDriver, mattermostDriver, slackDriver } from './drivers.js';

const CUDNN = `Traceback (most recent call last):
  File "demo.py", line 9, in <module>
RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but found runtime version (8, 5, 0).`;
const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(OOM_LOG, 'utf16le')]);
const log = (name: string, content: string | Uint8Array = OOM_LOG) => ({ name, content, mime: 'text/plain' });
const png = { name: 'loss.png', content: 'PNG', mime: 'image/png' };

describe.each([
  ['slack', slackDriver],
  ['discord', discordDriver],
  ['mattermost', mattermostDriver],
] as const)('on %s', (_name, start: (o?: DriverOptions) => Promise<Driver>) => {
  let d: Driver;
  afterEach(async () => {
    await d?.stop();
  });

  it('GIVEN a mention with a paste, then the same paste in a code block glued to its lines THEN the second is "Seen 2 times", quoted without backticks', async () => {
    d = await start();
    const [first] = await d.answers(await d.mention(OOM_LOG));
    expect(first?.title).toMatch(/^Likely cause: GPU out of memory \(\d+%\)$/);
    expect(first?.text).toContain('First time this crash was seen in this channel this week.');
    const [second] = await d.answers(await d.mention(`\`\`\`${OOM_LOG.trim()}\`\`\``));
    expect(second?.text).toContain('Seen 2 times in this channel this week.');
    expect(second?.text).toContain('torch.cuda.OutOfMemoryError: CUDA out of memory');
    expect(second?.text).not.toMatch(/`{3}torch|memory`{3}|PYTORCH_CUDA_ALLOC_CONF`{3}/);
  });

  it('GIVEN an answered message is edited THEN its answer is updated in place, never a second one', async () => {
    d = await start();
    const m = await d.mention(OOM_LOG);
    await d.answers(m);
    await d.edit(m, CUDNN);
    expect((await d.updated(m)).title).toMatch(/^Likely cause: cuDNN version/);
    expect(await d.settledAnswers(m)).toHaveLength(1);
  });

  it.each([
    ['a UTF-16 log (PowerShell)', [log('train.log', utf16)], /^Likely cause: GPU out of memory/, null],
    [
      'a log and a screenshot',
      [log('train.log'), png],
      /^Likely cause: GPU out of memory/,
      '`loss.png`: it is not a text file',
    ],
    [
      'only a screenshot and no text',
      [png],
      /^I could not read the attached file$/,
      '`loss.png`: it is not a text file',
    ],
    [
      'four logs',
      ['a', 'b', 'c', 'd'].map((n) => log(`${n}.log`)),
      /^Likely cause: GPU out of memory/,
      '`d.log`: only the first 3 files are read',
    ],
  ])(
    'GIVEN a mention with %s THEN one answer that reads them the same way',
    async (_n, files, title, says) => {
      d = await start();
      const m = await d.mention('', files);
      const [answer] = await d.answers(m);
      expect(answer?.title).toMatch(title);
      if (says) expect(answer?.text).toContain(says);
      expect(await d.settledAnswers(m)).toHaveLength(1);
    },
  );

  it('GIVEN a mention with nothing in it THEN the same note on how to use the bot', async () => {
    d = await start();
    const [answer] = await d.answers(await d.mention(''));
    expect(answer?.title).toBe('Paste a crash log and I will diagnose it');
  });

  it('GIVEN /crash with an exit code THEN the decoded code, privately, citing sources without research notes', async () => {
    d = await start();
    const answer = await d.crash('-1073740791');
    expect(answer.title).toMatch(/STATUS_STACK_BUFFER_OVERRUN/);
    expect(answer.private).toBe(true);
    expect(answer.text).toMatch(/Sources: mingw-w64 ntstatus\.h/);
    expect(answer.text).not.toMatch(/checked locally|this machine|find_string/);
    expect((await d.crash('137 public')).private).toBe(false);
  });

  it('GIVEN /crash listen on THEN it promises what happens, crash output gets an answer and talk does not', async () => {
    d = await start();
    const on = await d.crash('listen on');
    expect(on.title).toBe('Listening is on in this channel');
    expect(on.text).toContain(
      d.name === 'discord' ? 'I will reply to pasted' : 'I will reply in a thread to pasted',
    );
    const talk = await d.paste(OOM_TALK);
    const crash = await d.paste(OOM_LOG);
    expect((await d.answers(crash))[0]?.title).toMatch(/GPU out of memory/);
    expect(await d.settledAnswers(talk)).toEqual([]);
  });

  it("GIVEN /crash summary after a crash THEN this week's summary, privately", async () => {
    d = await start();
    await d.answers(await d.mention(OOM_LOG));
    const summary = await d.crash('summary');
    expect(summary.title).toMatch(/^Crash summary \d{4}-W\d\d/);
    expect(summary.private).toBe(true);
  });

  it("GIVEN the platform rate-limits the reply once THEN the SDK's own retry posts it, once", async () => {
    d = await start();
    d.rateLimitNextReply();
    const m = await d.mention(OOM_LOG);
    expect((await d.answers(m))[0]?.title).toMatch(/GPU out of memory/);
    expect(d.attempts(m)).toBe(2);
    expect(await d.settledAnswers(m)).toHaveLength(1);
  });

  it('GIVEN one person over the abuse limit THEN one polite notice, then silence', async () => {
    // Every request is counted at one instant: with the wall clock, a window's edge could fall
    // between the four mentions, and the sliding estimate would then rightly let a third through.
    const at = new Date('2026-03-02T10:00:30Z');
    d = await start({
      limits: (store) => {
        const limits = storeLimits(
          {
            perUser: { max: 2, windowMs: 60_000 },
            perChannel: { max: 0, windowMs: 60_000 },
            listenCooldownMs: 0,
          },
          store,
          silentLogger,
        );
        return {
          asked: (channel, user) => limits.asked(channel, user, at),
          unasked: (channel) => limits.unasked(channel, at),
          command: (channel, user) => limits.command(channel, user, at),
        };
      },
    });
    const ms = [];
    for (let i = 0; i < 4; i++) ms.push(await d.mention(OOM_LOG));
    const titles: (string | undefined)[] = [];
    for (const m of ms) titles.push((await d.settledAnswers(m))[0]?.title);
    // Events are handled side by side: which of the four gets which answer may vary.
    const count = (re: RegExp) => titles.filter((t) => t !== undefined && re.test(t)).length;
    expect([
      count(/GPU out of memory/),
      count(/^That is a lot of logs/),
      titles.filter((t) => !t).length,
    ]).toEqual([2, 1, 1]);
  });
});
