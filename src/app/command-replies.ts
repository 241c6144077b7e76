// Replies to the parts of `/crash` that need no store: help, exit codes, usage errors.
import { decodeExitCode } from '../core/exit-codes/decode.js';
import type { KnowledgeBase } from '../core/knowledge.js';
import { exitCodeReply } from '../core/reply/exit-code.js';
import type { Reply } from '../core/reply/model.js';
import { CRASH_HELP } from './crash-command.js';

export function helpReply(): Reply {
  return {
    kind: 'help',
    title: 'crashbot: explains GPU and ML crash logs',
    blocks: [{ type: 'list', items: CRASH_HELP.map((text) => ({ text })) }],
  };
}

export function noticeReply(title: string, text: string): Reply {
  return { kind: 'notice', title, blocks: [{ type: 'text', text }] };
}

export function exitCodeCommandReply(kb: KnowledgeBase, code: string): Reply {
  const result = decodeExitCode(code, kb.exitCodes);
  if (!result.ok) return noticeReply('That is not an exit code I can read', result.error.message);
  return exitCodeReply(result.code, result.alternatives);
}
