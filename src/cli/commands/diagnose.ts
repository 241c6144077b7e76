import { parseArgs } from 'node:util';
import { createByteDiagnoser } from '../../core/diagnose.js';
import { diagnosisReply } from '../../core/reply/diagnosis.js';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import type { Diagnosis } from '../../core/types.js';
import { type Command, type CommandContext, EXIT, requireKnowledge, usageError } from '../command.js';
import { feedInput } from '../input.js';

const FORMATS = ['text', 'markdown', 'json'] as const;
type Format = (typeof FORMATS)[number];

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
    const format: string = values.json ? 'json' : (values.format ?? 'text');
    if (!FORMATS.includes(format as Format)) {
      return usageError(ctx, this, `unknown format "${format}" (use text, markdown or json)`);
    }
    const kb = await requireKnowledge(ctx);
    if (typeof kb === 'number') return kb;
    const diagnoser = createByteDiagnoser(kb);
    const failed = await feedInput(
      ctx,
      this.name,
      positionals[0],
      (chunk) => diagnoser.push(chunk),
      () => diagnoser.binary,
    );
    if (failed !== null) return failed;
    const d = diagnoser.end();
    if (d.input.binary) {
      const name = positionals[0] === undefined || positionals[0] === '-' ? 'standard input' : positionals[0];
      ctx.err(`crashbot diagnose: ${name} looks like a binary file, not a text log\n`);
      return EXIT.unreadableInput;
    }
    ctx.out(render(d, format as Format));
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

export function render(d: Diagnosis, format: Format): string {
  if (format === 'json') return `${JSON.stringify(d, null, 2)}\n`;
  const reply = diagnosisReply(d);
  return format === 'markdown' ? renderMarkdown(reply) : renderText(reply);
}

export type { CommandContext };
