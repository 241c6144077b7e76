import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram, Registry } from '../../src/observe/registry.js';
import { parseExposition, sample } from './parse-exposition.js';

describe('the Prometheus text exposition', () => {
  it('GIVEN counters with labels and a gauge THEN the text parses back to the same values, with HELP and TYPE', () => {
    const r = new Registry();
    const c = r.add(new Counter('demo_total', 'Demo events.', ['cause', 'mode']));
    r.add(new Gauge('demo_bytes', 'A gauge read when scraped.', () => 1234.5));
    c.inc({ cause: 'gpu-oom', mode: 'mention' });
    c.inc({ cause: 'gpu-oom', mode: 'mention' }, 2);
    c.inc({ cause: 'none', mode: 'listen' });
    const p = parseExposition(r.render());
    expect(p.types.get('demo_total')).toBe('counter');
    expect(p.types.get('demo_bytes')).toBe('gauge');
    expect(p.help.get('demo_total')).toBe('Demo events.');
    expect(sample(p, 'demo_total', { cause: 'gpu-oom', mode: 'mention' })).toBe(3);
    expect(sample(p, 'demo_total', { cause: 'none', mode: 'listen' })).toBe(1);
    expect(sample(p, 'demo_bytes')).toBe(1234.5);
  });

  it('GIVEN observations THEN the histogram buckets are cumulative, +Inf equals the count, and sum adds up', () => {
    const r = new Registry();
    const h = r.add(new Histogram('demo_seconds', 'Demo latency.', [0.1, 0.01, 1], ['kind']));
    for (const v of [0.005, 0.05, 0.05, 0.5, 3]) h.observe(v, { kind: 'message' });
    const p = parseExposition(r.render());
    expect(p.types.get('demo_seconds')).toBe('histogram');
    const buckets = p.samples
      .filter((s) => s.name === 'demo_seconds_bucket')
      .map((s) => [s.labels.le, s.value, s.labels.kind]);
    expect(buckets).toEqual([
      ['0.01', 1, 'message'],
      ['0.1', 3, 'message'],
      ['1', 4, 'message'],
      ['+Inf', 5, 'message'],
    ]);
    expect(sample(p, 'demo_seconds_count', { kind: 'message' })).toBe(5);
    expect(sample(p, 'demo_seconds_sum', { kind: 'message' })).toBeCloseTo(3.605, 10);
  });

  it.each([
    ['a quote', 'say "hi"'],
    ['a backslash', 'C:\\Windows\\System32'],
    ['a line feed', 'two\nlines'],
    ['all of them and a brace', 'x\\"}\n{'],
  ])('GIVEN a label value with %s THEN it is escaped and parses back unchanged', (_what, value) => {
    const r = new Registry();
    r.add(new Counter('esc_total', 'Escaping.', ['v'])).inc({ v: value });
    const text = r.render();
    expect(text.split('\n').filter((l) => l.startsWith('esc_total'))).toHaveLength(1);
    expect(parseExposition(text).samples[0]?.labels.v).toBe(value);
  });

  it('GIVEN a HELP text with a line feed THEN it stays on one line', () => {
    const r = new Registry();
    r.add(new Counter('h_total', 'first\nsecond'));
    expect(r.render()).toContain('# HELP h_total first\\nsecond\n');
  });

  it('GIVEN wrong labels, a negative increment, a bad or repeated name THEN a RangeError says so', () => {
    const r = new Registry();
    const c = r.add(new Counter('x_total', 'X.', ['a']));
    expect(() => c.inc({ b: '1' })).toThrow(/labels must be exactly \[a\]/);
    expect(() => c.inc({})).toThrow(RangeError);
    expect(() => c.inc({ a: '1' }, -1)).toThrow(/only goes up/);
    expect(() => r.add(new Counter('x_total', 'again'))).toThrow(/registered twice/);
    expect(() => r.add(new Counter('bad-name', 'X.'))).toThrow(/not a metric name/);
    expect(() => new Histogram('h', 'H.', [])).toThrow(/buckets/);
    expect(c.get({ a: '1' })).toBe(0);
  });

  it('GIVEN no observations THEN only HELP and TYPE lines are written', () => {
    const r = new Registry();
    r.add(new Counter('quiet_total', 'Nothing yet.', ['a']));
    r.add(new Histogram('quiet_seconds', 'Nothing yet.', [1]));
    expect(parseExposition(r.render()).samples).toEqual([]);
  });
});
