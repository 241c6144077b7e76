// The small Discord pieces: button ids, and what a failed request means for the pipeline.
import { DiscordAPIError, HTTPError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { failureOf, request } from '../../../src/adapters/discord/delivery-errors.js';
import { parseCustomId } from '../../../src/adapters/discord/render/components.js';

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

describe('failureOf', () => {
  it.each([
    ['a 500 (after discord.js retried it)', apiError(500, 0), 'failed'],
    ['Missing Permissions', apiError(403, 50013), 'forbidden'],
    ['Missing Access', apiError(403, 50001), 'forbidden'],
    ['Unknown Message', apiError(404, 10008), 'gone'],
    ['Unknown interaction', apiError(404, 10062), 'gone'],
    ['Invalid Form Body', apiError(400, 50035), 'refused'],
    ['an HTTP error without a body', new HTTPError(502, 'Bad Gateway', 'POST', '/x', {}), 'failed'],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 'failed'],
    ['a bug', new TypeError('x is not a function'), 'failed'],
  ])('GIVEN %s THEN it is %s', (_name, err, failure) => {
    expect(failureOf(err).failure).toBe(failure);
  });

  it('GIVEN a request that fails THEN it is tried once and thrown as a DeliveryError with the code', async () => {
    let calls = 0;
    await expect(
      request(async () => {
        calls++;
        throw apiError(403, 50013);
      }),
    ).rejects.toMatchObject({ failure: 'forbidden', code: '50013' });
    expect(calls).toBe(1);
  });
});
