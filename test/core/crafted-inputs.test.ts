// Pastes crafted against backtracking regular expressions (test/helpers/crafted.ts: 5 MB
// of dots, spaces, tabs, digits, `+`, newlines and near-matches after the words that send
// a line to a pattern) go through the classifier and the Discord renderer in CPU time
// proportional to their size. Before the patterns in src/ were proved, three of them cost
// 16-19 s of CPU each; the bound here (2 s + 1 s per MB) is generous for linear work and
// far below quadratic.
import { describe, expect, it } from 'vitest';
import { escapeDiscord } from '../../src/adapters/discord/render/markdown.js';
import { diagnoseTextDetailed } from '../../src/core/diagnose.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { craftedInputs } from '../helpers/crafted.mjs';

const MB = 1024 * 1024;
const bound = (chars: number) => 2 + chars / MB;

function cpuSeconds(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const loaded = loadKnowledge();
const knowledge = () => {
  if (!loaded.ok) throw new Error('knowledge/ does not load');
  return loaded.kb;
};

describe('crafted pastes', () => {
  const inputs = craftedInputs();

  it.each(inputs.map((c) => [c.name, c] as const))(
    'GIVEN %s (5 MB) THEN the classifier reads it in CPU time proportional to its size',
    { timeout: 120_000 },
    (_name, c) => {
      const kb = knowledge();
      const seconds = cpuSeconds(() => diagnoseTextDetailed(c.text, kb));
      expect(seconds).toBeLessThan(bound(c.text.length));
    },
  );

  it.each([
    ['newlines then a tab', `${'\n'.repeat(5 * MB)}\t`],
    ['blank lines of spaces then a marker', `${' \t\n'.repeat(MB)}#`],
    ['indented numbered lines', '   1.\tKilled\n'.repeat(MB / 4)],
  ])('GIVEN %s THEN the Discord renderer escapes it in CPU time proportional to its size', (_name, text) => {
    const seconds = cpuSeconds(() => escapeDiscord(text));
    expect(seconds).toBeLessThan(bound(text.length));
  });
});
