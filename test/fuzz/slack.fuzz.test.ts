// Random and malformed Slack deliveries into the real Bolt app in HTTP mode, validly
// signed, against the local fake Slack: event envelopes with fields of any type, random
// JSON and bytes, slash-command forms and interaction payloads. The app answers every
// request (never a 5xx, never a hang), no listener throws, and afterwards it still
// diagnoses a real mention. A short budget runs in `npm test`; FUZZ_RUNS raises it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPosts } from '../adapters/slack/expect.js';
import { postSigned } from '../adapters/slack/fake/signed.mjs';
import { type Harness, SIGNING_SECRET, startHarness } from '../adapters/slack/harness.js';
import { OOM_LOG } from '../adapters/slack/logs.js';
import { CHANNEL, mention, newEventId, newTs, TEAM, USER } from '../adapters/slack/payloads.js';

/** An HTTP round trip costs far more than a classifier call: a tenth of the runs. */
const RUNS = Math.max(100, Math.ceil(Number(process.env.FUZZ_RUNS ?? 1000) / 10));
const LONG = { timeout: 1_800_000 };
const BATCH = 25;
const tally = { events: 0, bodies: 0, commands: 0, interactions: 0, statuses: {} as Record<number, number> };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ transport: 'http' });
});
afterAll(async () => {
  await h?.stop();
  console.log(`slack fuzz: ${JSON.stringify(tally)}`);
});

async function send(body: string, contentType: string): Promise<number> {
  const res = await postSigned(h.eventsUrl, body, { secret: SIGNING_SECRET, contentType });
  tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
  return res.status;
}

/** Any JSON value, weighted towards the shapes Slack's fields have. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(CHANNEL, USER, TEAM, 'U0CRASHBOT', 'D0DM', 'G0PRIV', '', ' ', '<@U0CRASHBOT>'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
const text = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc.constantFrom(`<@U0CRASHBOT> ${OOM_LOG}`, OOM_LOG, '&lt;&gt;&amp;', '```', '<@U0CRASHBOT>'),
  fc.integer({ min: 1, max: 2000 }).map((n) => `<@U0CRASHBOT> ${'Killed\n'.repeat(n)}`),
  value,
);
/** Only addresses on this machine: a response_url must never reach the internet. */
const responseUrl = fc.constantFrom(
  '',
  'not a url',
  'http://127.0.0.1:9/closed',
  'ftp://127.0.0.1/x',
  '/relative',
);

const event = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom('app_mention', 'message', 'reaction_added', 'member_joined_channel'),
      value,
    ),
    subtype: fc.oneof(
      fc.constantFrom('message_changed', 'message_deleted', 'bot_message', 'file_share'),
      value,
    ),
    channel: value,
    channel_type: fc.oneof(fc.constantFrom('channel', 'im', 'group', 'mpim'), value),
    user: value,
    bot_id: value,
    text,
    ts: fc.oneof(
      fc.constant(null).map(() => newTs()),
      value,
    ),
    thread_ts: value,
    event_ts: value,
    message: fc.oneof(value, fc.record({ text, ts: value, user: value }, { requiredKeys: [] })),
    previous_message: value,
    files: fc.oneof(
      value,
      fc.array(
        fc.record(
          { id: value, name: value, size: value, url_private: value, mimetype: value },
          { requiredKeys: [] },
        ),
        {
          maxLength: 3,
        },
      ),
    ),
    blocks: value,
  },
  { requiredKeys: [] },
);

const envelope = fc.record(
  {
    token: value,
    team_id: fc.oneof(fc.constant(TEAM), value),
    api_app_id: value,
    type: fc.oneof(fc.constantFrom('event_callback', 'url_verification', 'app_rate_limited'), value),
    challenge: value,
    event_id: fc.oneof(
      fc.constant(null).map(() => newEventId()),
      value,
    ),
    event_time: value,
    event: fc.oneof(event, value),
    authorizations: value,
  },
  { requiredKeys: [] },
);

const commandFields = fc.record(
  {
    command: fc.oneof(fc.constantFrom('/crash', '/other'), value),
    text,
    user_id: value,
    channel_id: value,
    team_id: value,
    response_url: responseUrl,
    trigger_id: value,
    channel_name: value,
  },
  { requiredKeys: [] },
);

