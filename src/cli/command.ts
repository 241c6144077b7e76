// What a CLI subcommand is. Commands are data: one file each under commands/, listed
// (name, summary and how to load it) in commands/index.ts. Only cli/main.ts touches argv, stdout and the exit status.
import type { KnowledgeBase, KnowledgeProblem } from '../core/knowledge.js';
import { redactJson } from '../core/redact/index.js';

export const EXIT = {
  ok: 0,
  /** Something went wrong that is not the user's input (a broken knowledge base, a bug). */
  failure: 1,
  usage: 2,
  unreadableInput: 3,
} as const;

export type KnowledgeResult = { ok: true; kb: KnowledgeBase } | { ok: false; problems: KnowledgeProblem[] };

export interface CommandContext {
  out(text: string): void;
  err(text: string): void;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Loads (once) and returns the knowledge base. */
  knowledge(): Promise<KnowledgeResult>;
  now(): Date;
  /** The process around the CLI, for commands that run another program (`crashbot run`). */
  readonly host?: ProcessHost;
}

export interface ProcessHost {
  /** Raw byte streams: what a child prints is passed on unchanged. */
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /**
   * The descriptors behind `stdout` and `stderr` when they are the process's own: a child
   * may then write to a file there directly instead of through crashbot.
   */
  fds?: { stdout: number; stderr: number };
  /** Subscribes to a signal sent to crashbot; returns the unsubscribe. */
  onSignal(signal: NodeJS.Signals, handler: () => void): () => void;
  /** Whether crashbot runs in a terminal (Ctrl-C then reaches its child too). */
  terminal: boolean;
  /** Whether standard error is a terminal (a person reads the log: readable lines, not JSON). */
  errTerminal?: boolean;
  cwd: string;
  hostname: string;
  /** The user running crashbot, hashed before anything is stored. */
  user: string;
}

export interface Command {
  /** One or two words: `diagnose`, `knowledge check`. */
  readonly name: string;
  /** Usage lines printed by `crashbot help <name>` and on usage errors. */
  readonly usage: string;
  run(args: readonly string[], ctx: CommandContext): Promise<number>;
}

/** A usage error: one line on stderr, exit status 2. */
export function usageError(ctx: CommandContext, command: Command, message: string): number {
  ctx.err(`crashbot ${command.name}: ${message}\nusage: ${command.usage.split('\n')[0]}\n`);
  return EXIT.usage;
}

/** The knowledge base, or every problem on stderr and exit status 1. */
export async function requireKnowledge(ctx: CommandContext): Promise<KnowledgeBase | number> {
  const k = await ctx.knowledge();
  if (k.ok) return k.kb;
  ctx.err(
    `crashbot: the knowledge base has ${k.problems.length} problem(s); run \`crashbot knowledge check\` for the list\n`,
  );
  return EXIT.failure;
}

/** The output formats of the commands that print a reply. */
export type TextFormat = 'text' | 'markdown' | 'json';

/** The format `--format` / `--json` ask for (text by default), or the usage-error message. */
export function textFormat(values: {
  format?: string | undefined;
  json?: boolean | undefined;
}): { ok: true; format: TextFormat } | { ok: false; message: string } {
  const format = values.json ? 'json' : (values.format ?? 'text');
  if (format === 'text' || format === 'markdown' || format === 'json') return { ok: true, format };
  return { ok: false, message: `unknown format "${format}" (use text, markdown or json)` };
}

/** A value as the JSON a command prints: every string in it redacted, two-space indented. */
export function printedJson(value: unknown): string {
  return `${JSON.stringify(redactJson(value), null, 2)}\n`;
}
