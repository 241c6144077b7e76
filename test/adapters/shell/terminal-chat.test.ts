import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runTerminalChat } from '../../../src/adapters/shell/terminal-chat.js';
import type { Reply } from '../../../src/core/reply/model.js';

function notice(title: string): Reply {
  return { kind: 'notice', title, blocks: [] };
}

async function chat(write: (input: PassThrough) => Promise<void>, pasteWindowMs = 0) {
  const input = new PassThrough();
  const messages: string[] = [];
  const commands: string[] = [];
  let out = '';
  const done = runTerminalChat({
    input,
    write: (t) => {
      out += t;
    },
    interactive: false,
    pasteWindowMs,
    handlers: {
      async message(text) {
        messages.push(text);
        return notice(`diagnosed ${messages.length}`);
      },
      async command(text) {
        commands.push(text);
        return notice(`ran ${text}`);
      },
    },
  });
  await write(input);
  input.end();
  await done;
  return { messages, commands, out };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('terminal chat', () => {
  it('GIVEN two logs each ended by an empty line THEN each is one message and gets one reply', async () => {
    const r = await chat(async (i) => {
      i.write('Traceback (most recent call last):\n  File "x.py"\nRuntimeError: boom\n\n');
      i.write('Killed\n\n');
    });
    expect(r.messages).toEqual([
      'Traceback (most recent call last):\n  File "x.py"\nRuntimeError: boom',
      'Killed',
    ]);
    expect(r.out).toContain('diagnosed 1');
    expect(r.out).toContain('diagnosed 2');
  });

  it('GIVEN a log with no final empty line THEN end of input ends it', async () => {
    const r = await chat(async (i) => {
      i.write('Segmentation fault (core dumped)');
    });
    expect(r.messages).toEqual(['Segmentation fault (core dumped)']);
  });

  it('GIVEN a pasted log with blank lines inside, arriving in one burst THEN it stays one message', async () => {
    const r = await chat(async (i) => {
      i.write(
        'Traceback (most recent call last):\n\nDuring handling of the above exception\n\nRuntimeError: x\n',
      );
      await tick(250);
      i.write('\n');
      await tick(250);
    }, 100);
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toContain('During handling');
  });

  it('GIVEN /crash commands THEN they run at once; /quit ends the chat', async () => {
    const r = await chat(async (i) => {
      i.write('/crash -1073740791\n/crash help\n/quit\nKilled\n\n');
    });
    expect(r.commands).toEqual(['/crash -1073740791', '/crash help']);
    expect(r.messages).toEqual([]);
  });
});
