// Random and malformed gateway events into the real discord.js client logged in to the
// local fake Discord: messages, edits and interactions with fields of any type, and
// events of unknown names. Through packet-guard.ts and the message handling, nothing
// escapes as an unhandled error (vitest fails the file on one), none of our handlers
// throws, and afterwards the bot still answers a mention. A short budget runs in
// `npm test`; FUZZ_RUNS raises it. FUZZ_SEED repeats a run; FUZZ_BATCH=1 with FUZZ_DEBUG=1
// checks the bot after every event and prints the batch it stopped answering after.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Payload, snowflake } from '../adapters/discord/fake/index.mjs';
import { type Harness, startHarness } from '../adapters/discord/harness.js';
import { DEVICE_ASSERT, PYTORCH_OOM } from '../adapters/discord/logs.js';

/** Each event may make the bot call the fake's REST API: a fifth of the runs. */
const RUNS = Math.max(200, Math.ceil(Number(process.env.FUZZ_RUNS ?? 1000) / 5));
const LONG = { timeout: 1_800_000 };
const BATCH = Number(process.env.FUZZ_BATCH ?? 20);
const KNOWN = new Set([
  'MESSAGE_CREATE',
  'MESSAGE_UPDATE',
  'INTERACTION_CREATE',
  'MESSAGE_DELETE',
  'TYPING_START',
]);
const tally = { events: 0, byType: {} as Record<string, number>, dropped: 0, handlerFailures: 0 };

let h: Harness;
let message: Payload;
let slash: Payload;
let button: Payload;
let command: Payload;
beforeAll(async () => {
  h = await startHarness();
  message = h.fake.postMessage({ content: 'hello' });
  slash = h.fake.slash('code', { code: '137' });
  button = h.fake.buttonClick(message, 'crashbot:feedback-fixed:1');
  command = h.fake.messageCommand(message);
});
afterAll(async () => {
  await h?.close();
  console.log(`discord fuzz: ${JSON.stringify(tally)}`);
});

/** Ids of now, as Discord makes them: ids stamped in the future are refused before any handling. */
const freshId = () => snowflake();

const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.constantFrom('1', '0', '-1', '99999999999999999999999', '<@1>'),
);
const content = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc.constantFrom(PYTORCH_OOM, '```\nKilled\n```', '<@!0>', ''),
  value,
);

/** A valid payload with some of its fields (top level or one level down) set to random values. */
function mutate(template: Payload): fc.Arbitrary<Payload> {
  const keys = Object.keys(template);
  const nested = keys.filter((k) => typeof template[k] === 'object' && template[k] !== null);
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 }),
      fc.array(
        fc.tuple(fc.constantFrom(...(nested.length ? nested : keys)), fc.string({ maxLength: 12 }), value),
        {
          maxLength: 3,
        },
      ),
      content,
      fc.boolean(),
    )
    .map(([top, deep, text, mentionBot]) => {
      const p: Payload = structuredClone(template);
      p.id = freshId();
      if ('content' in p) p.content = text;
      if (mentionBot && 'mentions' in p) p.mentions = [h.fake.world.bot];
      for (const [k, v] of top) p[k] = v;
      for (const [k, sub, v] of deep) {
        if (typeof p[k] === 'object' && p[k] !== null) {
          const keysOf = Object.keys(p[k]);
          (p[k] as Record<string, unknown>)[
            keysOf.length && sub.length % 2 ? (keysOf[sub.length % keysOf.length] ?? sub) : sub
          ] = v;
        }
      }
      return p;
    });
}

/** Built once the templates exist (after the harness started). */
const eventArb = () =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom('MESSAGE_CREATE', 'MESSAGE_UPDATE'), fc.constant(null))
      .chain(([t]) => mutate(message).map((d) => ({ t, d }) as { t: string; d: unknown })),
    fc
      .constantFrom(slash, button, command)
      .chain((tpl) => mutate(tpl))
      .map((d) => ({ t: 'INTERACTION_CREATE', d }) as { t: string; d: unknown }),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(
            'MESSAGE_CREATE',
            'MESSAGE_UPDATE',
            'INTERACTION_CREATE',
            'MESSAGE_DELETE',
            'TYPING_START',
          ),
          fc.string({ maxLength: 20 }),
        ),
        value,
      )
      .map(([t, d]) => ({ t, d })),
  );

describe('Discord adapter fuzzing (gateway events)', () => {
  it(
    'GIVEN random and malformed gateway events THEN nothing escapes, no handler throws and the bot still answers',
    LONG,
    async () => {
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
      const events = fc.sample(eventArb(), { numRuns: RUNS, seed });
      const logged = h.logs.length;
      for (let i = 0; i < events.length; i += BATCH) {
        for (const e of events.slice(i, i + BATCH)) {
          tally.events++;
          const kind = KNOWN.has(e.t) ? e.t : 'unknown name';
          tally.byType[kind] = (tally.byType[kind] ?? 0) + 1;
          h.fake.gateway.dispatch(e.t, e.d);
        }
        // One real mention per batch: the client has read everything before it when it is answered.
        const m = h.fake.postMessage({ mentionBot: true, content: i % 2 ? PYTORCH_OOM : DEVICE_ASSERT });
        await h.replyTo(m.id, 30_000).catch((err: Error) => {
          if (process.env.FUZZ_DEBUG) {
            console.log(inspect(events.slice(i, i + BATCH), { depth: 6 }));
            console.log(h.logs.slice(-20).join(''));
            console.log(
              JSON.stringify(h.fake.rest.calls.slice(-10).map((c) => [c.method, c.path, c.status])),
            );
          }
          throw new Error(`seed ${seed}, batch at ${i}: the bot stopped answering (${err.message})`);
        });
      }
      const lines = h.logs.slice(logged);
      tally.dropped += lines.filter((l) => l.includes('dropped a gateway event')).length;
      const failures = lines.filter((l) => /handling .* failed|TypeError|ReferenceError/.test(l));
      tally.handlerFailures += failures.length;
      expect(failures, `seed ${seed}`).toEqual([]);
      expect(h.fake.gateway.connected).toBe(true);
    },
  );
});
