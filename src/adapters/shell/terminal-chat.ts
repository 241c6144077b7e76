// The terminal chat `npm start` opens when no chat tokens are set: paste a log (ended by
// an empty line or end of input) or type `/crash CODE`, and get the reply the bots give.
import { createInterface } from 'node:readline';
import { redactText } from '../../core/redact/index.js';
import type { Reply } from '../../core/reply/model.js';
import { renderText } from '../../core/reply/render-text.js';

/** What the chat does with a finished message or a command; returns the reply to print. */
export interface ChatHandlers {
  message(text: string): Promise<Reply | null>;
  command(text: string): Promise<Reply>;
}

export interface TerminalChatOptions {
  input: NodeJS.ReadableStream;
  write: (text: string) => void;
  /** Print a banner and prompts (a person at a terminal). */
  interactive: boolean;
  handlers: ChatHandlers;
  /**
   * An empty line ends the message only if no further line arrives within this many
   * milliseconds: a pasted log with blank lines in it arrives in one burst and stays whole.
   */
  pasteWindowMs?: number;
}

export const BANNER = [
  'crashbot terminal chat: paste a crash log and finish with an empty line (or Ctrl-D).',
  'Commands: /crash CODE (decode an exit code), /crash help, /quit.',
  '',
].join('\n');

export async function runTerminalChat(opts: TerminalChatOptions): Promise<void> {
  const windowMs = opts.pasteWindowMs ?? 150;
  const rl = createInterface({ input: opts.input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  let buffer: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  let quit = false;
  const prompt = () => {
    if (opts.interactive && !quit) opts.write('crashbot> ');
  };
  const print = (reply: Reply | null) => {
    if (reply) opts.write(`\n${renderText(reply)}\n`);
  };
  const enqueue = (job: () => Promise<void>) => {
    queue = queue
      .then(job)
      .catch((err: unknown) => opts.write(`error: ${redactText((err as Error).message)}\n`));
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const text = buffer.join('\n').trim();
    buffer = [];
    if (!text) return;
    enqueue(async () => {
      print(await opts.handlers.message(text));
      prompt();
    });
  };

  if (opts.interactive) opts.write(BANNER);
  prompt();
  rl.on('line', (line) => {
    if (quit) return;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    const trimmed = line.trim();
    if (buffer.length === 0 && trimmed.startsWith('/')) {
      if (trimmed === '/quit' || trimmed === '/exit') {
        quit = true;
        rl.close();
        return;
      }
      enqueue(async () => {
        print(await opts.handlers.command(trimmed));
        prompt();
      });
      return;
    }
    if (trimmed === '') {
      if (buffer.length === 0) return;
      buffer.push(line);
      timer = windowMs > 0 ? setTimeout(flush, windowMs) : undefined;
      if (windowMs <= 0) flush();
      return;
    }
    buffer.push(line);
  });
  await new Promise<void>((resolve) => rl.once('close', resolve));
  flush();
  await queue;
}
