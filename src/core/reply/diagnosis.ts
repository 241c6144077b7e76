// Diagnosis -> Reply: the top cause and why (quoted lines), other candidates, the
// decoded exit code, version checks, snippets and what to paste next.
import type { CauseResult, Check, Diagnosis, NoAnswerReason, Snippet } from '../types.js';
import { exitCodeBlocks } from './exit-code.js';
import { ncclBlocks, xidBlocks } from './gpu-events.js';
import type { Reply, ReplyBlock } from './model.js';

export const CHECK_ICON: Record<Check['status'], string> = { fail: '✗', warn: '!', ok: '✓', todo: '?' };

export function pct(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

export function diagnosisReply(d: Diagnosis): Reply {
  const [top, ...others] = d.causes;
  const blocks: ReplyBlock[] = [];
  if (d.image) blocks.push(...imageBlocks(d.image));
  if (top) {
    blocks.push({ type: 'text', text: top.summary });
    if (top.evidence.length)
      blocks.push({ type: 'quote', title: 'The lines that show it', lines: top.evidence });
  } else {
    blocks.push({ type: 'text', text: noCauseText(d) });
  }
  if (d.exitCode) blocks.push(...exitCodeBlocks(d.exitCode, []));
  blocks.push(...xidBlocks(d.xids ?? []), ...ncclBlocks(d.ncclHang ?? null));
  if (others.length) {
    const quoted = new Set(top?.evidence.map((e) => e.line));
    blocks.push({ type: 'list', title: 'Other candidates', items: others.map((c) => candidate(c, quoted)) });
  }
  if (d.checks.length) blocks.push(checksBlock(d.checks));
  for (const s of d.snippets) blocks.push(snippetBlock(s));
  if (d.next.length) {
    blocks.push({
      type: 'list',
      title: top ? 'To confirm, paste' : 'What would help',
      items: d.next.map((text) => ({ text })),
    });
  }
  return { kind: 'diagnosis', title: title(top, d), blocks };
}

/** Said first when the text came from a screenshot: the quotes are as read, and numbers that disagreed. */
function imageBlocks(image: NonNullable<Diagnosis['image']>): ReplyBlock[] {
  const blocks: ReplyBlock[] = [
    {
      type: 'text',
      text: `I read this from an image (${image.kind.toUpperCase()}${image.width ? `, ${image.width} x ${image.height}` : ''}), so a character may be off: the lines I quote are as I read them.`,
    },
  ];
  if (image.numbers.length)
    blocks.push({
      type: 'list',
      title: 'Check these numbers in the image',
      items: image.numbers.map((n) => ({
        text: `Line ${n.line} reads \`${n.read}\`, which do not agree${n.readAs ? `; both are one or two misread characters from \`${n.readAs}\`, which I went with` : ''}.`,
      })),
    });
  return blocks;
}

const NO_ANSWER_TITLE: Record<NoAnswerReason, string> = {
  'no-input': 'Nothing to diagnose',
  'no-crash-evidence': 'No crash found in this text',
  'evidence-but-no-known-cause': 'A crash, but no known cause',
};

function title(top: CauseResult | undefined, d: Diagnosis): string {
  if (top) return `Likely cause: ${top.title} (${pct(top.confidence)})`;
  if (d.exitCode) return `No confident cause; exit code ${d.exitCode.hex} is ${d.exitCode.name}`;
  const xid = d.xids?.[0];
  if (xid)
    return `No confident cause; the GPU driver logged Xid ${xid.xid} (${xid.meaning.replace(/\.$/, '')})`;
  return d.noAnswer ? NO_ANSWER_TITLE[d.noAnswer.reason] : 'No confident cause found';
}

function noCauseText(d: Diagnosis): string {
  return d.noAnswer?.text ?? "I can't name a cause from this text with confidence.";
}

/** A candidate with its last line; when the top cause already quoted that line, why the candidate fits instead. */
function candidate(c: CauseResult, quoted: ReadonlySet<number>): { text: string; detail?: string } {
  const where = c.evidence.at(-1);
  const detail = where && !quoted.has(where.line) ? `line ${where.line}: ${where.text}` : c.summary;
  return { text: `${c.title} (${pct(c.confidence)})`, detail };
}

export function checksBlock(checks: readonly Check[]): ReplyBlock {
  return {
    type: 'list',
    title: checks.some((c) => c.status !== 'todo') ? 'Version checks' : 'Checks',
    items: checks.map((c) => ({
      status: c.status,
      text: c.text,
      ...(c.command && { detail: `\`${c.command}\`` }),
    })),
  };
}

/** A snippet, its title saying which shell or language it is written in (on every surface). */
export function snippetBlock(s: Snippet): ReplyBlock {
  return { type: 'code', title: `${s.title} (${s.language})`, language: s.language, code: s.code.trimEnd() };
}
