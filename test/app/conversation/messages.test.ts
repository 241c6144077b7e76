// A new message through the pipeline, against the in-memory surface: where the answer
// goes, chat markup undone once (quote, match and fingerprint alike), listening,
// claim-once across instances, the store failing, and delivery failures.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { memoryClaims } from '../../../src/app/conversation/claims.js';
import { logged } from '../../helpers/log-lines.js';
import { cleanDirs, message, OOM, type Rig, rig, TALK } from './fixture.js';

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

describe('GIVEN a mention with a log', () => {
  it('GIVEN a thread surface THEN one reply in the message thread: cause, evidence, footer, buttons, a record', async () => {
    const r = await make();
    const x = message(r);
    await r.handle(x);
    const [post] = r.surface.posts();
    expect(r.surface.posts()).toHaveLength(1);
    expect(post?.target).toEqual({ place: { ...r.place, thread: x.message } });
    expect(post?.reply?.title).toMatch(/^Likely cause: GPU out of memory/);
    expect(post?.reply?.footer).toBe('First time this crash was seen in this channel this week.');
    expect(post?.reply?.actions?.map((a) => a.id)).toEqual(['feedback-fixed', 'feedback-wrong']);
    expect(r.conversation.index.get(`fake/W1/C1/${x.message}`)?.ids).toEqual([post?.id]);
    expect(r.events.diagnosed).toEqual(['gpu-oom mention']);
    expect(r.events.replied).toEqual(['fake diagnosis']);
  });

  it('GIVEN a surface that replies to messages THEN the answer is a reply to the message, in its place', async () => {
    const r = await make({ info: { replies: 'reply' } });
    const x = message(r, { place: { ...r.place, thread: 'T9' } });
    await r.handle(x);
    expect(r.surface.posts()[0]?.target).toEqual({ place: x.place, replyTo: x.message });
  });

  it.each([
    ['fenced on lines of their own', `\`\`\`\n${OOM}\n\`\`\``],
    ['with fences glued to the first and last line', `\`\`\`${OOM}\`\`\``],
    [
      'quoted line by line',
      OOM.split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
    ],
    ['as a block quote', `>>> ${OOM}`],
  ])(
    'GIVEN the same paste %s THEN it is the same crash, quoted without the markup',
    async (_name, pasted) => {
      const r = await make();
      await r.handle(message(r, { text: OOM }));
      await r.handle(message(r, { text: pasted }));
      const [plain, marked] = r.surface.posts();
      expect(marked?.reply?.footer).toBe('Seen 2 times in this channel this week.');
      // Line numbers stay those of the paste as typed; the lines quoted are the same.
      const quoted = (s: typeof plain) =>
        s?.reply?.blocks.flatMap((b) => (b.type === 'quote' ? b.lines.map((l) => l.text) : []));
      expect(quoted(marked)).toEqual(quoted(plain));
      expect(quoted(marked)?.join('\n')).not.toMatch(/```|^> /m);
    },
  );

  it('GIVEN the same PyTorch OOM twice with other amounts in its 565-character line THEN the second is "Seen 2 times"', async () => {
    // The message as PyTorch 2.x prints it (pytorch/pytorch#16417, murong-xu/CADS#4).
    const oom = (asked: string, free: string) =>
      [
        'Traceback (most recent call last):',
        '  File "train.py", line 42, in <module>',
        `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${asked}. GPU 0 has a total capacity of 23.65 GiB of which ${free} is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`,
      ].join('\n');
    const r = await make();
    await r.handle(message(r, { text: oom('512.00 MiB', '11.06 MiB') }));
    await r.handle(message(r, { text: oom('2.00 GiB', '1.19 GiB') }));
    expect(r.surface.posts().map((p) => p.reply?.footer)).toEqual([
      'First time this crash was seen in this channel this week.',
      'Seen 2 times in this channel this week.',
    ]);
  });

  it('GIVEN the same delivery twice (a retry) THEN it is answered once', async () => {
    const r = await make();
    const x = message(r);
    await Promise.all([r.handle(x), r.handle(x)]);
    await r.handle(x);
    expect(r.surface.posts()).toHaveLength(1);
  });

  it('GIVEN two instances on one store THEN one of them answers', async () => {
    const a = await make();
    const b = await make({ store: a.store });
    const x = message(a);
    await Promise.all([a.handle(x), b.handle(x)]);
    expect(a.surface.posts().length + b.surface.posts().length).toBe(1);
  });

  it('GIVEN the claim store failing THEN the event is handled anyway, and that is logged', async () => {
    const r = await make();
    r.store.claimDelivery = async () => {
      throw new Error('connection refused');
    };
    await r.handle(message(r));
    expect(r.surface.posts()).toHaveLength(1);
    expect(r.logs.join('')).toContain('could not claim an event in the store; handling it');
  });

  it('GIVEN the store failing to record THEN the diagnosis goes out without buttons, logged and counted', async () => {
    const r = await make();
    r.store.recordDiagnosis = async () => {
      throw new Error('database is locked');
    };
    await r.handle(message(r));
    expect(r.surface.posts()[0]?.reply?.title).toMatch(/GPU out of memory/);
    expect(r.surface.posts()[0]?.reply?.actions).toBeUndefined();
    expect(r.logs.join('')).toContain('could not record a diagnosis');
    expect(r.events.failed).toEqual(['store']);
  });

  it('GIVEN a paste over the size limit THEN a notice, no diagnosis', async () => {
    const r = await make({ maxLogBytes: 1024 });
    await r.handle(message(r, { text: `${'x'.repeat(2000)}\n${OOM}` }));
    expect(r.surface.titles()).toEqual(['That log is larger than I read in chat']);
  });

  it('GIVEN ordinary text in a mention THEN an answer, but no record', async () => {
    const r = await make();
    await r.handle(message(r, { text: 'hello there' }));
    expect(r.surface.posts()[0]?.reply?.actions).toBeUndefined();
    expect(r.events.diagnosed).toEqual(['none mention']);
  });
});

describe('GIVEN a mention with nothing to read', () => {
  it('GIVEN no text and no file THEN how to use the bot, naming the surface\'s "Diagnose crash" action', async () => {
    const r = await make({ info: { diagnoseAction: 'right-click it, Apps, Diagnose crash' } });
    await r.handle(message(r, { text: '  ' }));
    const [post] = r.surface.posts();
    expect(post?.reply?.title).toBe('Paste a crash log and I will diagnose it');
    expect(r.surface.text(post)).toContain('right-click it, Apps, Diagnose crash');
  });

  it('GIVEN a bare mention inside a thread THEN the message that opened the thread is diagnosed', async () => {
    const r = await make({ thread: { text: `\`\`\`${OOM}\`\`\``, attachments: [] } });
    await r.handle(message(r, { text: '', place: { ...r.place, thread: 'T1' } }));
    expect(r.surface.threadStarts).toEqual([{ ...r.place, thread: 'T1' }]);
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
  });

  it('GIVEN a bare mention in a thread whose first message cannot be read THEN how to use the bot', async () => {
    const r = await make({ thread: null });
    await r.handle(message(r, { text: '', place: { ...r.place, thread: 'T1' } }));
    expect(r.surface.titles()).toEqual(['Paste a crash log and I will diagnose it']);
  });
});

