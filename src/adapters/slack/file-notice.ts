// What to tell someone whose attached file could not be read.
import { noticeReply } from '../../app/command-replies.js';
import type { Reply } from '../../core/reply/model.js';
import type { FileProblem } from './files.js';

export function fileProblemText(name: string, problem: FileProblem, maxBytes: number): string {
  const file = `\`${name.replace(/`/g, "'")}\``;
  switch (problem) {
    case 'not-text':
      return `${file} is not a text log. I read .log, .txt and .out files and other text files.`;
    case 'binary':
      return `${file} holds binary data, not a text log.`;
    case 'too-large':
      return `${file} is larger than the ${Math.round(maxBytes / 1024)} KB I read. Attach or paste the last few thousand lines: the error is usually at the end.`;
    case 'login-page':
      return `Slack did not let me read ${file}: the app needs the files:read scope (reinstall it from the manifest).`;
    case 'timeout':
      return `${file} took too long to download. Try again, or paste the end of the log.`;
    case 'no-url':
    case 'url-not-allowed':
      return `I could not find a Slack download link for ${file}.`;
    case 'http-error':
    case 'network':
      return `I could not download ${file}. Try again, or paste the end of the log.`;
  }
}

export function fileNotice(
  problems: readonly { name: string; problem: FileProblem }[],
  maxBytes: number,
): Reply {
  const title =
    problems.length === 1 ? 'I could not read the attached file' : 'I could not read the attached files';
  return noticeReply(title, problems.map((p) => fileProblemText(p.name, p.problem, maxBytes)).join('\n'));
}

export function emptyMentionReply(): Reply {
  return noticeReply(
    'Paste a crash log and I will diagnose it',
    'Mention me with a pasted log, or with a .log or .txt file attached, or use the "Diagnose crash" shortcut on a message. `/crash help` lists the commands.',
  );
}

/** A link to a message (thread replies included), for the crash record. */
export function messageLink(channel: string, ts: string, threadTs?: string): string {
  const base = `https://slack.com/archives/${channel}/p${ts.replace('.', '')}`;
  return threadTs && threadTs !== ts ? `${base}?thread_ts=${threadTs}&cid=${channel}` : base;
}
