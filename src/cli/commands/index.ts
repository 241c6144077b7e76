// The CLI's subcommands, in the order `crashbot help` lists them.
import type { Command } from '../command.js';
import { checkEnvCommand } from './check-env.js';
import { diagnoseCommand } from './diagnose.js';
import { discordInviteCommand } from './discord-invite.js';
import { discordRegisterCommand } from './discord-register.js';
import { exitCodeCommand } from './exit-code.js';
import { knowledgeCheckCommand } from './knowledge-check.js';
import { runCommand } from './run.js';
import { startCommand } from './start.js';
import { summaryCommand } from './summary.js';

export const COMMANDS: readonly Command[] = [
  diagnoseCommand,
  checkEnvCommand,
  exitCodeCommand,
  knowledgeCheckCommand,
  runCommand,
  startCommand,
  discordInviteCommand,
  discordRegisterCommand,
  summaryCommand,
];
