import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  crashSignature,
  earlierFingerprint,
  type FingerprintInput,
  fingerprint,
  stableLine,
} from '../../src/core/fingerprint.js';
import { hasShared, sharedPath } from '../helpers/shared.js';

const hasCorpus = hasShared('the fingerprint tests on the labelled corpus', 'corpus', 'dev.jsonl');
const corpus = hasCorpus
  ? readFileSync(sharedPath('corpus', 'dev.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; label: string; log: string })
  : [];

/** The evidence line a test quotes from a corpus log: the last line that reads like an error. */
function pickEvidence(log: string): string {
  const lines = log.split('\n').filter((l) => l.trim() !== '');
  const errors = lines.filter((l) =>
    /Error|error|Exception|Killed|fault|failed|Failed|exit code|assert/.test(l),
  );
  return (errors.length ? errors : lines).at(-1) ?? '';
}

const fp = (cause: string, lines: string[], exit: FingerprintInput['exitCode'] = null) =>
  fingerprint({ causes: [{ id: cause, evidence: lines.map((text) => ({ text })) }], exitCode: exit });

const posix = (n: number) => ({ platform: 'posix', unsigned: n });
const windows = (n: number) => ({ platform: 'windows', unsigned: n });

describe('stableLine', () => {
  it.each([
    [
      'memory amounts and the GPU index',
      'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity)',
      'RuntimeError: CUDA out of memory. Tried to allocate <mem> (GPU #; <mem> total capacity)',
    ],
    [
      'a traceback path and line number',
      '  File "/home/ana/proj/train.py", line 88, in <module>',
      'File "train.py", line #, in <module>',
    ],
    [
      'a windows path',
      'Error loading "C:\\Users\\bob\\venv\\lib\\site-packages\\torch\\lib\\fbgemm.dll"',
      'Error loading "fbgemm.dll"',
    ],
    [
      'pids',
      'RuntimeError: DataLoader worker (pid(s) 3360242, 3361527) exited',
      'RuntimeError: DataLoader worker (pid(s) #) exited',
    ],
    [
      'tensor shapes',
      'OOM when allocating tensor with shape[64,256,128,128] and type float',
      'OOM when allocating tensor with shape[#] and type float',
    ],
    [
      'matrix shapes',
      'mat1 and mat2 shapes cannot be multiplied (64x2048 and 512x10)',
      'mat1 and mat2 shapes cannot be multiplied (# and #)',
    ],
    [
      'hex addresses',
      '0x00007fff9eaea4d0 in THFloatVector_normal_fill_AVX2 ()',
      '0x# in THFloatVector_normal_fill_AVX2 ()',
    ],
    [
      'a glog timestamp and source location',
      '2021-10-13 17:19:29.390987: E tensorflow/stream_executor/cuda/cuda_dnn.cc:362] Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.',
      'Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.',
    ],
    [
      'a dmesg timestamp',
      '[ 8812.123456] Out of memory: Killed process 4121 (python)',
      'Out of memory: Killed process # (python)',
    ],
    [
      'the exit code and its hex form (kept)',
      'Process finished with exit code -1073740791 (0xc0000409)',
      'Process finished with exit code -1073740791 (0xC0000409)',
    ],
    [
      'an errno and a WinError (kept)',
      'OSError: [WinError 1455] The paging file is too small (errno: 12)',
      'OSError: [WinError 1455] The paging file is too small (errno: 12)',
    ],
    [
      'a CUDA runtime error number (kept)',
      'cuda runtime error (30) : unknown error at THCGeneral.cpp:51',
      'cuda runtime error (30) : unknown error at THCGeneral.cpp:#',
    ],
    [
      'an Xid (kept) without its bus address',
      'NVRM: Xid (PCI:0000:01:00): 79, pid=4124, GPU has fallen off the bus.',
      'NVRM: Xid 79, pid=#, GPU has fallen off the bus.',
    ],
    [
      'versions (kept)',
      'jaxlib version 0.4.14 is newer than jax version 0.4.6; CUDA 12.1 torch==2.1',
      'jaxlib version 0.4.14 is newer than jax version 0.4.6; CUDA 12.1 torch==2.1',
    ],
    [
      'library versions in file names (kept)',
      'ImportError: libcudnn.so.8: cannot open; cudart64_110.dll not found',
      'ImportError: libcudnn.so.8: cannot open; cudart64_110.dll not found',
    ],
    [
      'a device index',
      'found at least two devices, cuda:1 and cpu!',
      'found at least two devices, cuda:# and cpu!',
    ],
    [
      'a rank prefix',
      '[rank6]: torch.OutOfMemoryError: CUDA out of memory.',
      'torch.OutOfMemoryError: CUDA out of memory.',
    ],
    [
      'an NCCL host prefix',
      'node08:27106:27302 [0] include/shm.h:48 NCCL WARN Error',
      'include/shm.h:# NCCL WARN Error',
    ],
  ])('GIVEN %s THEN the stable line is as expected', (_name, input, expected) => {
    expect(stableLine(input)).toBe(expected);
  });

  it('GIVEN a secret in an evidence line THEN the stable line holds the marker, not the secret', () => {
    const token = ['xo', 'xb-', '1234567890-', 'abcdefghijklmnopqrstuvwx'].join('');
    expect(stableLine(`WebClient(token="${token}") failed`)).toBe(
      'WebClient(token="[REDACTED:slack-token]") failed',
    );
  });
});

describe('fingerprint: pastes of one crash match', () => {
  it.each([
    [
      'gpu-oom',
      [
        'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity; 4.36 GiB already allocated)',
      ],
      [
        'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 3; 79.15 GiB total capacity; 71.02 GiB already allocated)',
      ],
    ],
    [
      'gpu-oom',
      ['ResourceExhaustedError: OOM when allocating tensor with shape[59,128,195370]'],
      [
        '2019-01-02 10:11:12.000001: ResourceExhaustedError: OOM when allocating tensor with shape[8,3,224,224]',
      ],
    ],
    [
      'cudnn-version-mismatch',
      [
        '2021-10-13 17:19:29.390987: E tensorflow/stream_executor/cuda/cuda_dnn.cc:362] Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.',
      ],
      ['Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.'],
    ],
    [
      'device-side-assert',
      [
        '  File "/home/a/x/train.py", line 88, in <module>',
        'RuntimeError: CUDA error: device-side assert triggered',
      ],
      [
        'RuntimeError: CUDA error: device-side assert triggered',
        '  File "C:\\Users\\b\\x\\train.py", line 91, in <module>',
      ],
    ],
    [
      'cpu-instruction-unsupported',
      [
        '0x00007fff9eaea4d0 in THFloatVector_normal_fill_AVX2 () from /opt/conda/lib/python3.7/site-packages/torch/lib/libtorch.so',
      ],
      [
        '0x00007f12aa0010c0 in THFloatVector_normal_fill_AVX2 () from /usr/lib/python3.7/dist-packages/torch/lib/libtorch.so',
      ],
    ],
    [
      'gpu-hardware-fault',
      ['[ 1234.567890] NVRM: Xid (PCI:0000:01:00): 79, pid=4124, GPU has fallen off the bus.'],
      ['[99999.000001] NVRM: Xid (PCI:0000:41:00): 79, pid=77, GPU has fallen off the bus.'],
    ],
    [
      'gpu-oom',
      [
        'Traceback (most recent call last):',
        'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes.',
      ],
      [
        'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 2147483648 bytes.',
      ],
    ],
    [
      'gpu-oom',
      [
        'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB',
        'RuntimeError: CUDA out of memory. Tried to allocate 40.00 MiB',
      ],
      ['RuntimeError: CUDA out of memory. Tried to allocate 1.50 GiB'],
    ],
  ])('GIVEN two %s pastes from different machines THEN their fingerprints are equal', (cause, a, b) => {
    expect(fp(cause, a)).toBe(fp(cause, b));
  });

  it.each([
    ['Killed', 'Process finished with exit code 137'],
    ['exit status 137', 'Killed'],
  ])('GIVEN exit line %s and %s with the same decoded code THEN fingerprints are equal', (a, b) => {
    expect(fp('host-oom', [a], posix(137))).toBe(fp('host-oom', [b], posix(137)));
  });

  it.runIf(hasCorpus)(
    'GIVEN corpus logs of one crash from different reporters THEN exactly the same-crash pairs share a fingerprint',
    () => {
      const groups = new Map<string, string[]>();
      for (const entry of corpus) {
        const key = fp(entry.label, [pickEvidence(entry.log)]);
        groups.set(key, [...(groups.get(key) ?? []), entry.id]);
      }
      const shared = [...groups.values()].filter((ids) => ids.length > 1).sort();
      expect(shared).toEqual([
        ['pt-061', 'pt-063'],
        ['pt-067', 'pt-068'],
        ['pt-083', 'pt-118'],
        ['pt-116', 'pt-117'],
      ]);
      expect(groups.size).toBe(corpus.length - shared.length);
    },
  );
});

describe('fingerprint: different crashes differ', () => {
  it.each([
    [
      'cudnn versions',
      ['Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.'],
      ['Loaded runtime CuDNN library: 7.4.1 but source was compiled with: 7.6.0.'],
    ],
    [
      'driver versions',
      ['The NVIDIA driver on your system is too old (found version 11000).'],
      ['The NVIDIA driver on your system is too old (found version 11040).'],
    ],
    ['Xid numbers', ['NVRM: Xid (PCI:0000:01:00): 79, pid=1'], ['NVRM: Xid (PCI:0000:01:00): 109, pid=1']],
    [
      'WinError numbers',
      ['OSError: [WinError 126] The specified module could not be found.'],
      ['OSError: [WinError 1455] The specified module could not be found.'],
    ],
    [
      'CUDA runtime error numbers',
      ['cuda runtime error (30) : unknown error'],
      ['cuda runtime error (6) : unknown error'],
    ],
    [
      'missing library versions',
      ['ImportError: libcudnn.so.8: cannot open shared object file'],
      ['ImportError: libcudnn.so.9: cannot open shared object file'],
    ],
    [
      'DLL versions',
      ["Could not load dynamic library 'cudart64_110.dll'"],
      ["Could not load dynamic library 'cudart64_101.dll'"],
    ],
    [
      'GPU architectures',
      ['sm_86 is not compatible with the current PyTorch installation'],
      ['sm_120 is not compatible with the current PyTorch installation'],
    ],
    ['exception messages', ["KeyError: 'label'"], ["KeyError: 'image'"]],
    ['exception types', ['ValueError: bad input'], ['TypeError: bad input']],
  ])('GIVEN two crashes that differ in %s THEN their fingerprints differ', (_name, a, b) => {
    expect(fp('x', a)).not.toBe(fp('x', b));
  });

  it.each([
    ['exit codes', windows(0xc0000005), windows(0xc0000409)],
    ['signals', posix(137), posix(139)],
    ['platforms', posix(139), windows(139)],
  ])('GIVEN the same lines with different %s THEN fingerprints differ', (_name, a, b) => {
    expect(fp('native-crash-windows', ['Process finished'], a)).not.toBe(
      fp('native-crash-windows', ['Process finished'], b),
    );
  });

  it('GIVEN the same evidence under two causes THEN fingerprints differ', () => {
    const line = ['CUDA kernel errors might be asynchronously reported at some other API call'];
    expect(fp('illegal-memory-access', line)).not.toBe(fp('gpu-timeout', line));
  });

  it.runIf(hasCorpus)(
    'GIVEN every corpus log THEN logs with different labels never share a fingerprint',
    () => {
      const byFingerprint = new Map<string, Set<string>>();
      for (const entry of corpus) {
        const key = fp(entry.label, [pickEvidence(entry.log)]);
        byFingerprint.set(key, (byFingerprint.get(key) ?? new Set()).add(entry.label));
      }
      for (const labels of byFingerprint.values()) expect(labels.size).toBe(1);
    },
  );
});

// PyTorch's OOM message is longer than the 500 characters a line is hashed on: one crash
// with different amounts must stay one crash (fp1 cut the line before normalising it).
// Both lines as users posted them: pytorch/pytorch#16417 (comment of 2024-03-13) and
// murong-xu/CADS#4.
const OOM_LONG = [
  'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
  'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.78 GiB. GPU 0 has a total capacity of 31.47 GiB of which 12.73 GiB is free. Including non-PyTorch memory, this process has 18.73 GiB memory in use. Of the allocated memory 9.08 GiB is allocated by PyTorch, and 9.35 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
];

describe('fingerprint: numbers in lines longer than the hashed part', () => {
  it('GIVEN two PyTorch OOM lines over 500 characters with other amounts THEN fp2 is one crash (fp1 made two)', () => {
    const [a, b] = OOM_LONG as [string, string];
    expect(a.length).toBeGreaterThan(500);
    expect(b.length).toBeGreaterThan(500);
    expect(fp('gpu-oom', [a])).toBe(fp('gpu-oom', [b]));
    const v1 = (line: string) =>
      earlierFingerprint({ causes: [{ id: 'gpu-oom', evidence: [{ text: line }] }], exitCode: null });
    expect(v1(a)).not.toBe(v1(b));
  });

  it('GIVEN a line of up to 500 characters THEN fp1 and fp2 share the hash (records kept under fp1 still match)', () => {
    const d: FingerprintInput = {
      causes: [{ id: 'gpu-oom', evidence: [{ text: 'CUDA out of memory. Tried to allocate 20.00 MiB' }] }],
      exitCode: null,
    };
    expect(fingerprint(d).slice(4)).toBe(earlierFingerprint(d).slice(4));
    expect(earlierFingerprint(d)).toMatch(/^fp1:gpu-oom:/);
  });

  it('GIVEN a line longer than the hashed part THEN the hashed part is cut after normalising', () => {
    expect(stableLine(OOM_LONG[0]!).length).toBeLessThanOrEqual(500);
    expect(stableLine(OOM_LONG[0]!)).toBe(stableLine(OOM_LONG[1]!));
  });
});

describe('fingerprint: format', () => {
  it.each([
    ['a cause', fp('gpu-oom', ['CUDA out of memory']), /^fp2:gpu-oom:[0-9a-f]{24}$/],
    ['no cause', fingerprint({ causes: [], exitCode: null }), /^fp2:unknown:[0-9a-f]{24}$/],
  ])('GIVEN %s THEN the fingerprint is versioned and names the cause', (_name, value, re) => {
    expect(value).toMatch(re);
  });

  it('GIVEN a diagnosis whose top cause has a specific line after the generic one THEN the signature is the specific line', () => {
    const d = {
      causes: [
        {
          id: 'gpu-oom',
          evidence: [
            { text: 'Traceback (most recent call last):' },
            { text: 'CUDA out of memory. Tried to allocate 2 GiB' },
          ],
        },
      ],
      exitCode: null,
    };
    expect(crashSignature(d)).toBe('CUDA out of memory. Tried to allocate <mem>');
  });
});

describe('fingerprint: bounded time', () => {
  it.each([
    ['slashes', '/a'.repeat(5_000)],
    ['digits and dots', '1.'.repeat(5_000)],
    ['hex', 'deadbeef0'.repeat(1_000)],
    ['glog-like prefixes', 'I0 a.cc:1] '.repeat(1_000)],
  ])(
    'GIVEN a 10 KB evidence line of %s THEN a thousand fingerprints take under two seconds',
    (_name, line) => {
      const t = performance.now();
      for (let i = 0; i < 1000; i++) fp('x', [line]);
      expect(performance.now() - t).toBeLessThan(2000);
    },
  );
});
