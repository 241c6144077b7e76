// The composition root: builds the bot's parts from the config and starts the front
// ends that are configured (the terminal chat when no chat tokens are set).
import { runTerminalChat } from './adapters/shell/terminal-chat.js';
import { exitCodeCommandReply, helpReply, noticeReply } from './app/command-replies.js';
import { parseCrashCommand } from './app/crash-command.js';
import { diagnoseMessage } from './app/diagnose-message.js';
import type { Config } from './config/config.js';
import type { KnowledgeBase } from './core/knowledge.js';
import type { Reply } from './core/reply/model.js';

export interface StartDeps {
  config: Config;
  kb: KnowledgeBase;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  write: (text: string) => void;
  log: (text: string) => void;
}

export async function startBot(deps: StartDeps): Promise<void> {
  const { config, kb } = deps;
  if (config.slack || config.discord) {
    deps.log('crashbot: chat tokens are set, but this build starts only the terminal chat.\n');
  }
  await runTerminalChat({
    input: deps.stdin,
    write: deps.write,
    interactive: Boolean(deps.stdin.isTTY),
    handlers: {
      async message(text) {
        const outcome = diagnoseMessage({ kb, maxLogBytes: config.maxLogBytes }, text, 'mention');
        return outcome.kind === 'ignore' ? null : outcome.reply;
      },
      async command(text) {
        return terminalCommand(kb, text);
      },
    },
  });
}

function terminalCommand(kb: KnowledgeBase, text: string): Reply {
  const [head, ...rest] = text.slice(1).split(/\s+/);
  if (head === 'help') return helpReply();
  if (head !== 'crash') return noticeReply(`Unknown command /${head}`, 'Try `/crash help`.');
  const cmd = parseCrashCommand(rest.join(' '));
  switch (cmd.kind) {
    case 'help':
      return helpReply();
    case 'exit-code':
      return exitCodeCommandReply(kb, cmd.code);
    case 'invalid':
      return noticeReply('I did not understand that', cmd.message);
    default:
      return noticeReply('Not available here', 'Summaries and listening settings need a chat channel.');
  }
}
