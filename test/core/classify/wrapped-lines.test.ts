// An error a terminal or an editor wrapped onto the next line is read whole: real logs
// from the corpus, wrapped the way a terminal (cut inside a word at its width) and an
// editor (cut at a space) wrap them.
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

/** Cuts every line longer than `width` into pieces of `width` characters, as a terminal does. */
function terminalWrap(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => {
      const out: string[] = [];
      let rest = line;
      while (rest.length > width) {
        out.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      out.push(rest);
      return out;
    })
    .join('\n');
}

// https://github.com/endernewton/tf-faster-rcnn/issues/436
const CUDNN =
  'E tensorflow/stream_executor/cuda/cuda_dnn.cc:378] Loaded runtime CuDNN library: 7201 (compatibility version 7200) but source was compiled with 7004 (compatibility version 7000).  If using a binary install, upgrade your CuDNN library to match.';

// https://github.com/xusenlinzy/api-for-open-llm/issues/225, cut at spaces by an editor
const KV_CACHE = [
  "The model's max seq len (8192) is larger than the maximum number of tokens that",
  'can be stored in KV cache (4512). Try increasing `gpu_memory_utilization` or',
  'decreasing `max_model_len` when initializing the engine.',
].join('\n');

describe('an error wrapped onto the next line', () => {
  it('GIVEN the unwrapped lines THEN they are named first (the cases below need the join)', () => {
    expect(diagnoseText(CUDNN, kb).causes[0]?.id).toBe('cudnn-version-mismatch');
    expect(diagnoseText(KV_CACHE.replace(/\n/g, ' '), kb).causes[0]?.id).toBe('gpu-oom');
  });

  it.each([80, 100, 120])(
    'GIVEN the cuDNN mismatch cut by a %i-column terminal THEN it is named',
    (width) => {
      expect(diagnoseText(terminalWrap(CUDNN, width), kb).causes[0]?.id).toBe('cudnn-version-mismatch');
    },
  );

  it('GIVEN the wrapped cuDNN mismatch THEN the quote holds both lines, from the first', () => {
    const d = diagnoseText(terminalWrap(CUDNN, 80), kb);
    const quote = d.causes[0]?.evidence.find((e) => e.text.includes('but source was compiled with'));
    expect(quote?.line).toBe(1);
  });

  it('GIVEN the KV-cache error cut at spaces by an editor THEN it is a GPU memory shortage', () => {
    const d = diagnoseText(KV_CACHE, kb);
    expect(d.causes[0]?.id).toBe('gpu-oom');
    expect(d.causes[0]?.evidence[0]?.line).toBe(1);
  });

  it('GIVEN an error whole on one line above another long line THEN it is quoted alone, not joined', () => {
    const log = `${CUDNN}\n${'x'.repeat(10)} the next line of the log, long enough to look wrapped onto`;
    const d = diagnoseText(log, kb);
    expect(d.causes[0]?.id).toBe('cudnn-version-mismatch');
    expect(d.causes[0]?.evidence.map((e) => e.text)).not.toContainEqual(
      expect.stringContaining('the next line'),
    );
  });

  it('GIVEN two long lines of talk THEN joining them names nothing', () => {
    const talk = [
      'We moved the training job to the bigger node last week and it has been running',
      'fine since then; the dashboards look normal and memory use is flat over the run.',
    ].join('\n');
    expect(diagnoseText(talk, kb).causes).toEqual([]);
  });
});

describe('a harmless notice wrapped onto the next line', () => {
  it('GIVEN TensorFlow cpu_feature_guard notice cut by an 80-column terminal THEN it is no evidence', () => {
    const notice =
      "2017-03-20 10:00:00.000000: W tensorflow/core/platform/cpu_feature_guard.cc:45] The TensorFlow library wasn't compiled to use AVX instructions, but these are available on your machine and could speed up CPU computations.";
    expect(diagnoseText(`${terminalWrap(notice, 80)}\nHello, TensorFlow!`, kb).causes).toEqual([]);
  });
});

describe("an interactive prompt's line and the result printed under it", () => {
  const cause = (text: string) => diagnoseText(text, kb).causes[0]?.id;

  it.each([
    // 3dem/model-angelo#60
    ['Python', '>>> import torch\n>>> print(torch.cuda.is_available())\nFalse'],
    // floydhub/dockerfiles#3
    ['IPython', 'In [1]: import torch\n\nIn [2]: torch.cuda.is_available()\nOut[2]: False'],
    ['a device count', '>>> import torch\n>>> torch.cuda.device_count()\n0'],
    ['TensorFlow', ">>> import tensorflow as tf\n>>> tf.config.list_physical_devices('GPU')\n[]"],
    // pytorch/pytorch#150260: Intel's XPU, typed without a space after the prompt
    ['an Intel XPU', '>>> import torch\n>>>torch.xpu.is_available()\nFalse'],
    ['Apple MPS', '>>> import torch\n>>> torch.backends.mps.is_available()\nFalse'],
  ])('GIVEN %s asked at a prompt and no GPU in the answer THEN no GPU is named', (_what, text) => {
    expect(cause(text)).toBe('gpu-not-detected');
  });

  it.each([
    // pytorch/pytorch#30071: typed into a REPL, pasted without its prompt, the answer retyped
    ['the call alone, over its answer', 'import torch\ntorch.cuda.is_available()\nfalse'],
    ['a print of it', 'import torch\nprint(torch.cuda.is_available())\nFalse'],
  ])('GIVEN %s, without a prompt THEN it is read as at a prompt', (_what, text) => {
    expect(cause(text)).toBe('gpu-not-detected');
  });

  it('GIVEN two calls of a script, one under the other THEN they are not read as one', () => {
    expect(cause('model.cuda()\ntorch.cuda.is_available()')).toBeUndefined();
  });

  it('GIVEN the GPU found at the prompt, or the next prompt under it THEN nothing is named', () => {
    expect(cause('>>> torch.cuda.is_available()\nTrue\n>>> torch.cuda.device_count()\n2')).toBeUndefined();
    expect(cause('>>> torch.cuda.is_available()\n>>> False')).toBeUndefined();
  });
});