describe('GIVEN listening', () => {
  const on = (r: Rig) => r.store.updateSettings(r.place, { listening: true }, new Date());

  it('GIVEN a channel that does not listen THEN crash output and its files are left alone, without a claim', async () => {
    const r = await make({ files: { F1: OOM } });
    let claims = 0;
    const claim = r.store.claimDelivery.bind(r.store);
    r.store.claimDelivery = (...a) => {
      claims++;
      return claim(...a);
    };
    await r.handle(message(r, { mode: 'listen', attachments: [{ id: 'F1', name: 'a.log' }] }));
    expect(r.surface.posts()).toEqual([]);
    expect(r.surface.opened).toEqual([]);
    expect(claims).toBe(0);
    expect(r.events.ignored).toEqual(['listening-off']);
  });

  it('GIVEN a listening channel THEN crash output is answered and ordinary talk is not', async () => {
    const r = await make();
    await on(r);
    await r.handle(message(r, { mode: 'listen', text: TALK }));
    await r.handle(message(r, { mode: 'listen' }));
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
    expect(r.events.ignored).toEqual(['not-a-crash']);
    expect(r.events.diagnosed).toEqual(['gpu-oom listen']);
  });

  it('GIVEN a listening channel and a message with nothing in it THEN silence', async () => {
    const r = await make();
    await on(r);
    await r.handle(message(r, { mode: 'listen', text: '' }));
    expect(r.surface.posts()).toEqual([]);
    expect(r.events.ignored).toEqual(['empty']);
  });

  it('GIVEN the store cannot say whether the channel listens THEN silence, and a warning', async () => {
    const r = await make();
    r.store.getSettings = async () => {
      throw new Error('timeout');
    };
    await r.handle(message(r, { mode: 'listen' }));
    expect(r.surface.posts()).toEqual([]);
    expect(r.logs.join('')).toContain('could not read the channel settings; not listening');
  });
});

