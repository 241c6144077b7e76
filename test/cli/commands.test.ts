// The command table (names and summaries, each implementation loaded when it runs)
// stays in step with the command modules it loads.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runInProcess } from '../helpers/cli.js';

describe('the CLI command table', () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    'GIVEN %s THEN it loads the command of that name',
    async (name, entry) => {
      const command = await entry.load();
      expect(command.name).toBe(name);
      expect(command.usage.startsWith(`crashbot ${name}`)).toBe(true);
    },
  );

  it('GIVEN help THEN every command is listed with its summary', async () => {
    const r = await runInProcess(['help']);
    expect(r.status).toBe(0);
    for (const c of COMMANDS) expect(r.out).toContain(`${c.name}`);
    for (const c of COMMANDS) expect(r.out).toContain(c.summary);
  });

  it('GIVEN help NAME THEN the loaded command prints its usage', async () => {
    const r = await runInProcess(['help', 'exit-code']);
    expect(r.out.startsWith('crashbot exit-code CODE')).toBe(true);
  });
});
