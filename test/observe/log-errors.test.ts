import { describe, expect, it } from 'vitest';
import { countingLog, errorKindOfLogLine } from '../../src/observe/log-errors.js';

describe('counting the front ends’ errors from their log', () => {
  it.each([
    ['warn: slack: could not post a reply {"channel":"C1","code":"ratelimited"}', 'delivery'],
    ['warn: slack: could not answer an interaction {"channel":"C1"}', 'delivery'],
    ['warn: slack: a follow-up message of a reply could not be posted {"part":2}', 'delivery'],
    ['discord warning: could not deliver a reply {"code":50013}', 'delivery'],
    ['discord warning: a later part of a long reply could not be sent {}', 'delivery'],
    ['discord warning: an interaction failed {"interaction":"1"}', 'delivery'],
    ['error: slack: a Slack listener failed {"code":"x"}', 'frontend'],
    ['discord warning: gateway error {"shard":0}', 'frontend'],
    ['info: slack: could not join the channel', null],
    ['discord info: logged in as crashbot', null],
    ['crashbot: running on slack', null],
  ])('GIVEN %s THEN %s', (line, kind) => {
    expect(errorKindOfLogLine(line)).toBe(kind);
  });

  it('GIVEN text with several lines THEN each warning counts and the text passes on unchanged', () => {
    const written: string[] = [];
    const counted: string[] = [];
    const log = countingLog(
      (t) => written.push(t),
      (k) => counted.push(k),
    );
    const text = 'discord warning: could not deliver a reply {}\ndiscord info: ok\nwarn: slack: x\n';
    log(text);
    expect(written).toEqual([text]);
    expect(counted).toEqual(['delivery', 'frontend']);
  });
});
