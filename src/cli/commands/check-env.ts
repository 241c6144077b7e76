// `crashbot check-env [FILE|-]`: the version report alone, for a collect_env, nvidia-smi,
// pip list or a whole log: every version found with its line, and the checks with verdicts.
import { parseArgs } from 'node:util';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import type { Check, KnowledgeDates, Os } from '../../core/types.js';
import { createEnvReader } from '../../core/versions/env-reader.js';
import {
  isEnvironmentDump,
  knowledgeDates,
  renderEnvReport,
  runVersionChecks,
  type VersionFacts,
  versionSignals,
} from '../../core/versions/index.js';
import {
  type Command,
  EXIT,
  printedJson,
  requireKnowledge,
  type TextFormat,
  textFormat,
  usageError,
} from '../command.js';
import { readInput } from '../input.js';

const OSES: readonly Os[] = ['windows', 'linux', 'macos', 'wsl'];

export const checkEnvCommand: Command = {
  name: 'check-env',
  usage: [
    'crashbot check-env [FILE|-] [--os windows|linux|macos|wsl] [--format text|markdown|json] [--json]',
    '',
    'Reads FILE (or standard input when FILE is - or missing): the output of',
    '`python -m torch.utils.collect_env`, `nvidia-smi`, `pip list`, `conda list`, or any log,',
    'and prints every version it shows, with its line, and the checks with their verdicts.',
    '  --os OS           the OS, when the paste does not show it',
    '  --format FORMAT   text (default), markdown, or json',
    '  --json            short for --format json',
    'Exit status: 0 when it ran (whatever the verdicts), 2 for usage errors, 3 for unreadable input.',
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
    const os = values.os as Os | undefined;
    if (os !== undefined && !OSES.includes(os)) {
      return usageError(ctx, this, `unknown OS "${os}" (use ${OSES.join(', ')})`);
    }
    const kb = await requireKnowledge(ctx);
    if (typeof kb === 'number') return kb;
    const read = await readInput(ctx, this.name, positionals[0], createEnvReader(), 'text');
    if (typeof read === 'number') return read;
    const { facts } = read;
    const checks = runVersionChecks(facts, kb.compat, { framework: null, os: os ?? facts.os, causeIds: [] });
    ctx.out(render(facts, checks, format.format, knowledgeDates(kb.compat)));
    return EXIT.ok;
  },
};

function parse(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      os: { type: 'string' },
      format: { type: 'string', short: 'f' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function render(
  facts: VersionFacts,
  checks: readonly Check[],
  format: TextFormat,
  knowledge: KnowledgeDates,
): string {
  if (format === 'json') {
    const sightings = Object.fromEntries(
      Object.entries(facts.versions).map(([k, e]) => [
        k,
        e!.sightings.map(({ value, line, origin }) => ({ value, line, origin })),
      ]),
    );
    const json = {
      ...versionSignals(facts),
      sightings,
      checks,
      environmentDump: isEnvironmentDump(facts),
      knowledge,
    };
    return printedJson(json);
  }
  const reply = renderEnvReport(facts, checks, knowledge);
  return format === 'markdown' ? renderMarkdown(reply) : renderText(reply);
}
