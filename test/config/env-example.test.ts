// .env.example lists every variable crashbot reads (the bot's and crashbot run's), each
// once, and nothing it does not read, so a new setting cannot be left out of it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knownVariables, RUN_VARIABLES } from '../../src/config/config.js';

const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const listed = [...text.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);

describe('.env.example', () => {
  it('GIVEN the config THEN every variable is listed once, and only those', () => {
    const expected = new Set([...knownVariables(), ...RUN_VARIABLES].filter((v) => !v.endsWith('_FILE')));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...expected].filter((v) => !listed.includes(v))).toEqual([]);
    expect(listed.filter((v) => !expected.has(v))).toEqual([]);
  });

  it('GIVEN every line commented out THEN it parses to the defaults', () => {
    expect(text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))).toEqual([]);
  });
});
