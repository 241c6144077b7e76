import { randomUUID } from 'node:crypto';
import { appendFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAX_IMAGE_BYTES, type OcrConfig } from '../../config/limits.js';
import { createByteDiagnoser } from '../../core/diagnose.js';
import type { KnowledgeBase } from '../../core/knowledge.js';
import { SHELLS } from '../../core/remedies/index.js';
import { diagnosisReply } from '../../core/reply/diagnosis.js';
import { fitSummary, renderGithub, STEP_SUMMARY_LIMIT } from '../../core/reply/render-github.js';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import type { Diagnosis, Shell } from '../../core/types.js';
import {
  type Command,
  type CommandContext,
  EXIT,
  printedJson,
  requireKnowledge,
  type TextFormat,
  textFormat,
  usageError,
} from '../command.js';
import { imageAware } from '../image-input.js';
import { readInput } from '../input.js';

export const diagnoseCommand: Command = {
  name: 'diagnose',
  usage: [
    'crashbot diagnose [FILE|-] [--format text|markdown|json|github] [--json] [--shell SHELL]',
    '',
    'Reads FILE (or standard input when FILE is - or missing) and prints the likely cause,',
    'the lines that show it, the decoded exit code, version checks and remedy snippets.',
    '  --format FORMAT   text (default), markdown, json (the documented JSON contract), or',
    '                    github: ::error annotations on stdout and the report appended to',
    '                    $GITHUB_STEP_SUMMARY (printed on stdout when that is not set)',
    '  --json            short for --format json',
    '  --shell SHELL     write commands for bash, zsh, powershell or cmd (default: the shell',
    '                    the log shows, else the usual one of its OS)',
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
    const github = values.format === 'github' && !values.json;
    const format = github ? ({ ok: true, format: 'markdown' } as const) : textFormat(values);
    if (!format.ok)
      return usageError(ctx, this, `unknown format "${values.format}" (use text, markdown, json or github)`);
    const shell = values.shell;
    if (shell !== undefined && !isShell(shell))
      return usageError(ctx, this, `unknown shell "${shell}" (use ${SHELLS.join(', ')})`);
    const kb = await requireKnowledge(ctx);
    if (typeof kb === 'number') return kb;
    // An image is kept up to the largest limit a setting may give; the settings themselves
    // (and the config module with them) load only for an image, so text starts fast.
    const sink = imageAware(createByteDiagnoser(kb, shell ? { shell } : {}), MAX_IMAGE_BYTES);
    const input = await readInput(ctx, this.name, positionals[0], sink, 'a text log');
    if (typeof input === 'number') return input;
    let d: Diagnosis;
    if (input.kind === 'image') {
      const ocr = await ocrSettings(ctx);
      if (typeof ocr === 'number') return ocr;
      const fits = input.complete && (!ocr || input.bytes.length <= ocr.maxBytes);
      const read = fits ? await readImage(ctx, kb, input.bytes, ocr) : tooLarge(ctx, ocr);
      if (typeof read === 'number') return read;
      d = read;
    } else d = input.result;
    if (github) return writeGithub(ctx, d, positionals[0]);
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
      shell: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function isShell(s: string): s is Shell {
  return (SHELLS as readonly string[]).includes(s);
}

export function render(d: Diagnosis, format: TextFormat): string {
  if (format === 'json') return printedJson(d);
  const reply = diagnosisReply(d);
  return format === 'markdown' ? renderMarkdown(reply) : renderText(reply);
}

function tooLarge(ctx: CommandContext, ocr: OcrConfig | null): number {
  if (!ocr) {
    ctx.err('crashbot diagnose: this is an image and reading images is off (CRASHBOT_OCR=false)\n');
    return EXIT.unreadableInput;
  }
  ctx.err(
    `crashbot diagnose: cannot read the image: it is larger than CRASHBOT_MAX_IMAGE_BYTES (${ocr.maxBytes} bytes)\n`,
  );
  return EXIT.unreadableInput;
}

async function ocrSettings(ctx: CommandContext) {
  const { parseOcrConfig } = await import('../../config/config.js');
  const parsed = parseOcrConfig(ctx.env);
  if (parsed.ok) return parsed.config;
  for (const p of parsed.problems) ctx.err(`crashbot: ${p.variable}: ${p.message}\n`);
  return EXIT.failure;
}

/** A screenshot: its text read with OCR (the engine loads only here) and diagnosed like a paste. */
async function readImage(
  ctx: CommandContext,
  kb: KnowledgeBase,
  bytes: Uint8Array,
  ocr: OcrConfig | null,
): Promise<Diagnosis | number> {
  if (!ocr) {
    ctx.err('crashbot diagnose: this is an image and reading images is off (CRASHBOT_OCR=false)\n');
    return EXIT.unreadableInput;
  }
  const [{ createOcrEngine }, { diagnoseImage }] = await Promise.all([
    import('../../ocr/engine.js'),
    import('../../app/image-diagnosis.js'),
  ]);
  const engine = createOcrEngine({ ...ocr, workers: 1 });
  try {
    const out = await diagnoseImage({ kb, ocr: engine, limits: ocr }, bytes);
    if (out.ok) return out.diagnosis;
    ctx.err(`crashbot diagnose: cannot read the image: ${out.message}\n`);
    return EXIT.unreadableInput;
  } finally {
    await engine.close();
  }
}

/** Annotations on stdout; the summary appended to $GITHUB_STEP_SUMMARY, within GitHub's 1 MiB per step. */
function writeGithub(ctx: CommandContext, d: Diagnosis, file: string | undefined): number {
  const out = renderGithub(d, file && file !== '-' ? file : null);
  ctx.out(out.annotations);
  const path = ctx.env.GITHUB_STEP_SUMMARY;
  if (!path) {
    // Quoted log lines must not act as workflow commands: GitHub ignores them between these markers.
    const token = randomUUID();
    ctx.out(`::stop-commands::${token}\n${out.summary}::${token}::\n`);
    return EXIT.ok;
  }
  let used = 0;
  try {
    used = statSync(path).size;
  } catch {}
  try {
    appendFileSync(path, fitSummary(out.summary, Math.max(0, STEP_SUMMARY_LIMIT - used)));
  } catch (err) {
    ctx.err(`crashbot diagnose: cannot write the job summary to ${path}: ${(err as Error).message}\n`);
    return EXIT.failure;
  }
  return EXIT.ok;
}

export type { CommandContext };
