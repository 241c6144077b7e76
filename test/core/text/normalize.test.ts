import { describe, expect, it } from 'vitest';
import { normalizeLine, quoteText, stripPrefixes, unglue } from '../../../src/core/text/normalize.js';

describe('normalizeLine', () => {
  it.each([
    ['a code fence line', '```python', []],
    // PaddlePaddle/PaddleOCR#604: glog's failure handler keeps its three stars.
    [
      "glog's failure handler",
      '*** SIGSEGV (@0x558a9e7d5c20) received by PID 10761 (TID 0x7ffbe32c8740)',
      ['*** SIGSEGV (@0x558a9e7d5c20) received by PID 10761 (TID 0x7ffbe32c8740)'],
    ],
    ['bold text', '**RuntimeError: CUDA error**', ['RuntimeError: CUDA error']],
    ["Docker Compose's service tag", 'web_1  | Killed', ['Killed']],
    [
      'a fence glued to the text',
      '```RuntimeError: CUDA out of memory```',
      ['RuntimeError: CUDA out of memory'],
    ],
    [
      'Slack entities',
      'Assertion `x &lt; n &amp;&amp; y &gt; 0` failed',
      ['Assertion `x < n && y > 0` failed'],
    ],
    ['a quote marker', '&gt; Killed', ['Killed']],
    ['a Python prompt', '>>> import torch', ['import torch']],
    ['ANSI colour codes', '\x1b[31mRuntimeError\x1b[0m: boom', ['RuntimeError: boom']],
    [
      'a TF timestamp prefix',
      '2021-10-13 17:19:29.385716: E tensorflow/core/x.cc:1] bad',
      ['E tensorflow/core/x.cc:1] bad'],
    ],
    [
      'a syslog prefix',
      'Oct 04 13:19:39 llm webui-start[394]: RuntimeError: CUDA error',
      ['RuntimeError: CUDA error'],
    ],
    [
      'a glog prefix',
      'I0304 20:28:44.724480 140225099305792 xla_bridge.py:247] Unable to init',
      ['Unable to init'],
    ],
    [
      "absl's start-up clock in seconds since 1970",
      'E0000 00:00:1721042404.580385   12345 cuda_dnn.cc:8310] Unable to register cuDNN factory',
      ['Unable to register cuDNN factory'],
    ],
    [
      'a rank tag',
      '[rank6]: torch.OutOfMemoryError: CUDA out of memory.',
      ['torch.OutOfMemoryError: CUDA out of memory.'],
    ],
    [
      "a launcher's child-process tag and vLLM's logger",
      '(EngineCore_DP0 pid=65064) ERROR 01-08 11:19:33 [core.py:866] torch.OutOfMemoryError: CUDA out of memory.',
      ['torch.OutOfMemoryError: CUDA out of memory.'],
    ],
    [
      "Ray's worker tag",
      '(RayWorker pid=1234, ip=10.0.0.7) RuntimeError: NCCL error',
      ['RuntimeError: NCCL error'],
    ],
    [
      'an NCCL prefix',
      'node08:27106:27302 [0] include/shm.h:27 NCCL WARN x',
      ['include/shm.h:27 NCCL WARN x'],
    ],
    [
      'carriage-return redraws',
      ' 10%|#  |\r 20%|## |\rKilled',
      [' 10%|#  |', ' 20%|## |', 'Killed'].map((s) => s.trim()),
    ],
    [
      'Killed glued onto a progress bar',
      '165376/296960 [=====>....] - ETA: 365s - loss: 2.1371Killed',
      ['165376/296960 [=====>....] - ETA: 365s - loss: 2.1371', 'Killed'],
    ],
    [
      'a timestamp glued onto a metric',
      'accuracy: 0.99282021-02-18 20:55:36.002311: E tensorflow/x.cc:951] bad',
      ['accuracy: 0.9928', 'E tensorflow/x.cc:951] bad'],
    ],
    [
      'a traceback glued after a bracket',
      '1206/1232 [Traceback (most recent call last):',
      ['1206/1232 [', 'Traceback (most recent call last):'],
    ],
    [
      "zsh's job notice glued onto a progress bar (a RapidOCR write-up, PP-OCRv5 on macOS)",
      '  5%|████████▏      | 11/212 [00:42<13:11,  3.94s/it][1]    61275 bus error  python t.py',
      ['5%|████████▏      | 11/212 [00:42<13:11,  3.94s/it]', '61275 bus error  python t.py'],
    ],
    ['an ordinary line', 'Epoch 1/10', ['Epoch 1/10']],
    ['blank', '   ', []],
  ])('GIVEN %s THEN it becomes the expected pieces', (_name, raw, pieces) => {
    expect(normalizeLine(raw)).toEqual(pieces);
  });
});

describe('unglue', () => {
  it.each([
    ['a word before Error is not split', 'torch.cuda.OutOfMemoryError: CUDA out of memory', 1],
    ['a space before Killed is not split', 'the job got Killed yesterday', 1],
    ['a digit before an error class is split', 'step 12RuntimeError: bad', 2],
    // A paste that lost its newlines: the next record after a full stop, a bracket or a number and a space.
    ['a full stop and a space before Killed is split', 'python train.py --gpu 0 config loaded. Killed', 2],
    ['a bracket and a space before an error class is split', '100%|##| 5/5 [00:01<00:00] RuntimeError: x', 2],
    [
      'a timestamp with fractions after a space is split',
      'dlerror: cudart64_110.dll not found 2023-07-31 18:56:25.098197: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above',
      2,
    ],
    ['a date in a sentence is not split', 'the run started 2023-07-31 18:56 and died', 1],
    ['a word and a space before an error class is not split', 'we saw a RuntimeError: once', 1],
  ])('GIVEN %s THEN it splits into the expected number of pieces', (_name, text, n) => {
    expect(unglue(text)).toHaveLength(n);
  });
});

describe('stripPrefixes and quoteText', () => {
  it('GIVEN nested prefixes THEN all are removed', () => {
    expect(stripPrefixes('[rank1]: 2024-01-01 10:00:00,123 ERROR boom')).toBe('ERROR boom');
  });

  it("GIVEN Cloud Build's step before a line THEN it is removed", () => {
    // GoogleCloudPlatform/vertex-ai-samples#204
    expect(
      stripPrefixes('Step #3: RuntimeError                              Traceback (most recent call last)'),
    ).toBe('RuntimeError                              Traceback (most recent call last)');
    expect(stripPrefixes('Step #1 - "train": ---> 10 job.run()')).toBe('---> 10 job.run()');
    expect(stripPrefixes('Step 3: run the script')).toBe('Step 3: run the script');
  });

  it('GIVEN a line with a token THEN the quote redacts it', () => {
    const token = `xoxb-${'1'.repeat(12)}-${'2'.repeat(12)}-${'a'.repeat(24)}`;
    const q = quoteText(`export SLACK_BOT_TOKEN=${token} && python bot.py`);
    expect(q).not.toContain(token);
  });

  it('GIVEN a long line THEN the quote is capped with an ellipsis', () => {
    const q = quoteText('x'.repeat(1000));
    expect(q.length).toBe(300);
    expect(q.endsWith('…')).toBe(true);
  });
});
