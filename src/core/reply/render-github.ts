// Diagnosis -> GitHub Actions: workflow-command annotations (`::error`) for the lines
// that show the top cause, and the Markdown job summary, kept within GitHub's 1 MiB
// step-summary limit. Everything that comes from the log is escaped so a log line can
// never become a workflow command of its own.

import type { Diagnosis } from '../types.js';
import { diagnosisReply } from './diagnosis.js';
import { redactReply } from './redact.js';
import { renderMarkdown } from './render-markdown.js';

/** GitHub's limit on one step's summary. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;

/** Annotations shown per run; GitHub keeps 10 errors per step and 50 per job. */
const MAX_ANNOTATIONS = 10;

/** Escapes a workflow command's message (`%`, CR, LF), as @actions/core does. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command's property value (also `:` and `,`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface GithubOutput {
  /** Workflow commands, one per line, for standard output. */
  annotations: string;
  /** The job summary in Markdown. */
  summary: string;
}

/**
 * `file` is the log's path as the user gave it, shown in each annotation's title (not
 * as `file=`: a log is not a source file GitHub could link to).
 */
export function renderGithub(d: Diagnosis, file: string | null): GithubOutput {
  const reply = redactReply(diagnosisReply(d));
  const top = d.causes[0];
  const lines: string[] = [];
  if (top) {
    const title = escapeProperty(`crashbot: ${top.title} (${Math.round(top.confidence * 100)}%)`);
    const quoted = reply.blocks.find((b) => b.type === 'quote');
    const evidence = quoted?.type === 'quote' ? quoted.lines : [];
    for (const e of evidence.slice(-MAX_ANNOTATIONS)) {
      const where = file ? `${file} line ${e.line}` : `line ${e.line}`;
      lines.push(`::error title=${title}::${escapeData(`${where}: ${e.text}`)}`);
    }
    if (evidence.length === 0) lines.push(`::error title=${title}::${escapeData(top.summary)}`);
  } else if (d.exitCode) {
    lines.push(
      `::warning title=${escapeProperty('crashbot: no confident cause')}::${escapeData(`${d.exitCode.name}: ${d.exitCode.meaning}`)}`,
    );
  }
  return { annotations: lines.length ? `${lines.join('\n')}\n` : '', summary: renderMarkdown(reply) };
}

/** Cuts `summary` so that it fits in `room` bytes, saying so at its end. */
export function fitSummary(summary: string, room: number): string {
  if (Buffer.byteLength(summary, 'utf8') <= room) return summary;
  const note = '\n\n_(cut here: GitHub keeps at most 1 MiB of summary per step)_\n';
  // Room for the note and for a fence closed after the cut.
  const budget = room - Buffer.byteLength(note, 'utf8') - 16;
  if (budget <= 0) return '';
  let text = Buffer.from(summary, 'utf8').subarray(0, budget).toString('utf8');
  // A cut inside a fence leaves the rest of the page as code: close it.
  const fences = text.match(/^`{3,}/gm) ?? [];
  if (fences.length % 2 === 1) text += `\n${fences.at(-1)}`;
  return text.replace(/\uFFFD$/, '') + note;
}
