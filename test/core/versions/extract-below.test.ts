// Versions printed on the line below the one that asked for them: REPL output, `python -c`,
// `pip show`, issue-form headings. Read by the collector alone and through the classifier's
// prefilter (text and bytes), where the value line holds no needle of its own.
import { describe, expect, it } from 'vitest';
import { createByteDiagnoser, diagnoseText } from '../../../src/core/diagnose.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';
import { collect } from './helpers.js';

const kb = (() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.kb;
})();

const primary = (text: string) =>
  Object.fromEntries(Object.entries(collect(text).versions).map(([k, e]) => [k, e!.primary.value]));

/** [name, paste, versions it must show]; pastes after public issue threads. */
const CASES: [string, string, Record<string, string>][] = [
  [
    'a REPL print of tf.__version__ (the seed case as users paste it)',
    '>>> import tensorflow as tf\n>>> print(tf.__version__)\n2.10.0\n',
    { tensorflow: '2.10.0' },
  ],
  ['a bare REPL expression prints its repr', ">>> torch.version.cuda\n'12.8'", { torch_cuda: '12.8' }],
  [
    'python -c printing torch.__version__',
    '$ python -c "import torch; print(torch.__version__)"\n2.14.0+cu130',
    { torch: '2.14.0+cu130', torch_cuda: '13.0' },
  ],
  [
    'python -c printing several values on one line',
    'python3 -c "import torch; print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version())"\n2.7.1+cu126 12.6 90501',
    { torch: '2.7.1+cu126', torch_cuda: '12.6', torch_cudnn: '9.5.1' },
  ],
  [
    'python -c with two prints: two output lines',
    "python -c 'import jax, jaxlib; print(jax.__version__); print(jaxlib.__version__)'\n0.4.30\n0.4.28",
    { jax: '0.4.30', jaxlib: '0.4.28' },
  ],
  [
    'a print with a label before the value',
    '>>> print("TF version:", tf.__version__)\nTF version: 2.15.1',
    { tensorflow: '2.15.1' },
  ],
  [
    'an f-string print',
    '>>> print(f"torch {torch.__version__} cuda {torch.version.cuda}")\ntorch 2.3.0+cu121 cuda 12.1',
    { torch: '2.3.0+cu121', torch_cuda: '12.1' },
  ],
  [
    'IPython In/Out',
    "In [3]: import torch\n\nIn [4]: torch.__version__\nOut[4]: '2.1.0+cu118'",
    { torch: '2.1.0+cu118', torch_cuda: '11.8' },
  ],
  [
    'jax.version.__version__ in a REPL (dev corpus tf-050)',
    '>>> import jax, jaxlib\n>>> print(jax.version.__version__, jaxlib.version.__version__)\n0.2.13 0.1.67',
    { jax: '0.2.13', jaxlib: '0.1.67' },
  ],
  [
    'a fenced paste with the fence between command and output',
    '```\n>>> print(torch.__version__)\n```\n```\n2.2.2+cu121\n```',
    { torch: '2.2.2+cu121', torch_cuda: '12.1' },
  ],
  [
    'pip show tensorflow',
    'Name: tensorflow\nVersion: 2.10.0\nSummary: TensorFlow is an open source machine learning framework for everyone.\nHome-page: https://www.tensorflow.org/',
    { tensorflow: '2.10.0' },
  ],
  [
    'pip show torch',
    'Name: torch\nVersion: 2.14.0+cu130\nSummary: Tensors and Dynamic neural networks in Python with strong GPU acceleration',
    { torch: '2.14.0+cu130', torch_cuda: '13.0' },
  ],
  [
    "a GitHub issue form's headings with the values below (tensorflow#63702)",
    '### TensorFlow version\n\n2.10.0\n\n### OS platform and distribution\n\nwindows 10\n\n### Python version\n\n3.10\n\n### CUDA/cuDNN version\n\n11.2 / 11.2(8.1 I think)\n',
    { tensorflow: '2.10.0', python: '3.10', cuda: '11.2' },
  ],
  [
    "TF's cuDNN handle failure names the driver",
    '2019-01-11 15:54:13.352012: E tensorflow/stream_executor/cuda/cuda_dnn.cc:381] Possibly insufficient driver version: 384.130.0',
    { driver: '384.130.0' },
  ],
  [
    'the kernel module that does not match the user-space driver',
    '2021-03-02 11:02:03.123: E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:313] kernel version 470.57.2 does not match DSO version 510.39.1 -- cannot find working devices in this configuration',
    { driver: '470.57.2' },
  ],
  [
    '/proc/driver/nvidia/version as TF quotes it',
    'I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:369] driver version file contents: """NVRM version: NVIDIA UNIX x86_64 Kernel Module  390.48  Thu Mar 22 00:42:57 PDT 2018',
    { driver: '390.48' },
  ],
  // What print(torch.__version__) prints, pasted alone: an answer to "which torch is this?".
  ['a bare PyTorch wheel version', '2.14.0+cu130', { torch: '2.14.0+cu130', torch_cuda: '13.0' }],
  ['a bare PyTorch version, quoted as a repr', "'2.1.0+cu118'", { torch: '2.1.0+cu118', torch_cuda: '11.8' }],
  ['a bare CPU-only PyTorch version', '2.3.1+cpu', { torch: '2.3.1+cpu' }],
];