describe('GIVEN a delivery that fails', () => {
  it('GIVEN the platform refuses the formatted reply THEN it goes out as plain text', async () => {
    const r = await make();
    r.surface.failures.post = ['refused'];
    await r.handle(message(r));
    expect(r.surface.posts().map((p) => p.style)).toEqual(['plain']);
    expect(r.logs.join('')).toContain('sending plain text');
  });

  it('GIVEN the reply cannot be posted THEN it is logged with the fix and counted, and the next message is answered', async () => {
    const r = await make();
    r.surface.failures.post = ['forbidden'];
    await r.handle(message(r));
    await r.handle(message(r));
    expect(r.surface.posts()).toHaveLength(1);
    expect(logged(r.logs, 'could not post a reply')).toContainEqual(
      expect.objectContaining({ failure: 'forbidden', fix: 'let the bot in', event: expect.any(String) }),
    );
    expect(r.events.failed).toEqual(['delivery']);
  });

  it('GIVEN a long reply whose second part fails THEN the first part stays and the failure is logged', async () => {
    const r = await make({ parts: 3 });
    r.surface.failures.post = [];
    const x = message(r);
    let calls = 0;
    const at = r.surface.at;
    r.surface.at = (t) => {
      const ch = at(t);
      return {
        ...ch,
        post: async (m, o) => {
          if (++calls === 2) throw new Error('socket hang up');
          return ch.post(m, o);
        },
      };
    };
    await r.handle(x);
    expect(r.surface.posts()).toHaveLength(1);
    expect(r.logs.join('')).toContain('a later part of a long reply could not be sent');
  });

  it('GIVEN the bot throwing THEN the event is logged as failed, counted, and the next one is answered', async () => {
    let fail = true;
    const r = await make({
      wrapBot: (bot) => ({
        ...bot,
        diagnose: (text, mode) => {
          if (fail) {
            fail = false;
            throw new Error('boom');
          }
          return bot.diagnose(text, mode);
        },
      }),
    });
    await r.handle(message(r));
    await r.handle(message(r));
    expect(r.surface.posts()).toHaveLength(1);
    expect(logged(r.logs, 'handling an event failed')).toEqual([
      expect.objectContaining({ level: 'error', error: 'boom', platform: 'fake', kind: 'message' }),
    ]);
    expect(r.events.failed).toEqual(['handler']);
    expect(r.events.handled).toHaveLength(2);
  });
});

