import { parseArgs } from 'node:util';
import { createByteDiagnoser } from '../../core/diagnose.js';
import { diagnosisReply } from '../../core/reply/diagnosis.js';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import type { Diagnosis } from '../../core/types.js';
import {
  type Command,
  type CommandContext,
  EXIT,
  requireKnowledge,
  type TextFormat,
  textFormat,
  usageError,
} from '../command.js';
import { readInput } from '../input.js';

export const diagnoseCommand: Command = {
  name: 'diagnose',
  summary: 'Diagnose a crash log from a file or standard input',
  usage: [
    'crashbot diagnose [FILE|-] [--format text|markdown|json] [--json]',
    '',
    'Reads FILE (or standard input when FILE is - or missing) and prints the likely cause,',
    'the lines that show it, the decoded exit code, version checks and remedy snippets.',
    '  --format FORMAT   text (default), markdown, or json (the documented JSON contract)',
    '  --json            short for --format json',
    'Exit status: 0 when it ran (cause found or not), 2 for usage errors, 3 for unreadable input.',
  ].join('\n'),
  async run(args, ctx) {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(args);
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    if (positionals.length > 1) return usageError(ctx, this, `expected one FILE, got ${positionals.length}`);
    const format = textFormat(values);
    if (!format.ok) return usageError(ctx, this, format.message);
    const kb = await requireKnowledge(ctx);
    if (typeof kb === 'number') return kb;
    const d = await readInput(ctx, this.name, positionals[0], createByteDiagnoser(kb), 'a text log');
    if (typeof d === 'number') return d;
    ctx.out(render(d, format.format));
    return EXIT.ok;
  },
};

function parse(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string', short: 'f' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export function render(d: Diagnosis, format: TextFormat): string {
  if (format === 'json') return `${JSON.stringify(d, null, 2)}\n`;
  const reply = diagnosisReply(d);
  return format === 'markdown' ? renderMarkdown(reply) : renderText(reply);
}

export type { CommandContext };
