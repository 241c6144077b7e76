import { parseArgs } from 'node:util';
import { decodeExitCode } from '../../core/exit-codes/decode.js';
import { exitCodeReply } from '../../core/reply/exit-code.js';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import { type Command, EXIT, printedJson, requireKnowledge, textFormat, usageError } from '../command.js';

export const exitCodeCommand: Command = {
  name: 'exit-code',
  usage: [
    'crashbot exit-code CODE [--format text|markdown|json] [--json]',
    '',
    'Examples: crashbot exit-code -1073740791    crashbot exit-code 0xC0000409',
    '          crashbot exit-code 137            crashbot exit-code -- -9',
  ].join('\n'),
  async run(args, ctx) {
    // `-9` and `-1073740791` are codes, not options.
    const negative = (a: string) => /^-(?:\d+|0x[0-9a-f]+)$/i.test(a);
    const negatives = args.filter(negative);
    let parsed: {
      values: { format?: string | undefined; json?: boolean | undefined; help?: boolean | undefined };
      positionals: string[];
    };
    try {
      parsed = parseArgs({
        args: args.filter((a) => !negative(a)),
        allowPositionals: true,
        strict: true,
        options: {
          format: { type: 'string', short: 'f' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    parsed.positionals.unshift(...negatives);
    const { values, positionals } = parsed;
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    if (positionals.length === 0) return usageError(ctx, this, 'give an exit code to decode');
    const chosen = textFormat(values);
    if (!chosen.ok) return usageError(ctx, this, chosen.message);
    const format = chosen.format;
    const kb = await requireKnowledge(ctx);
    if (typeof kb === 'number') return kb;
    const result = decodeExitCode(positionals.join(' '), kb.exitCodes);
    if (!result.ok) return usageError(ctx, this, result.error.message);
    if (format === 'json') {
      ctx.out(printedJson({ exitCode: result.code, alternatives: result.alternatives }));
    } else {
      const reply = exitCodeReply(result.code, result.alternatives);
      ctx.out(format === 'markdown' ? renderMarkdown(reply) : renderText(reply));
    }
    return EXIT.ok;
  },
};
