import { parseArgs } from 'node:util';
import { type Command, EXIT, usageError } from '../command.js';

export const knowledgeCheckCommand: Command = {
  name: 'knowledge check',
  summary: 'Load knowledge/ and print every problem with its file and field',
  usage: [
    'crashbot knowledge check [--dir DIR]',
    '',
    'Validates every knowledge file (causes, harmless lines, exit codes, compatibility tables).',
    'Prints each problem as FILE: FIELD: MESSAGE and exits 1 when there is any.',
  ].join('\n'),
  async run(args, ctx) {
    let values: { dir?: string | undefined; help?: boolean | undefined };
    try {
      ({ values } = parseArgs({
        args: [...args],
        strict: true,
        options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      }));
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    // Always the files themselves, validated, never the build's snapshot.
    const { defaultKnowledgeDir, loadKnowledge } = await import('../../knowledge/load.js');
    const result = loadKnowledge(values.dir ?? defaultKnowledgeDir());
    if (!result.ok) {
      for (const p of result.problems) ctx.out(`${p.file}: ${p.field}: ${p.message}\n`);
      ctx.err(`crashbot knowledge check: ${result.problems.length} problem(s)\n`);
      return EXIT.failure;
    }
    const { kb } = result;
    ctx.out(
      `knowledge ${kb.version}: ${kb.causes.size} causes, ${kb.rules.length} rules, ${kb.harmless.length} harmless patterns, ` +
        `${kb.exitCodes.ntstatus.length} NTSTATUS codes, ${kb.exitCodes.signals.length} signals: no problems\n`,
    );
    return EXIT.ok;
  },
};
