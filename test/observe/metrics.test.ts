// The pipeline's events as prom-client metrics: counted where they happen, under the
// names and labels the README lists, in the Prometheus text format.
import { describe, expect, it } from 'vitest';
import { conversationMetrics } from '../../src/observe/conversation-metrics.js';
import { createBotMetrics } from '../../src/observe/metrics.js';
import { parseExposition, sample } from './parse-exposition.js';

describe('the metrics', () => {
  it('GIVEN events of the pipeline and the front ends THEN each is counted under its labels', async () => {
    const metrics = createBotMetrics({ defaults: false });
    const events = conversationMetrics(metrics);
    events.diagnosed?.('gpu-oom', 'mention');
    events.diagnosed?.('gpu-oom', 'mention');
    events.diagnosed?.('none', 'listen');
    events.replied?.('slack', 'diagnosis');
    events.replied?.('discord', 'notice');
    events.ignored?.('cooldown');
    events.command?.('discord');
    events.failed?.('delivery');
    events.failed?.('frontend');
    events.handled?.('message', 0.03);
    events.handled?.('command', 2);
    const p = parseExposition(await metrics.registry.metrics());
    expect(sample(p, 'crashbot_diagnoses_total', { cause: 'gpu-oom', mode: 'mention' })).toBe(2);
    expect(sample(p, 'crashbot_diagnoses_total', { cause: 'none', mode: 'listen' })).toBe(1);
    expect(sample(p, 'crashbot_replies_total', { platform: 'discord', kind: 'notice' })).toBe(1);
    expect(sample(p, 'crashbot_ignored_total', { reason: 'cooldown' })).toBe(1);
    expect(sample(p, 'crashbot_commands_total', { platform: 'discord' })).toBe(1);
    expect(sample(p, 'crashbot_errors_total', { kind: 'frontend' })).toBe(1);
    expect(sample(p, 'crashbot_message_handling_seconds_bucket', { kind: 'message', le: '0.025' })).toBe(0);
    expect(sample(p, 'crashbot_message_handling_seconds_bucket', { kind: 'message', le: '0.05' })).toBe(1);
    expect(sample(p, 'crashbot_message_handling_seconds_sum', { kind: 'command' })).toBe(2);
    expect(p.types.get('crashbot_message_handling_seconds')).toBe('histogram');
    expect(sample(p, 'nodejs_heap_used_bytes')).toBeGreaterThan(0);
    expect(p.types.has('nodejs_eventloop_lag_seconds')).toBe(false);
  });

  it("GIVEN the defaults THEN prom-client's process and event-loop metrics are there too", async () => {
    const p = parseExposition(await createBotMetrics().registry.metrics());
    for (const name of [
      'process_resident_memory_bytes',
      'process_start_time_seconds',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(p.types.has(name), name).toBe(true);
  });
});
