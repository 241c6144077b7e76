// A line that names a crash while talking about it is not output: a crash named as what a
// change avoids or what code is made to catch, next to a program's own "to avoid fragmentation" advice that stays output.
// The lines come from real threads in test/corpus/listen.jsonl and test/corpus/crash.jsonl.
import { beforeAll, describe, expect, it } from 'vitest';
import { isTalk } from '../../../src/core/classify/crash-report.js';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

describe('listening: a crash named as what a change avoids', () => {
  it.each([
    'Increased resource limit to avoid "OOM killed"',
    'Increase the memory request to prevent OOM crashes of the sync container',
    'Raise the limit to mitigate the pods being OOMKilled during rollout',
  ])('GIVEN %j THEN it is talk and no crash report', (text) => {
    expect(isTalk(text)).toBe(true);
    expect(diagnoseText(text, kb).crashReport).toBe(false);
  });

  it.each([
    '- update stable-diffusion-task lib to catch RuntimeError: CUDA error: out of memory',
    'Wrap the training step in a try block to handle torch.cuda.OutOfMemoryError and retry with half the batch',
  ])(
    'GIVEN an error named as what code is made to catch (%j) THEN it is talk and no crash report',
    (text) => {
      expect(isTalk(text)).toBe(true);
      expect(diagnoseText(text, kb).crashReport).toBe(false);
    },
  );

  it('GIVEN a server that failed to handle a request with an OOM THEN it stays a crash report', () => {
    const msg =
      'ERROR: Failed to handle request: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB';
    expect(isTalk(msg)).toBe(false);
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it("GIVEN a program's own advice to avoid fragmentation in its OOM message THEN it stays a crash report", () => {
    const msg =
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 10.75 GiB of which 7.56 MiB is free. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
    expect(isTalk(msg)).toBe(false);
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it('GIVEN a report that avoided one thing and still crashed THEN it is a crash report', () => {
    const msg = 'I set num_workers=0 to avoid the shared memory warning, but it still dies with:\nKilled';
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });
});
