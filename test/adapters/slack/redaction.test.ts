import { describe, expect, it } from 'vitest';
import { renderPlainMessage, renderSlackMessages } from '../../../src/adapters/slack/blocks.js';
import type { Reply } from '../../../src/core/reply/model.js';
import { checkMessage } from './fake/block-limits.mjs';

const REPLY: Reply = {
  kind: 'diagnosis',
  title: 'Likely cause: GPU out of memory (93%)',
  blocks: [{ type: 'text', text: 'The GPU ran out of memory.' }],
};

describe('secrets in what is sent to Slack', () => {
  it('GIVEN a token in an evidence line, a snippet and the title THEN none of them reaches Slack', () => {
    const token = 'xoxb-1234567890-1234567890-abcdefghijklmnopqrstuvwx';
    const hf = 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH';
    const json = JSON.stringify(
      renderSlackMessages({
        kind: 'diagnosis',
        title: `Crash with ${token}`,
        blocks: [
          { type: 'quote', lines: [{ line: 1, text: `export SLACK_TOKEN=${token}` }] },
          { type: 'code', language: 'sh', code: `huggingface-cli login --token ${hf}` },
        ],
        footer: `by ${token}`,
      }),
    );
    expect(json).not.toContain(token);
    expect(json).not.toContain(hf);
    expect(json).toContain('[REDACTED:slack-token]');
  });
});

describe('renderPlainMessage', () => {
  it('GIVEN a reply THEN its plain form is one fenced text, redacted, without blocks', () => {
    const m = renderPlainMessage({ ...REPLY, footer: 'token xoxb-1234567890-1234567890-abcdefghijkl' });
    expect(m.blocks).toEqual([]);
    expect(m.text.startsWith('```')).toBe(true);
    expect(m.text.endsWith('```')).toBe(true);
    expect(m.text).toContain('Likely cause: GPU out of memory (93%)');
    expect(m.text).not.toContain('xoxb-1234567890');
    expect(checkMessage(m)).toBeNull();
  });
});
