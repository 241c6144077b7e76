import { describe, expect, it } from 'vitest';
import { countingLog, errorKindOfLogLine } from '../../src/observe/log-errors.js';

describe("counting the front ends' warnings from their log", () => {
  it.each([
    ['warn: slack: a Slack listener failed {"code":"x"}', 'frontend'],
    ['error: slack/bolt: something broke', 'frontend'],
    ['warn: discord: gateway error {"shard":0}', 'frontend'],
    // Counted where they happen, by the pipeline: not again from the log.
    ['warn: crashbot: could not post a reply {"platform":"slack"}', null],
    ['info: slack: could not join the channel', null],
    ['info: discord: logged in as crashbot', null],
  ])('GIVEN %s THEN %s', (line, kind) => {
    expect(errorKindOfLogLine(line)).toBe(kind);
  });

  it('GIVEN text with several lines THEN each warning counts and the text passes on unchanged', () => {
    const counted: string[] = [];
    const written: string[] = [];
    const text = 'warn: discord: gateway error {}\ninfo: discord: ok\nwarn: slack: x\n';
    countingLog(
      (t) => written.push(t),
      (k) => counted.push(k),
    )(text);
    expect(counted).toEqual(['frontend', 'frontend']);
    expect(written).toEqual([text]);
  });
});
