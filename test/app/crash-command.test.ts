import { describe, expect, it } from 'vitest';
import { parseCrashCommand } from '../../src/app/crash-command.js';

describe('parseCrashCommand', () => {
  it.each([
    ['', { kind: 'help' }],
    ['help', { kind: 'help' }],
    ['-1073740791', { kind: 'exit-code', code: '-1073740791', public: false }],
    ['0xC0000409 public', { kind: 'exit-code', code: '0xC0000409', public: true }],
    ['exit code 137', { kind: 'exit-code', code: 'exit code 137', public: false }],
    ['summary', { kind: 'summary' }],
    ['summary off', { kind: 'summary-setting', on: false }],
    [
      'summary on fri 9:30 Europe/Berlin',
      {
        kind: 'summary-setting',
        on: true,
        schedule: { day: 'friday', time: '9:30', timezone: 'Europe/Berlin' },
      },
    ],
    [
      'summaries on monday 09:00',
      { kind: 'summary-setting', on: true, schedule: { day: 'monday', time: '09:00' } },
    ],
    ['listen on', { kind: 'listen', on: true }],
    ['listen OFF', { kind: 'listen', on: false }],
  ])('GIVEN "/crash %s" THEN it parses', (text, expected) => {
    expect(parseCrashCommand(text)).toEqual(expected);
  });

  it.each([
    'listen',
    'listen maybe',
    'summary on someday 9:00',
    'summary on monday 25:00',
    'summary sometimes',
    'public',
  ])('GIVEN "/crash %s" THEN it is invalid with a usage message', (text) => {
    const c = parseCrashCommand(text);
    expect(c.kind).toBe('invalid');
    if (c.kind === 'invalid') expect(c.message).toMatch(/\/crash/);
  });
});
