import { parseArgs } from 'node:util';
import type { KnowledgeBase } from '../../core/knowledge.js';
import { tableAges } from '../../core/versions/index.js';
import { type Command, type CommandContext, EXIT, usageError } from '../command.js';

export const knowledgeCheckCommand: Command = {
  name: 'knowledge check',
  usage: [
    'crashbot knowledge check [--dir DIR] [--quick] [--strict]',
    '',
    'Validates every knowledge file (causes, harmless lines, exit codes, compatibility tables),',
    'then proves every pattern free of catastrophic backtracking with recheck (a development',
    'dependency). Proofs are cached per pattern: the first run takes a few minutes, later',
    'runs prove only new or changed patterns. --quick skips the proof; the structural check',
    '(no repeated group that itself repeats or alternates) always runs.',
    'Prints each problem as FILE: FIELD: MESSAGE and exits 1 when there is any.',
    'Then prints each compatibility table: its newest release, the date of the upstream copies',
    'it was built from, its age, and a warning past its budget (PyTorch 60 days, JAX 35,',
    'CUDA and cuDNN 90, TensorFlow 190). --strict makes a table past its budget an error (exit 1).',
  ].join('\n'),
  async run(args, ctx) {
    let values: {
      dir?: string | undefined;
      quick?: boolean | undefined;
      strict?: boolean | undefined;
      help?: boolean | undefined;
    };
    try {
      ({ values } = parseArgs({
        args: [...args],
        strict: true,
        options: {
          dir: { type: 'string' },
          quick: { type: 'boolean' },
          strict: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
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
    const counts =
      `${kb.causes.size} causes, ${kb.rules.length} rules, ${kb.harmless.length} harmless patterns, ` +
      `${kb.exitCodes.ntstatus.length} NTSTATUS codes, ${kb.exitCodes.signals.length} signals`;
    const proof = values.quick ? 'proof skipped (--quick)' : await prove(kb, ctx);
    if (typeof proof === 'number') return proof;
    const stale = printAges(kb, ctx);
    if (stale > 0) {
      ctx.err(
        `crashbot knowledge check: ${stale} compatibility table(s) past their budget; update them (README: "Updating the compatibility tables")${values.strict ? '' : '; --strict makes this an error'}\n`,
      );
      if (values.strict) return EXIT.failure;
    }
    ctx.out(`knowledge ${kb.version}: ${counts}; ${proof}: no problems\n`);
    return EXIT.ok;
  },
};

/** One line per compatibility table: what it knows, how old it is; returns how many are past their budget. */
function printAges(kb: KnowledgeBase, ctx: CommandContext): number {
  const ages = tableAges(kb.compat, ctx.now());
  const width = Math.max(...ages.map((a) => a.name.length));
  ctx.out('compatibility tables (age: days since the newest upstream copy they were built from):\n');
  for (const a of ages) {
    const newest = a.newest ? `newest ${a.newest}` : 'no releases';
    const asOf = a.asOf ? `upstream as of ${a.asOf}` : 'upstream date unknown';
    const budget = a.budgetDays === null ? 'no budget' : `budget ${a.budgetDays}`;
    const state = a.stale ? 'STALE' : 'ok';
    ctx.out(
      `  ${a.name.padEnd(width)}  ${newest.padEnd(14)} ${asOf}, read ${a.read}: ${a.ageDays === null ? 'age unknown' : `${a.ageDays} days old`} (${budget}) ${state}\n`,
    );
  }
  return ages.filter((a) => a.stale).length;
}

/** Proves the patterns: a summary for the last line, or the exit status after printing the unsafe ones. */
async function prove(kb: KnowledgeBase, ctx: CommandContext): Promise<string | number> {
  const { defaultProofCache, knowledgePatterns, provePatterns } = await import(
    '../../knowledge/regex-safety.js'
  );
  const sites = knowledgePatterns(kb);
  let announced = false;
  const result = await provePatterns(sites, {
    cacheFile: defaultProofCache(),
    onProgress(done, total) {
      if (!announced) {
        ctx.err(`proving ${total} new or changed pattern(s) safe from catastrophic backtracking...\n`);
        announced = true;
      }
      if (done > 0 && done % 20 === 0) ctx.err(`  ${done}/${total}\n`);
    },
  });
  if (!result.available) return `patterns not proved: ${result.reason}`;
  const unsafe = result.verdicts.filter((v) => v.status !== 'safe');
  for (const v of unsafe) {
    const what =
      v.status === 'vulnerable'
        ? `can backtrack catastrophically (${v.detail ?? 'super-linear'}); rewrite it so that no two repetitions can match the same text`
        : `could not be proved safe (${v.detail ?? 'unknown'}); simplify it`;
    ctx.out(`${v.site.where}: pattern /${v.site.source}/ ${what}\n`);
  }
  if (unsafe.length > 0) {
    ctx.err(`crashbot knowledge check: ${unsafe.length} unsafe pattern(s)\n`);
    return EXIT.failure;
  }
  return `${sites.length} patterns proved safe by ${result.checker} (${result.proved} now, ${result.cached} cached)`;
}
