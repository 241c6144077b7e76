import { describe, expect, it } from 'vitest';
import { checksFor, loadRealCompat } from './helpers.js';
import { SCENARIOS } from './scenarios/index.js';

const compat = loadRealCompat();

describe('version checks on real-shaped pastes', () => {
  it('GIVEN the table THEN it holds at least 40 scenarios', () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(SCENARIOS.map((s) => [s.name, s] as const))(
    'GIVEN %s THEN the checks get the expected statuses',
    (_n, s) => {
      const { checks } = checksFor(s.paste, compat, s.ctx);
      const got = Object.fromEntries(
        Object.keys(s.expect).map((id) => [id, checks.find((c) => c.id === id)?.status ?? null]),
      );
      expect(got).toEqual(s.expect);
      for (const [id, words] of Object.entries(s.names ?? {})) {
        const text = checks.find((c) => c.id === id)?.text ?? '';
        for (const w of words) expect(text, `${id} names ${w}`).toContain(w);
      }
    },
  );

  it.each(SCENARIOS.map((s) => [s.name, s] as const))('GIVEN %s THEN every check is complete', (_n, s) => {
    for (const c of checksFor(s.paste, compat, s.ctx).checks) {
      expect(c.text.length, c.id).toBeGreaterThan(20);
      if (c.status === 'todo') expect(c.command, c.id).toBeTruthy();
      if (c.status === 'fail' || c.status === 'ok') expect(c.source, c.id).toBeTruthy();
      if (c.cause) expect(['fail', 'warn']).toContain(c.status);
    }
  });
});