const interaction = fc.record(
  {
    type: fc.oneof(fc.constantFrom('block_actions', 'message_action', 'shortcut', 'view_submission'), value),
    callback_id: fc.oneof(fc.constantFrom('diagnose_crash', 'diagnose-crash'), value),
    team: fc.oneof(fc.constant({ id: TEAM }), value),
    user: fc.oneof(fc.constant({ id: USER }), value),
    channel: fc.oneof(fc.constant({ id: CHANNEL }), value),
    message: fc.oneof(fc.record({ text, ts: value, user: value }, { requiredKeys: [] }), value),
    actions: fc.oneof(
      value,
      fc.array(fc.record({ action_id: value, value, block_id: value }, { requiredKeys: [] }), {
        maxLength: 2,
      }),
    ),
    response_url: responseUrl,
    trigger_id: value,
  },
  { requiredKeys: [] },
);

const stringify = (fields: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    ]),
  ).toString();

describe('Slack adapter fuzzing (HTTP mode, signed)', () => {
  // What earlier runs found: a JSON null left the request hanging with an unhandled
  // rejection in Bolt; the others made Bolt throw and answer 500 (which Slack retries),
  // a team id like `constructor` through Bolt's per-team client pool (a plain object).
  it.each([
    ['a JSON null', 'null', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['an event that is null', '{"type":"event_callback","event":null}', 'application/json'],
    [
      'an event whose channel is null',
      `{"type":"event_callback","event":{"type":"app_mention","channel":null}}`,
      'application/json',
    ],
    [
      'an event whose user is null',
      `{"type":"event_callback","event":{"type":"app_mention","user":null}}`,
      'application/json',
    ],
    [
      'a slash command from a team named like an object property',
      'command=%2Fcrash&text=137&team_id=constructor&user_id=U0ANA&channel_id=C0TRAIN',
      'application/x-www-form-urlencoded',
    ],
    [
      'an event whose channel is a number',
      '{"event":{"type":"message","channel":5,"ts":"1.1"}}',
      'application/json',
    ],
    [
      'a shortcut without its user',
      `payload=${encodeURIComponent('{"type":"message_action","callback_id":"diagnose_crash"}')}`,
      'application/x-www-form-urlencoded',
    ],
    [
      'actions that are null',
      `payload=${encodeURIComponent('{"actions":null}')}`,
      'application/x-www-form-urlencoded',
    ],
    [
      'an action id that is a number',
      `payload=${encodeURIComponent('{"type":"block_actions","actions":[{"action_id":1}]}')}`,
      'application/x-www-form-urlencoded',
    ],
    [
      'a shortcut whose channel is null',
      `payload=${encodeURIComponent('{"type":"message_action","channel":null}')}`,
      'application/x-www-form-urlencoded',
    ],
  ])('GIVEN %s THEN the app answers 400 at once', async (_name, body, contentType) => {
    expect(await send(body, contentType)).toBe(400);
  });

  it(
    'GIVEN random event envelopes, JSON, forms and bytes THEN every request is answered without a 5xx and no listener throws',
    LONG,
    async () => {
      const body = fc.oneof(
        envelope.map((e) => ({ kind: 'events' as const, body: JSON.stringify(e), type: 'application/json' })),
        fc.oneof(fc.json(), fc.string({ unit: 'binary', maxLength: 300 })).map((b) => ({
          kind: 'bodies' as const,
          body: b,
          type: 'application/json',
        })),
        commandFields.map((f) => ({
          kind: 'commands' as const,
          body: stringify(f),
          type: 'application/x-www-form-urlencoded',
        })),
        fc
          .oneof(
            interaction.map((p) => JSON.stringify(p)),
            fc.string({ maxLength: 100 }),
          )
          .map((p) => ({
            kind: 'interactions' as const,
            body: new URLSearchParams({ payload: p }).toString(),
            type: 'application/x-www-form-urlencoded',
          })),
      );
      // Requests no listener acknowledges wait Bolt's 3 s before their answer, so they go
      // out in parallel batches; the seed reproduces a run.
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
      const bodies = fc.sample(body, { numRuns: RUNS, seed });
      const refused: string[] = [];
      for (let i = 0; i < bodies.length; i += BATCH) {
        await Promise.all(
          bodies.slice(i, i + BATCH).map(async (b) => {
            tally[b.kind]++;
            const status = await send(b.body, b.type);
            if (status >= 500) refused.push(`${status} ${b.body.slice(0, 2000)}`);
          }),
        );
      }
      expect(refused, `seed ${seed}`).toEqual([]);
      // Handlers run after the ack: give the last ones time to finish, then look at what they logged.
      const ev = mention({ text: OOM_LOG });
      await h.event(ev);
      await waitForPosts(h.fake, ev.ts, 1, 30_000);
      const failures = h.logs.filter((l) =>
        /listener failed|TypeError|ReferenceError|internal error/.test(l),
      );
      expect(failures, `seed ${seed}`).toEqual([]);
    },
  );
});