describe('GIVEN the "Diagnose crash" action', () => {
  const shortcut = (r: Rig, o = {}) =>
    message(r, { mode: 'shortcut', id: `i${Math.random()}`, respond: 'handle', asker: 'U2', ...o });

  it('GIVEN a surface where interactions may go unanswered THEN the answer goes in the thread and is kept for edits', async () => {
    const r = await make();
    const x = shortcut(r);
    await r.handle(x);
    expect(r.surface.posts().map((p) => p.via)).toEqual(['at']);
    expect(r.conversation.index.get(`fake/W1/C1/${x.message}`)).toBeDefined();
  });

  it('GIVEN the thread refusing THEN the answer is shown privately through the interaction', async () => {
    const r = await make();
    r.surface.failures['at:post'] = ['forbidden'];
    await r.handle(shortcut(r));
    expect(r.surface.posts().map((p) => [p.via, p.private])).toEqual([['respond', true]]);
  });

  it('GIVEN a surface where interactions must be answered THEN the answer goes through the interaction, publicly', async () => {
    const r = await make({ info: { interactionsNeedAnswer: true } });
    await r.handle(shortcut(r));
    expect(r.surface.begun).toBe(1);
    expect(r.surface.posts().map((p) => [p.via, p.private])).toEqual([['respond', false]]);
  });

  it('GIVEN the interaction no longer taking answers THEN a public answer is posted in the channel instead', async () => {
    const r = await make({ info: { interactionsNeedAnswer: true } });
    r.surface.failures['respond:post'] = ['gone'];
    await r.handle(shortcut(r));
    expect(r.surface.posts().map((p) => p.via)).toEqual(['at']);
    expect(r.logs.join('')).toContain('the reply went out another way');
  });

  it('GIVEN both ways failing THEN both are logged', async () => {
    const r = await make({ info: { interactionsNeedAnswer: true } });
    r.surface.failures.post = ['gone', 'forbidden'];
    await r.handle(shortcut(r));
    expect(r.surface.posts()).toEqual([]);
    expect(r.logs.join('')).toContain('could not deliver the reply another way');
  });

  it('GIVEN a message with nothing to read THEN only the person who asked is told', async () => {
    const r = await make();
    await r.handle(shortcut(r, { text: '' }));
    expect(r.surface.posts().map((p) => [p.via, p.private, p.reply?.title])).toEqual([
      ['respond', true, 'Nothing to diagnose'],
    ]);
  });
});

describe('GIVEN a claim port that keeps events', () => {
  it('GIVEN a message and a command THEN each is taken with its Incoming (plain data), then answered', async () => {
    const taken: { key: string; event: string }[] = [];
    const answered: string[] = [];
    const r = await make({
      claims: () => ({
        take: async (key, _now, _lease, event) => {
          if (event) taken.push({ key, event: JSON.stringify(JSON.parse(JSON.stringify(event))) });
          return 'taken';
        },
        answered: async (key) => {
          answered.push(key);
        },
      }),
    });
    const x = message(r);
    await r.handle(x);
    await r.handle({ kind: 'command', id: 'c1', place: r.place, user: 'U1', text: '137', respond: 'h' });
    expect(taken.map((t) => t.key)).toEqual([`delivery:fake/W1/C1/${x.id}`, 'command:fake/W1/C1/c1']);
    expect(JSON.parse(taken[0]?.event ?? '{}')).toEqual(x);
    expect(answered).toEqual([
      `answer:fake/W1/C1/${x.message}`,
      `delivery:fake/W1/C1/${x.id}`,
      'command:fake/W1/C1/c1',
    ]);
  });
});

describe('GIVEN a delivery handled again after a crash', () => {
  it('GIVEN its answer was recorded before the crash THEN it is not answered (nor recorded) again', async () => {
    const r = await make({
      claims: () => ({
        take: async (key) => (key.startsWith('answer:') ? 'answered' : 'taken'),
        answered: async () => {},
      }),
    });
    await r.handle(message(r));
    expect(r.surface.posts()).toEqual([]);
    expect(r.events.diagnosed).toBeUndefined();
  });
});

