// The small pieces the handlers lean on: the download limiter, the answer tracker, the
// per-message queue, button ids, and what a failed request means.
import { DiscordAPIError, HTTPError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { classify, withRetry } from '../../../src/adapters/discord/delivery-errors.js';
import { createLimiter } from '../../../src/adapters/discord/limiter.js';
import { parseCustomId } from '../../../src/adapters/discord/render/components.js';
import { AnswerTracker, KeyedQueue } from '../../../src/adapters/discord/tracker.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('createLimiter', () => {
  it.each([1, 2, 4])(
    'GIVEN a limit of %i and 12 jobs THEN never more at once, all run, in order',
    async (max) => {
      const limit = createLimiter(max);
      let active = 0;
      let peak = 0;
      const started: number[] = [];
      const jobs = Array.from({ length: 12 }, (_, i) =>
        limit(async () => {
          started.push(i);
          peak = Math.max(peak, ++active);
          await tick();
          active--;
          if (i === 5) throw new Error('one job fails');
          return i;
        }).catch(() => -1),
      );
      expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, -1, 6, 7, 8, 9, 10, 11]);
      expect(peak).toBe(max);
      expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i));
    },
  );
});

describe('AnswerTracker', () => {
  it('GIVEN more answers than it keeps THEN the oldest go first, and a re-answered one counts as new', () => {
    const t = new AnswerTracker(2);
    const a = (id: string) => ({ channelId: 'c', replyIds: [id], source: id, mode: 'mention' as const });
    t.set('m1', a('r1'));
    t.set('m2', a('r2'));
    t.set('m1', a('r1b'));
    t.set('m3', a('r3'));
    expect([t.get('m1')?.replyIds, t.get('m2'), t.get('m3')?.replyIds]).toEqual([['r1b'], undefined, ['r3']]);
  });
});

describe('KeyedQueue', () => {
  it('GIVEN jobs on one key THEN they run one after another; other keys run alongside; a failure does not stop the next', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const job =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name}:start`);
        await tick();
        log.push(`${name}:end`);
        if (fail) throw new Error(name);
      };
    await Promise.allSettled([q.run('m', job('a', true)), q.run('m', job('b')), q.run('n', job('c'))]);
    await q.idle();
    expect(log.indexOf('a:end')).toBeLessThan(log.indexOf('b:start'));
    expect(log.indexOf('c:start')).toBeLessThan(log.indexOf('a:end'));
  });
});

describe('parseCustomId', () => {
  it.each([
    ['crashbot:feedback-fixed:12', { ok: true, action: 'feedback-fixed', value: '12' }],
    ['crashbot:feedback-wrong:7', { ok: true, action: 'feedback-wrong', value: '7' }],
    ['crashbot:feedback-fixed:', { ok: false }],
    ['crashbot:delete-everything:1', { ok: false }],
    ['poll:vote:3', { ok: false }],
  ])('GIVEN %s THEN %j', (id, expected) => {
    expect(parseCustomId(id)).toEqual(expected);
  });
});

const apiError = (status: number, code: number) =>
  new DiscordAPIError({ code, message: 'x' }, code, status, 'POST', '/channels/1/messages', {});

describe('classify', () => {
  it.each([
    ['a 500', apiError(500, 0), 'transient'],
    ['Missing Permissions', apiError(403, 50013), 'forbidden'],
    ['Missing Access', apiError(403, 50001), 'forbidden'],
    ['Unknown Message', apiError(404, 10008), 'gone'],
    ['Unknown interaction', apiError(404, 10062), 'gone'],
    ['Invalid Form Body', apiError(400, 50035), 'invalid'],
    ['an HTTP error without a body', new HTTPError(502, 'Bad Gateway', 'POST', '/x', {}), 'transient'],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 'transient'],
    ['a bug', new TypeError('x is not a function'), 'unknown'],
  ])('GIVEN %s THEN it is %s', (_name, err, kind) => {
    expect(classify(err).kind).toBe(kind);
  });

  it('GIVEN transient failures THEN retried after each pause; a lasting one is thrown as a DeliveryError', async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls < 3) throw apiError(503, 0);
      return 'sent';
    };
    expect(await withRetry(flaky, { pausesMs: [1, 1] })).toBe('sent');
    calls = -10;
    await expect(withRetry(flaky, { pausesMs: [1, 1] })).rejects.toMatchObject({
      failure: { kind: 'transient' },
    });
    await expect(
      withRetry(async () => Promise.reject(apiError(403, 50013)), { pausesMs: [1] }),
    ).rejects.toMatchObject({
      failure: { kind: 'forbidden', code: 50013 },
    });
  });
});
