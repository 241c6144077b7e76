// The use case every front end shares: a message with a log in it -> a reply (or
// nothing, in listening mode, when the text is ordinary talk).
import { diagnoseTextDetailed } from '../core/diagnose.js';
import type { KnowledgeBase } from '../core/knowledge.js';
import { diagnosisReply } from '../core/reply/diagnosis.js';
import type { Reply } from '../core/reply/model.js';
import type { Diagnosis, ImageReading } from '../core/types.js';
import { isEnvironmentDump, renderEnvReport } from '../core/versions/index.js';

export type MessageMode = 'mention' | 'listen' | 'shortcut' | 'edit';

export type MessageOutcome =
  | { kind: 'reply'; reply: Reply; diagnosis: Diagnosis }
  | { kind: 'ignore'; reason: 'not-a-crash' | 'empty' }
  | { kind: 'too-large'; reply: Reply };

export interface DiagnoseDeps {
  kb: KnowledgeBase;
  maxLogBytes: number;
}

/** `image`: the text (or part of it) was read from a screenshot; the reply says so. */
export function diagnoseMessage(
  deps: DiagnoseDeps,
  text: string,
  mode: MessageMode,
  image?: ImageReading,
): MessageOutcome {
  if (text.trim() === '') return { kind: 'ignore', reason: 'empty' };
  if (Buffer.byteLength(text, 'utf8') > deps.maxLogBytes) {
    return {
      kind: 'too-large',
      reply: {
        kind: 'notice',
        title: 'That log is larger than I read in chat',
        blocks: [
          {
            type: 'text',
            text: `The limit is ${Math.round(deps.maxLogBytes / 1024)} KB. Paste the last few hundred lines (the error is usually at the end), or run \`crashbot diagnose FILE\` locally.`,
          },
        ],
      },
    };
  }
  const detailed = diagnoseTextDetailed(text, deps.kb);
  const facts = detailed.facts;
  const diagnosis: Diagnosis = image ? { ...detailed.diagnosis, image } : detailed.diagnosis;
  if (mode === 'listen' && !diagnosis.crashReport) return { kind: 'ignore', reason: 'not-a-crash' };
  // An environment dump with no error in it asks "is my setup right?": answer with the version report.
  if (diagnosis.causes.length === 0 && !diagnosis.crashReport && isEnvironmentDump(facts)) {
    return { kind: 'reply', reply: renderEnvReport(facts, diagnosis.checks, diagnosis.knowledge), diagnosis };
  }
  return { kind: 'reply', reply: diagnosisReply(diagnosis), diagnosis };
}
