// The CLI's subcommands, in the order `crashbot help` lists them. Each one's module (and
// all it imports) loads only when it runs, so `crashbot exit-code 137` does not load the
// classifier, nor `crashbot diagnose` the bot.
import type { Command } from '../command.js';

export interface CommandEntry {
  /** One or two words, as typed: `diagnose`, `knowledge check`. */
  readonly name: string;
  /** The line `crashbot help` prints for it. */
  readonly summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'diagnose',
    summary: 'Diagnose a crash log from a file or standard input',
    load: async () => (await import('./diagnose.js')).diagnoseCommand,
  },
  {
    name: 'check-env',
    summary: 'Check the versions in an environment dump or log against the compatibility tables',
    load: async () => (await import('./check-env.js')).checkEnvCommand,
  },
  {
    name: 'exit-code',
    summary: 'Decode an exit code (Windows NTSTATUS signed, unsigned or hex; POSIX 128+N; Python -N)',
    load: async () => (await import('./exit-code.js')).exitCodeCommand,
  },
  {
    name: 'knowledge check',
    summary: 'Load knowledge/, print every problem with its file and field, prove every pattern safe',
    load: async () => (await import('./knowledge-check.js')).knowledgeCheckCommand,
  },
  {
    name: 'run',
    summary: 'Run a training command; when it crashes, diagnose it and post the answer',
    load: async () => (await import('./run.js')).runCommand,
  },
  {
    name: 'start',
    summary: 'Run the bot (Slack and Discord when their tokens are set; otherwise a terminal chat)',
    load: async () => (await import('./start.js')).startCommand,
  },
  {
    name: 'discord invite',
    summary: 'Print the URL that adds the bot to a Discord server',
    load: async () => (await import('./discord-invite.js')).discordInviteCommand,
  },
  {
    name: 'discord register',
    summary: 'Register the /crash and "Diagnose crash" commands with Discord',
    load: async () => (await import('./discord-register.js')).discordRegisterCommand,
  },
  {
    name: 'summary',
    summary: "Print a channel's weekly crash summary (text, Markdown, JSON, or the chart as PNG)",
    load: async () => (await import('./summary.js')).summaryCommand,
  },
];