describe('GIVEN a delivery taken over from an instance killed while its answer was on the way', () => {
  const replayed = (r: Rig) => {
    const x = message(r);
    // What the killed instance got out: the answer, under the delivery's key.
    r.surface.sent.push({
      op: 'post',
      via: 'at',
      id: 'r-before-the-kill',
      target: { place: { ...r.place, thread: x.message } },
      key: `delivery:fake/W1/C1/${x.id}`,
    });
    return { ...x, replayed: true as const };
  };

  it('GIVEN the answer is up THEN it is neither posted, diagnosed nor recorded again, and edits update that answer', async () => {
    const r = await make();
    const x = replayed(r);
    await r.handle(x);
    expect(r.events.diagnosed).toBeUndefined();
    expect(r.surface.lookups).toEqual([`delivery:fake/W1/C1/${x.id}`]);
    expect(r.surface.posts().map((p) => p.id)).toEqual(['r-before-the-kill']);
    expect(r.conversation.index.get(`fake/W1/C1/${x.message}`)?.ids).toEqual(['r-before-the-kill']);
    expect(
      logged(r.logs, 'the answer was posted before the instance handling it stopped; not posting it again'),
    ).toHaveLength(1);
  });

  it('GIVEN it was recorded but its answer never got out THEN it is answered, and counted once', async () => {
    const r = await make({
      claims: () => ({ take: async () => 'taken', answered: async () => {} }),
    });
    const x = message(r, { link: 'https://chat.example/archives/C1/p1' });
    await r.handle(x);
    r.surface.sent.length = 0;
    await r.handle({ ...x, replayed: true });
    expect(r.surface.posts().map((p) => p.reply?.footer)).toEqual([
      'First time this crash was seen in this channel this week.',
    ]);
  });

  it('GIVEN the answer never got out THEN it is posted, under the same key', async () => {
    const r = await make();
    const x = { ...message(r), replayed: true as const };
    await r.handle(x);
    expect(r.surface.posts().map((p) => p.key)).toEqual([`delivery:fake/W1/C1/${x.id}`]);
  });

  it('GIVEN the platform cannot tell THEN the answer is posted (a duplicate rather than a loss)', async () => {
    const r = await make();
    const x = replayed(r);
    r.surface.failures.posted = ['failed'];
    await r.handle(x);
    expect(r.surface.posts()).toHaveLength(2);
    expect(logged(r.logs, 'could not tell whether the answer was posted already; posting it')).toHaveLength(
      1,
    );
  });

  it('GIVEN a first delivery (not a take-over) THEN the platform is not asked, and the answer carries its key', async () => {
    const r = await make();
    const x = message(r);
    await r.handle(x);
    expect(r.surface.lookups).toEqual([]);
    expect(r.surface.posts().map((p) => p.key)).toEqual([`delivery:fake/W1/C1/${x.id}`]);
  });
});

describe('GIVEN a delivery taken over while the answer claim of the handling that stopped still runs', () => {
  it.each([
    [true, []],
    [false, ['delivery']],
  ])(
    'GIVEN replayed=%s THEN nothing is posted, and the delivery is marked done only on a first delivery',
    async (replayed, done) => {
      const answered: string[] = [];
      const r = await make({
        claims: () => ({
          take: async (key) => (key.startsWith('answer:') ? 'held' : 'taken'),
          answered: async (key) => {
            answered.push(key.split(':')[0] ?? '');
          },
        }),
      });
      await r.handle({ ...message(r), ...(replayed && { replayed: true as const }) });
      expect(r.surface.posts()).toEqual([]);
      expect(answered).toEqual(done);
    },
  );
});

describe('GIVEN claims held in memory only', () => {
  it('GIVEN one delivery twice and an edit after it THEN one answer, then the edit updates it', async () => {
    const r = await make({ claims: () => memoryClaims(10) });
    const x = message(r);
    await r.handle(x);
    await r.handle(x);
    await r.handle({
      ...x,
      kind: 'edit',
      text: `${OOM}\nRuntimeError: CUDA error: device-side assert triggered`,
    });
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post', 'edit']);
  });
});
