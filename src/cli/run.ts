// Dispatches argv to a command. Everything it touches comes in through the context,
// so tests run it in-process.
import { type CommandContext, EXIT } from './command.js';
import { COMMANDS, type CommandEntry } from './commands/index.js';

export const VERSION = '0.1.0';

export async function runCli(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? find(rest) : undefined;
    ctx.out(topic ? `${(await topic.entry.load()).usage}\n` : overview());
    return first === undefined && !ctx.stdin.isTTY ? EXIT.usage : EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    ctx.out(`crashbot ${VERSION}\n`);
    return EXIT.ok;
  }
  const found = find(argv);
  if (!found) {
    ctx.err(
      `crashbot: unknown command "${argv.slice(0, 2).join(' ')}"; run \`crashbot help\` for the list\n`,
    );
    return EXIT.usage;
  }
  try {
    const command = await found.entry.load();
    return await command.run(found.args, ctx);
  } catch (err) {
    ctx.err(`crashbot ${found.entry.name}: internal error: ${(err as Error).stack ?? String(err)}\n`);
    return EXIT.failure;
  }
}

function find(argv: readonly string[]): { entry: CommandEntry; args: readonly string[] } | undefined {
  for (const entry of COMMANDS) {
    const words = entry.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { entry, args: argv.slice(words.length) };
  }
  return undefined;
}

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `crashbot ${VERSION}: explains GPU and ML crash logs`,
    '',
    'usage: crashbot <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run `crashbot help <command>` for a command's options.",
    '',
  ].join('\n');
}
