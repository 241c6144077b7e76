import { describe, expect, it } from 'vitest';
import { mentions, slackToPlain, truncate, truncateMrkdwn } from '../../../src/adapters/slack/mrkdwn.js';

describe('slackToPlain', () => {
  it.each([
    ['entities', 'if a &lt; b &amp;&amp; c &gt; d', 'if a < b && c > d'],
    ['an escaped entity stays literal', 'write &amp;lt; for <', 'write &lt; for <'],
    ['the bot mention', '<@U0BOT> here is my log', ' here is my log'],
    ['another user', 'cc <@U0ANA>', 'cc @U0ANA'],
    ['a labelled user', 'cc <@U0ANA|ana>', 'cc @ana'],
    ['a channel', 'see <#C0TRAIN|training>', 'see #training'],
    ['a special mention', '<!here> it died', '@here it died'],
    [
      'a bare link',
      'pip install -f <https://download.pytorch.org/whl/cu118>',
      'pip install -f https://download.pytorch.org/whl/cu118',
    ],
    ['a labelled link', 'from <https://example.com/x|example.com/x>', 'from example.com/x'],
    ['a mailto link', '<mailto:ana@example.com|ana@example.com>', 'ana@example.com'],
    [
      'a traceback with angle brackets',
      'File "&lt;stdin&gt;", line 1, in &lt;module&gt;',
      'File "<stdin>", line 1, in <module>',
    ],
  ])('GIVEN %s THEN it reads as typed', (_name, slack, plain) => {
    expect(slackToPlain(slack, 'U0BOT')).toBe(plain);
  });
});

describe('mentions', () => {
  it.each([
    ['<@U0BOT> hi', true],
    ['hi <@U0BOT|crashbot>', true],
    ['hi <@U0BOTX>', false],
    ['hi @U0BOT', false],
  ])('GIVEN %j THEN mentions is %s', (text, expected) => {
    expect(mentions(text, 'U0BOT')).toBe(expected);
  });
});

describe('truncation', () => {
  it.each([
    ['short text', 'abc', 5, 'abc'],
    ['long text', 'abcdefgh', 5, 'abcd…'],
    ['a surrogate pair at the cut', `abc${'😀'}def`, 5, 'abc…'],
  ])('GIVEN %s THEN truncate keeps it whole', (_n, text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
    expect(truncate(text, max).length).toBeLessThanOrEqual(max);
  });

  it('GIVEN an entity at the cut THEN truncateMrkdwn drops its half', () => {
    expect(truncateMrkdwn('abcd &amp; more', 8)).toBe('abcd …');
  });
});
