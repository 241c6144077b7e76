import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import {
  escapeData,
  escapeProperty,
  fitSummary,
  renderGithub,
} from '../../../src/core/reply/render-github.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge base has problems');
const kb = loaded.kb;

describe('GitHub workflow commands', () => {
  it('GIVEN text with %, CR, LF, : and , THEN each escapes as @actions/core does', () => {
    expect(escapeData('50% done\r\n::error::x')).toBe('50%25 done%0D%0A::error::x');
    expect(escapeProperty('a: b, c')).toBe('a%3A b%2C c');
  });

  it('GIVEN a log line that tries to inject a workflow command THEN every annotation stays one line', () => {
    const log = [
      'Epoch 1/10',
      'RuntimeError: CUDA error: device-side assert triggered\r::set-env name=X::1',
      '::add-mask::RuntimeError: CUDA error: device-side assert triggered',
    ].join('\n');
    const out = renderGithub(diagnoseText(log, kb), 'logs/train.log');
    const lines = out.annotations.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines)
      expect(l).toMatch(/^::error title=crashbot%3A [^\n]*::logs\/train\.log line \d+: /);
    expect(out.annotations).not.toMatch(/\n::(set-env|add-mask)/);
  });

  it('GIVEN a log with no known cause but an exit code THEN a warning, not an error', () => {
    const out = renderGithub(diagnoseText('Process finished with exit code 1', kb), null);
    expect(out.annotations).toMatch(/^::warning title=crashbot%3A no confident cause::/);
  });

  it('GIVEN a secret on an evidence line THEN neither annotation nor summary carries it', () => {
    const secret = 'ghp_0123456789abcdefABCDEF0123456789abcd';
    const log = `GITHUB_TOKEN=${secret} torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB`;
    const out = renderGithub(diagnoseText(log, kb), null);
    expect(out.annotations + out.summary).not.toContain(secret.slice(4, 16));
  });
});

describe('fitSummary', () => {
  it('GIVEN a summary that fits THEN it is unchanged', () => {
    expect(fitSummary('### hi\n', 100)).toBe('### hi\n');
  });

  it('GIVEN a summary larger than the room THEN it is cut within the room, fences closed, and says so', () => {
    const big = `### title\n\`\`\`text\n${'x'.repeat(5000)}\n\`\`\`\n`;
    const cut = fitSummary(big, 1000);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(1000);
    expect((cut.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect(cut).toMatch(/GitHub keeps at most 1 MiB/);
  });

  it('GIVEN no room at all THEN nothing is added', () => {
    expect(fitSummary('### title\nlong text', 10)).toBe('');
  });
});
