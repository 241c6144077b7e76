// The composition root: builds the bot's parts from the config and starts the front
// ends that are configured (the terminal chat when no chat tokens are set).
import { runTerminalChat } from './adapters/shell/terminal-chat.js';
import { type Bot, createBot } from './app/bot.js';
import { helpReply, noticeReply } from './app/command-replies.js';
import { renderChartPng } from './app/summary/png.js';
import type { Config } from './config/config.js';
import type { KnowledgeBase } from './core/knowledge.js';
import type { Reply } from './core/reply/model.js';
import { openStore } from './store/open.js';
import type { ChannelRef, CrashStore } from './store/types.js';

export interface StartDeps {
  config: Config;
  kb: KnowledgeBase;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  write: (text: string) => void;
  log: (text: string) => void;
}

export type StartResult = { ok: true } | { ok: false; message: string };

/** The one channel of the terminal chat. */
export const TERMINAL_CHANNEL: ChannelRef = { platform: 'terminal', workspace: 'local', channel: 'local' };

export async function startBot(deps: StartDeps): Promise<StartResult> {
  const { config, kb } = deps;
  const opened = await openStore(config);
  if (!opened.ok) return { ok: false, message: `cannot open the store: ${opened.error.message}` };
  const store = opened.store;
  const bot = createBot({
    kb,
    store,
    now: () => new Date(),
    timezone: config.timezone,
    maxLogBytes: config.maxLogBytes,
    chartPng: (svg) => renderChartPng(svg),
    logger: {
      warn: (message, data) => deps.log(`warning: ${message} ${data ? JSON.stringify(data) : ''}\n`),
    },
  });
  try {
    if (config.slack || config.discord) {
      deps.log('crashbot: chat tokens are set, but this build starts only the terminal chat.\n');
    }
    await runTerminal(deps, bot, store);
    return { ok: true };
  } finally {
    await store.close();
  }
}

async function runTerminal(deps: StartDeps, bot: Bot, store: CrashStore): Promise<void> {
  if (deps.stdin.isTTY) {
    const where =
      store.kind === 'sqlite' ? deps.config.store.kind === 'sqlite' && deps.config.store.path : 'PostgreSQL';
    deps.log(`crashbot: no chat tokens set; terminal chat, records in ${where}\n`);
  }
  await runTerminalChat({
    input: deps.stdin,
    write: deps.write,
    interactive: Boolean(deps.stdin.isTTY),
    handlers: {
      async message(text) {
        const outcome = await bot.handleMessage({
          channel: TERMINAL_CHANNEL,
          userId: 'local',
          text,
          mode: 'mention',
        });
        return outcome.kind === 'reply' ? outcome.reply : null;
      },
      async command(text) {
        return terminalCommand(bot, text);
      },
    },
  });
}

async function terminalCommand(bot: Bot, text: string): Promise<Reply> {
  const [head, ...rest] = text.slice(1).split(/\s+/);
  if (head === 'help') return helpReply();
  if (head !== 'crash') return noticeReply(`Unknown command /${head}`, 'Try `/crash help`.');
  return (await bot.handleCommand(TERMINAL_CHANNEL, 'local', rest.join(' '))).reply;
}
