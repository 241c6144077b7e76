// The crafted pastes (test/helpers/crafted.mjs) through the built `crashbot diagnose`, as
// files: each run's own CPU time (reported by the process as it exits) stays within
// 2 s + 1 s per MB, and each ends with a diagnosis. Before the patterns in src/ were
// proved, three of these cost the CLI 16-19 s of CPU each.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuilt } from '../helpers/cli.js';
import { craftedInputs } from '../helpers/crafted.mjs';

/** Makes the CLI print its own CPU time on standard error as it exits. */
const REPORT_CPU = [
  '--import',
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us:"+(u.user+u.system)+"\\n")})',
];
const MB = 1024 * 1024;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-crafted-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crashbot diagnose on crafted pastes', () => {
  it.each(craftedInputs().map((c, i) => [c.name, c, i] as const))(
    'GIVEN %s (5 MB) THEN it ends in CPU time proportional to its size',
    { timeout: 180_000 },
    (_name, c, i) => {
      const file = join(dir, `crafted-${i}.log`);
      writeFileSync(file, c.text);
      const r = runBuilt(['diagnose', '--json', file], { nodeArgs: REPORT_CPU });
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout).input.bytes).toBe(Buffer.byteLength(c.text));
      const cpu = Number(/cpu-us:(\d+)/.exec(r.stderr)?.[1]) / 1e6;
      expect(cpu).toBeLessThan(2 + Buffer.byteLength(c.text) / MB);
    },
  );
});
