// The flow every message takes (a mention, a listened message, the shortcut, an edit):
// read its text and log files, ask the Bot, answer in the message's thread, remember
// the answer so an edit updates it.
import type { webApi } from '@slack/bolt';
import type { Bot } from '../../app/bot.js';
import type { MessageMode } from '../../app/diagnose-message.js';
import type { Reply } from '../../core/reply/model.js';
import { emptyMentionReply, fileNotice, messageLink } from './file-notice.js';
import { type FileProblem, type FileReaderOptions, readSlackFile } from './files.js';
import { type SlackFile, slackFileSchema } from './incoming.js';
import type { SlackLog } from './logger.js';
import type { Poster } from './poster.js';
import { messageKey, type ReplyIndex } from './reply-index.js';

type WebClient = webApi.WebClient;

export interface ConversationDeps {
  bot: Bot;
  poster: Poster;
  index: ReplyIndex;
  files: FileReaderOptions;
  log: SlackLog;
  /** Most files read from one message. */
  maxFiles: number;
}

export interface IncomingMessage {
  workspace: string;
  channel: string;
  userId: string;
  /** The message text, already plain (see slackToPlain). */
  text: string;
  files: readonly SlackFile[];
  ts: string;
  threadTs?: string | undefined;
  mode: MessageMode;
}

/** Called with the reply when it could not be posted in the thread (e.g. to show it ephemerally). */
export type OnUndelivered = (reply: Reply, code: string) => Promise<void>;

export async function answerMessage(
  deps: ConversationDeps,
  client: WebClient,
  msg: IncomingMessage,
  onUndelivered?: OnUndelivered,
): Promise<void> {
  const key = messageKey(msg.workspace, msg.channel, msg.ts);
  const settle = deps.index.reserve(key);
  const target = { channel: msg.channel, threadTs: msg.threadTs ?? msg.ts };
  const deliver = async (reply: Reply): Promise<string[] | null> => {
    const posted = await deps.poster.post(client, target, reply);
    if (posted.ok) return posted.ts;
    deps.log.warn('could not post a reply', { channel: msg.channel, code: posted.code, title: reply.title });
    await onUndelivered?.(reply, posted.code).catch((err: Error) =>
      deps.log.warn('could not deliver the reply another way', { error: err.message }),
    );
    return null;
  };
  try {
    const { text, problems } = await gatherText(deps, client, msg);
    if (problems.length && msg.mode !== 'listen') await deliver(fileNotice(problems, deps.files.maxBytes));
    const outcome = await deps.bot.handleMessage({
      channel: { platform: 'slack', workspace: msg.workspace, channel: msg.channel },
      userId: msg.userId,
      text,
      mode: msg.mode,
      link: messageLink(msg.channel, msg.ts, msg.threadTs),
    });
    if (outcome.kind === 'ignore') {
      if (outcome.reason === 'empty' && !problems.length && msg.mode !== 'listen')
        await deliver(emptyMentionReply());
      settle(null);
      return;
    }
    const ts = await deliver(outcome.reply);
    settle(ts ? { channel: msg.channel, ts, mode: msg.mode } : null);
  } catch (err) {
    settle(null);
    throw err;
  }
}

/** An edit of a message answered before: the answer is updated in place. False when there was none. */
export async function answerEdit(
  deps: ConversationDeps,
  client: WebClient,
  msg: IncomingMessage,
): Promise<boolean> {
  const key = messageKey(msg.workspace, msg.channel, msg.ts);
  const earlier = await deps.index.get(key);
  if (!earlier) return false;
  const { text } = await gatherText(deps, client, msg);
  const mode: MessageMode = earlier.mode === 'listen' ? 'listen' : 'edit';
  const outcome = await deps.bot.handleMessage({
    channel: { platform: 'slack', workspace: msg.workspace, channel: msg.channel },
    userId: msg.userId,
    text,
    mode,
    edited: true,
    link: messageLink(msg.channel, msg.ts, msg.threadTs),
  });
  // The channel stopped listening since: the earlier answer stays as it was.
  if (outcome.kind === 'ignore' && outcome.reason === 'listening-off') return true;
  const reply: Reply =
    outcome.kind === 'reply'
      ? outcome.reply
      : {
          kind: 'notice',
          title: 'The message was edited',
          blocks: [
            { type: 'text', text: 'It no longer holds crash output, so there is nothing to diagnose.' },
          ],
        };
  const target = { channel: msg.channel, threadTs: msg.threadTs ?? msg.ts };
  const updated = await deps.poster.update(client, target, earlier.ts, reply);
  if (updated.ok) deps.index.set(key, { ...earlier, ts: updated.ts });
  else deps.log.warn('could not update a reply after an edit', { channel: msg.channel, code: updated.code });
  return true;
}

async function gatherText(
  deps: ConversationDeps,
  client: WebClient,
  msg: IncomingMessage,
): Promise<{ text: string; problems: { name: string; problem: FileProblem }[] }> {
  const parts = [msg.text];
  const problems: { name: string; problem: FileProblem }[] = [];
  for (const listed of msg.files.slice(0, deps.maxFiles)) {
    const file = await withUrl(deps, client, listed);
    const read = await readSlackFile(deps.files, file);
    if (read.ok) parts.push(read.text);
    else problems.push({ name: read.name, problem: read.problem });
  }
  return { text: parts.filter((p) => p.trim() !== '').join('\n'), problems };
}

/** Some events list a file by id only; files.info fills in its URL. */
async function withUrl(deps: ConversationDeps, client: WebClient, file: SlackFile): Promise<SlackFile> {
  if (file.url_private_download || file.url_private) return file;
  try {
    const info = await deps.poster.call(() => client.files.info({ file: file.id }));
    const parsed = slackFileSchema.safeParse(info.file);
    return parsed.success ? parsed.data : file;
  } catch {
    return file;
  }
}
