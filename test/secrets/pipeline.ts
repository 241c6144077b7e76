// Every way a pasted log comes back out of crashbot, for the planted-secret checks: the CLI
// (text, Markdown, JSON, GitHub annotations), Slack (blocks and plain), Discord (embeds
// and plain), the store on SQLite (every table and the file's bytes), the weekly
// summary (text, Markdown, Slack, Discord, chart), the inbox payload, and crashbot's own
// log lines (the one text logger every front end writes through, and Bolt's logger over it).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { renderReply } from '../../src/adapters/discord/render/index.js';
import { renderPlainMessage, renderSlackMessages } from '../../src/adapters/slack/blocks.js';
import { boltLogger } from '../../src/adapters/slack/logger.js';
import { diagnoseMessage } from '../../src/app/diagnose-message.js';
import { toInboxPayload } from '../../src/app/inbox/payload.js';
import { buildChannelSummary } from '../../src/app/summary/build.js';
import { render as renderCli } from '../../src/cli/commands/diagnose.js';
import { createByteDiagnoser } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import type { Reply } from '../../src/core/reply/model.js';
import { renderGithub } from '../../src/core/reply/render-github.js';
import { renderMarkdown } from '../../src/core/reply/render-markdown.js';
import { renderText } from '../../src/core/reply/render-text.js';
import { createLogger } from '../../src/observe/logger.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { openSqliteDb } from '../../src/store/sqlite-db.js';
import type { ChannelRef, CrashStore } from '../../src/store/types.js';

export interface Output {
  format: string;
  text: string;
}

/** The windows a leak check looks for: every 12 characters of the secret (or all of a shorter one). */
export function windows(secret: string, size = 12): string[] {
  if (secret.length <= size) return [secret];
  return Array.from({ length: secret.length - size + 1 }, (_, i) => secret.slice(i, i + size));
}

/** The first window of `secret` found in `text`, or null. */
export function leakedWindow(secret: string, text: string): string | null {
  for (const w of windows(secret)) if (text.includes(w)) return w;
  return null;
}

function replyRenderings(prefix: string, reply: Reply): Output[] {
  return [
    { format: `${prefix}text`, text: renderText(reply) },
    { format: `${prefix}markdown`, text: renderMarkdown(reply) },
    { format: `${prefix}slack-blocks`, text: JSON.stringify(renderSlackMessages(reply)) },
    { format: `${prefix}slack-plain`, text: JSON.stringify(renderPlainMessage(reply)) },
    { format: `${prefix}discord-embeds`, text: JSON.stringify(renderReply(reply, { embeds: true })) },
    { format: `${prefix}discord-plain`, text: JSON.stringify(renderReply(reply, { embeds: false })) },
  ];
}

export const WEEK = '2026-W47';
const AT = '2026-11-17T10:00:00Z';

/** One SQLite store and the knowledge base, shared by the runs of a test file. */
export class Pipeline {
  private constructor(
    readonly kb: KnowledgeBase,
    readonly store: CrashStore,
    private readonly dir: string,
    private readonly path: string,
  ) {}

  static async open(kb: KnowledgeBase): Promise<Pipeline> {
    const dir = mkdtempSync(join(tmpdir(), 'crashbot-planted-'));
    const path = join(dir, 'crashbot.sqlite');
    const store = await createSqlStore(openSqliteDb(path), { userSalt: 'planted' });
    return new Pipeline(kb, store, dir, path);
  }

  /** Everything crashbot makes of `log` pasted into channel `run`, except the store's bytes. */
  async outputs(log: string, run: number): Promise<Output[]> {
    const out: Output[] = [];
    // The CLI: bytes in, as `crashbot diagnose FILE` reads them.
    const bytes = createByteDiagnoser(this.kb);
    bytes.push(Buffer.from(log));
    const d = bytes.end();
    for (const format of ['text', 'markdown', 'json'] as const)
      out.push({ format: `cli-${format}`, text: renderCli(d, format) });
    const gh = renderGithub(d, 'train.log');
    out.push({ format: 'cli-github', text: `${gh.annotations}\n${gh.summary}` });
    // A chat: the mention's use case, its reply on every surface, then the record.
    const outcome = diagnoseMessage({ kb: this.kb, maxLogBytes: 4 << 20 }, log, 'mention');
    if (outcome.kind !== 'ignore') out.push(...replyRenderings('reply-', outcome.reply));
    const channel: ChannelRef = { platform: 'slack', workspace: 'T0PLANTED', channel: `C${run}` };
    if (outcome.kind === 'reply') {
      await this.store.recordDiagnosis(outcome.diagnosis, {
        channel,
        userId: `U${run}`,
        at: new Date(AT),
        messageLink: `https://example.slack.com/archives/C${run}/p1`,
      });
      const summary = await buildChannelSummary({ store: this.store }, channel, WEEK, 'UTC');
      out.push(...replyRenderings('summary-', summary.reply), { format: 'summary-chart', text: summary.svg });
    }
    out.push({
      format: 'inbox',
      text: toInboxPayload(`slack:E${run}`, { place: { platform: 'slack' }, text: log } as never),
    });
    // crashbot's own log lines, where an error or a refused delivery quotes the paste.
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', write: (t) => lines.push(t) });
    logger.child({ name: 'slack' }).error('could not post a reply', { text: log });
    const bolt = boltLogger(logger, 'debug');
    bolt.error(new Error(`An API error occurred: invalid_blocks ${log}`));
    bolt.debug('request body', { event: { text: log } });
    logger
      .child({ name: 'discord' })
      .warn(`could not deliver: Missing Permissions for ${log}`, { content: log });
    out.push({ format: 'log-lines', text: lines.join('') });
    return out;
  }

  /** Every table of the database as JSON, and the file's own bytes (free pages, WAL). */
  async dump(): Promise<string> {
    const conn = new Database(this.path);
    const tables = conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
      name: string;
    }[];
    const rows = tables.map((t) => JSON.stringify(conn.prepare(`SELECT * FROM "${t.name}"`).all()));
    conn.pragma('wal_checkpoint(TRUNCATE)');
    conn.close();
    const bytes = ['', '-wal'].map((s) => {
      try {
        return readFileSync(this.path + s).toString('latin1');
      } catch {
        return '';
      }
    });
    return [...rows, ...bytes].join('\n');
  }

  async close(): Promise<void> {
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