describe('versions printed below the line that asked for them', () => {
  it.each(CASES)('GIVEN %s THEN the collector reads them', (_name, paste, want) => {
    expect(primary(paste)).toMatchObject(want);
  });

  it.each(CASES)('GIVEN %s THEN the classifier reads them through its prefilter', (_name, paste, want) => {
    expect(diagnoseText(paste, kb).signals.versions).toMatchObject(want);
  });

  it.each(CASES)(
    'GIVEN %s fed as bytes one at a time THEN the classifier reads them',
    (_name, paste, want) => {
      const d = createByteDiagnoser(kb);
      const bytes = new TextEncoder().encode(`${paste}\n${'x'.repeat(5000)}\n`);
      for (let i = 0; i < bytes.length; i++) d.push(bytes.subarray(i, i + 1));
      expect(d.end().signals.versions).toMatchObject(want);
    },
  );

  it.each([
    ['code on the next line', '>>> print(tf.__version__)\n>>> x = tf.constant(1)', {}],
    [
      'an error on the next line',
      '>>> print(torch.__version__)\nAttributeError: module has no attribute',
      {},
    ],
    ['a value too far below', '>>> print(tf.__version__)\n\n\n\n\n2.10.0', {}],
    ['pip show of an untracked package', 'Name: requests\nVersion: 2.31.0', {}],
    ['a value of the wrong shape', '>>> torch.version.cuda\nNone', {}],
    // torchvision's versions start at 0; a version inside a sentence is prose's to read, not this.
    ['a bare torchvision version', '0.19.0+cu121', {}],
    ['a wheel version inside a line', 'we pinned 2.1.0+cu118 last week', {}],
  ])('GIVEN %s THEN no version is taken from it', (_name, paste, want) => {
    expect(primary(paste)).toEqual(want);
  });

  it('GIVEN torch.version.cuda printing None THEN the build is read as CPU-only', () => {
    expect(collect('>>> torch.version.cuda\nNone').flags.map((f) => f.key)).toContain('torch-no-cuda');
  });

  it.each([
    ['a command as the last line', '>>> print(tf.__version__)\n'],
    ['a command as the last line, no newline', '>>> print(tf.__version__)'],
    ['a command then blank lines', '>>> print(tf.__version__)\n\n\n'],
  ])('GIVEN %s THEN the line count is that of the text', (_name, paste) => {
    const lines = paste.split('\n').length - (paste.endsWith('\n') ? 1 : 0);
    expect(diagnoseText(paste, kb).input.lines).toBe(lines);
    const d = createByteDiagnoser(kb);
    d.push(new TextEncoder().encode(paste));
    expect(d.end().input.lines).toBe(lines);
  });
});
