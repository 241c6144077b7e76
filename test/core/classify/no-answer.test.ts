import { beforeAll, describe, expect, it } from 'vitest';
import { createByteDiagnoser, diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { diagnosisReply } from '../../../src/core/reply/diagnosis.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

describe('no answer, with its reason', () => {
  it.each([
    ['empty text', '', 'no-input'],
    ['only blank lines', '  \n\n\t\n', 'no-input'],
    ['talk without any output', 'we might switch to bf16 next week, any objections?', 'no-crash-evidence'],
    ['a changelog line', 'Bumped the tokenizer to 0.15 and refreshed the docs.', 'no-crash-evidence'],
    [
      'an exception no known cause matches',
      'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    main()\nKeyError: \'label_smoothing\'',
      'evidence-but-no-known-cause',
    ],
  ])('GIVEN %s THEN no cause is named and the reason is %s', (_name, text, reason) => {
    const d = diagnoseText(text, kb);
    expect(d.causes).toEqual([]);
    expect(d.noAnswer?.reason).toBe(reason);
    expect(d.noAnswer?.text.length).toBeGreaterThan(10);
  });

  it('GIVEN a crash with a known cause THEN noAnswer is null', () => {
    const d = diagnoseText('RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB', kb);
    expect(d.causes[0]?.id).toBe('gpu-oom');
    expect(d.noAnswer).toBeNull();
  });

  it('GIVEN whitespace bytes (a file) THEN the byte path says no-input too', () => {
    const b = createByteDiagnoser(kb);
    b.push(new Uint8Array([0xef, 0xbb, 0xbf, 0x20, 0x0a, 0x0d, 0x0a]));
    expect(b.end().noAnswer?.reason).toBe('no-input');
    const t = createByteDiagnoser(kb);
    t.push(new TextEncoder().encode('  just words here\n'));
    expect(t.end().noAnswer?.reason).toBe('no-crash-evidence');
  });

  it('GIVEN each reason THEN the reply says which one it is, in its title and text', () => {
    const titles = ['', 'hello team', 'ValueError: weird thing in my own code'].map((t) => {
      const reply = diagnosisReply(diagnoseText(t, kb));
      const text = reply.blocks[0]?.type === 'text' ? reply.blocks[0].text : '';
      return [reply.title, text];
    });
    expect(new Set(titles.map((t) => t[0])).size).toBe(3);
    expect(titles[0]?.[1]).toMatch(/nothing to read/i);
    expect(titles[1]?.[1]).toMatch(/no error, traceback or exit code/i);
    expect(titles[2]?.[1]).toMatch(/shows a crash/i);
  });
});
