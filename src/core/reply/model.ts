// The platform-neutral reply. Diagnoses, exit-code answers, version reports, weekly
// summaries and notices are all built as a Reply, then rendered per platform (Slack
// Block Kit, Discord embeds, terminal text, Markdown).
//
// Text fields hold plain text in which `backtick spans` mark code; renderers escape
// everything else for their platform.
import type { CheckStatus } from '../types.js';

export type ReplyKind = 'diagnosis' | 'exit-code' | 'env-report' | 'summary' | 'help' | 'notice';

export interface QuotedLine {
  line: number;
  text: string;
}

export type ReplyBlock =
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'quote'; title?: string; lines: readonly QuotedLine[] }
  | { type: 'fields'; title?: string; fields: readonly { label: string; value: string }[] }
  | {
      type: 'list';
      title?: string;
      items: readonly { status?: CheckStatus; text: string; detail?: string }[];
    }
  | { type: 'code'; title?: string; language: string; code: string }
  | { type: 'divider' };

/** Buttons under a reply; `value` travels back with the click. */
export interface ReplyAction {
  id: 'feedback-fixed' | 'feedback-wrong';
  label: string;
  value: string;
}

/** A file to upload with the reply (e.g. the weekly chart). */
export interface ReplyFile {
  name: string;
  mime: string;
  data: Uint8Array;
  alt: string;
}

export interface Reply {
  kind: ReplyKind;
  /** One line: the answer in short ("Likely cause: GPU out of memory (93%)"). */
  title: string;
  blocks: readonly ReplyBlock[];
  footer?: string;
  actions?: readonly ReplyAction[];
  files?: readonly ReplyFile[];
}
