import { describe, expect, it } from 'vitest';
import { startsLikeOutput } from '../../../src/core/classify/crash-report.js';
import { readLayout } from '../../../src/core/listen/layout.js';
import {
  explainsError,
  isSentence,
  quotesOutput,
  speaksLikeAPerson,
  speaksLikeAProgram,
  writersPart,
} from '../../../src/core/listen/sentence.js';

const read = (text: string) => readLayout(text.split('\n'), startsLikeOutput);

describe('listening layout: sentences are writing, output lines are output', () => {
  it('a sentence that names an error inside it is a sentence', () => {
    for (const line of [
      'The exit code 128 indicates that the process was killed by an external signal.',
      "You're getting a XID 79, fallen off the bus. Most common reasons are overheating.",
      'Getting "Abort trap: 6" on macos. These tests aren\'t failing because of our code.',
      '- A CUDA Out of Memory Error in PyTorch occurs when your GPU runs out of memory.',
    ])
      expect(isSentence(line, startsLikeOutput), line).toBe(true);
  });
  it('a line that opens like output is output, however wordy', () => {
    for (const line of [
      'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB',
      'Killed process 1234 (python) total-vm:1234kB, anon-rss:5678kB',
      '  File "train.py", line 12, in <module>',
      '[ 1234.5678] NVRM: Xid (PCI:0000:01:00): 79, GPU has fallen off the bus.',
      'Segmentation fault',
    ])
      expect(isSentence(line, startsLikeOutput), line).toBe(false);
  });
  it('a sentence that hands over to output after a colon is output', () => {
    const line = 'And I meet this error : RuntimeError: CUDA error: an illegal memory access was encountered';
    expect(isSentence(line, startsLikeOutput)).toBe(false);
  });
  it("an explaining sentence is talk; someone's own account and a program's sentence are not", () => {
    for (const line of [
      'The exit code 128 indicates that the process was killed by an external signal.',
      "You're getting a XID 79, fallen off the bus. Most common reasons are overheating.",
      '- A CUDA Out of Memory Error in PyTorch occurs when your GPU runs out of memory.',
    ])
      expect(explainsError(line, startsLikeOutput), line).toBe(true);
    for (const line of [
      'i also getting illegal instruction core dumped because tensorflow 1.5 is working for me',
      'training runs for about 20 minutes on the 40GB dataset, then it just says Killed and exits',
      'Could not locate cudnn_cnn_infer64_8.dll. Please make sure it is in your library path!',
      'Failed to initialize NVML: Driver/library version mismatch',
    ])
      expect(explainsError(line, startsLikeOutput), line).toBe(false);
  });
  it('a paste the terminal cut at its width goes on as output, explaining words and all', () => {
    // om-ai-lab/VLM-R1#257: PyTorch's watchdog message cut at 116 columns.
    const cut = [
      "[rank6]:[E429 13:55:49.384372190 ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank 6] ProcessGroupNCCL'",
      's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indi',
      'cates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread ',
      'holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect ',
      'erwise, please attempt to debug the hang.',
    ];
    const layout = read(cut.join('\n'));
    expect(layout.kinds).toEqual(['output', 'output', 'output', 'output', 'output']);
    expect(layout.document).toBe(false);
    // A person's explaining sentence under a long output line of another length stays writing.
    const answer = [
      'ProcessGroupNCCL watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives',
      'this typically indicates a NCCL/CUDA API hang blocking the watchdog, so raise TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC.',
    ];
    expect(read(answer.join('\n')).kinds[1]).toBe('sentence');
  });

  it("a program's failure message that explains itself is output, and so is its indented next line", () => {
    const tf =
      'Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so try looking above.';
    expect(explainsError(tf, startsLikeOutput)).toBe(false);
    const warning = [
      'C:\\envs\\torch\\cuda\\__init__.py:116: UserWarning:',
      '    Found GPU0 GeForce GTX 960M which is of cuda capability 5.0.',
      '    PyTorch no longer supports this GPU because it is too old.',
    ].join('\n');
    expect(read(warning).kinds).toEqual(['output', 'output', 'output']);
    const explained =
      'The number 137 is significant:\n\n    The exit code 128 indicates that the process was killed by a signal.';
    expect(read(explained).kinds[2]).toBe('sentence');
  });
  it('a title is a heading; a shout or a signal name that looks like one is output', () => {
    expect(read('CUDA Out of Memory').kinds).toEqual(['heading']);
    expect(read('GPU is NOT AVAILABLE').kinds).toEqual(['output']);
    expect(read('Segmentation fault').kinds).toEqual(['output']);
  });
  it('diff lines are diff, context lines outside the diff are not', () => {
    const kinds = read(
      'docs/exit-code-137.md ```diff\n+Exit code 137 means the container was killed by the OOM killer.\n-old\n```\nKilled',
    ).kinds;
    expect(kinds).toEqual(['output', 'diff', 'diff', 'output', 'output']);
  });
  it('a bare exception name is a name unless a traceback came first', () => {
    expect(read('### PR Docs\ntorch.cuda.OutOfMemoryError').kinds[1]).toBe('name');
    expect(read('Traceback (most recent call last):\nMemoryError').kinds[1]).toBe('output');
  });
  it('a guide with headings, sentences and no "I" is a document; a report is not', () => {
    const guide = [
      'What this error means',
      'PyTorch throws a CUDA Out of Memory error when the GPU memory is insufficient to allocate tensors.',
      'Stack trace',
      'RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB',
      'Why it happens',
      'This error occurs because the GPU does not have enough free memory for the batch.',
      'Lower the batch size or use gradient checkpointing to make the model fit in memory.',
    ].join('\n');
    expect(read(guide).document).toBe(true);
    const report = `## What happened\n## Logs\nI ran the training script and after an hour it stopped with this error.\n${guide}`;
    expect(read(report).document).toBe(false);
    const log = 'Loading model weights\nStarting training run\nRuntimeError: CUDA out of memory.\nKilled';
    expect(read(log).document).toBe(false);
  });
  it('a sentence is prose in a message a person wrote; a lone program message stays output', () => {
    const talk = read(
      'Have a custom Exception for CUDA Out of Memory, rather than a plain RuntimeError of its own.\n\nSometimes when running models close to the max capacity of the gpu, you can run out of memory.',
    );
    expect(talk.kinds).toEqual(['prose', 'blank', 'prose']);
    const program = read(
      'Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0.  CuDNN library needs to have matching major version and equal or higher minor version.',
    );
    expect(program.kinds).toEqual(['output']);
  });
  it("someone's own crash told in a sentence is an account", () => {
    const kinds = read(
      'Hi, thanks for the code.\nwhen i run the main_test.py, it always be killed after 4 Reading checkpints.',
    ).kinds;
    expect(kinds[1]).toBe('account');
  });
  it('what sits in a fenced block was pasted, and wordy lines run together with output are output', () => {
    const fenced = read(
      'Here is what I see:\n```\nThe kernel process exited unexpectedly while loading the model weights.\n```',
    ).kinds;
    expect(fenced[2]).toBe('output');
    const numpy = read(
      [
        'I tried to import it and got this:',
        '',
        'A module that was compiled using NumPy 1.x cannot be run in',
        'NumPy 2.0.0 as it may crash. To support both 1.x and 2.x',
        'versions of NumPy, modules must be compiled with NumPy 2.0.',
      ].join('\n'),
    ).kinds;
    expect(numpy.slice(2)).toEqual(['output', 'output', 'output']);
  });
  it("a colon that hands over to output leaves the program's words out of the writer's", () => {
    const line =
      'Hi, when i use DDP, it occurs an error: **RuntimeError: Expected to have finished reduction. This error indicates that your module has parameters';
    expect(writersPart(line, startsLikeOutput)).toBe('Hi, when i use DDP, it occurs an error:');
    expect(writersPart('I think this is fine.', startsLikeOutput)).toBe('I think this is fine.');
  });
  it('a guide spoken to its reader that explains an error is a document', () => {
    const guide = [
      'Exit code 137 means the process was killed by SIGKILL, usually by the kernel when memory runs out.',
      'You can check the kernel log to confirm it and raise the limit of the container you run.',
      'Exited (137) 12 seconds ago',
    ].join('\n');
    expect(read(guide).document).toBe(true);
  });
  it("a person's sentence that quotes a program's message whole carries it; a quoted name does not", () => {
    for (const line of [
      'I am having `RuntimeError: jaxlib version 0.5.1 is newer than and incompatible with jax version 0.3.25.` while running the notebook.',
      'Hi, I\'m using this caffe version on windows10, but I get one error, which is "Check failed: error == cudaSuccess (6 vs. 0) the launch timed out". Thanks!',
    ])
      expect(quotesOutput(line, startsLikeOutput), line).toBe(true);
    expect(
      quotesOutput(
        "In `Dataloader' and `torch.load(previous_model_file)' line, it appears `Segmentation fault (core dumped)'. Do you know what happend?",
        startsLikeOutput,
      ),
    ).toBe(true);
    expect(quotesOutput("the `Dataloader' line and the `torch.load' call", startsLikeOutput)).toBe(false);
    expect(
      quotesOutput(
        'Have a custom Exception for CUDA Out of Memory, rather than `RuntimeError`',
        startsLikeOutput,
      ),
    ).toBe(false);
    const layout = read(
      'Hi all, thanks for the notebook.\nI am having `RuntimeError: jaxlib version 0.5.1 is newer than and incompatible with jax version 0.3.25.` while running it.',
    );
    // The writer's own account, quoting the program: what the listener answers.
    expect(layout.kinds[1]).toBe('account');
    expect([...layout.accountText]).toEqual([2]);
  });
  it('writing without spaces is not read as a sentence by its tokens', () => {
    const line =
      '训练开始，需要下载一个什么pth文件，但是下载失败，之后就提示RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory，请问有解决办法吗？';
    expect(isSentence(line, startsLikeOutput)).toBe(false);
  });
  it('a guide that shows its examples in short blocks between headings is a document; an issue template is not', () => {
    const guide = [
      'Deploy Error Decoder',
      '',
      'Exit code 137 (OOMKilled) — what it means and how to fix it',
      '',
      "Quick answer: Exit code 137 means the process was killed by SIGKILL (128 + 9). In containers it's almost always OOMKilled — the container exceeded its memory limit and the kernel killed it.",
      '',
      'What the error looks like',
      '',
      '$ kubectl describe pod api-xxx',
      '    Last State:  Terminated',
      '      Reason:    OOMKilled',
      '      Exit Code: 137',
      '',
      '$ docker ps -a',
      'STATUS',
      'Exited (137) 12 seconds ago',
    ].join('\n');
    expect(read(guide).document).toBe(true);
    const template = [
      '## Description',
      'Jobs keep failing on Orion when using the ensemble. The error messages occur in random places due to out of memory.',
      '## Steps to reproduce',
      '1. submit an analysis job with the ensemble.',
      '## Output',
      'slurmstepd: error: Detected 1 oom-kill event(s) in step 3495064.0 cgroup.',
      'srun: error: Orion-01-01: task 4: Out Of Memory',
    ].join('\n');
    expect(read(template).document).toBe(false);
  });
  it("a change's description is a change; a report that says 'this problem' is not", () => {
    const pr = [
      '## Summary',
      '- `except torch.cuda.OutOfMemoryError` raises AttributeError on torch 1.12',
      '- Detect OOM via RuntimeError message / exception name instead',
      '',
      'Fixes #1627',
    ].join('\n');
    expect(read(pr).change).toBe(true);
    const report = 'When I run train.py it gets killed. How to solve this problem?\nKilled';
    expect(read(report).change).toBe(false);
  });
  it("a change's summary in the imperative or a pull request's template is a change; a report is not", () => {
    for (const pr of [
      'Guard the exit code 137 check with -n timeout_cmd so SIGKILL from non-timeout sources (OOM killer, external kill) is not misreported as a timeout. Addresses feedback from PR #12113.',
      'Show the memory limit and request for a container which was `OOMKilled`',
      '- Handle the case where the worker is OOM killed before it reports',
      'Fixed "Segmentation fault" error.\nAnd server crash, yes :>',
      '*Description of changes:*\nThe notebook will give an error that the kernel has crashed - this is expected behavior.\n\nBy submitting this pull request, I confirm that you can use, modify, copy, and redistribute this contribution.',
    ])
      expect(read(pr).change, pr).toBe(true);
    for (const report of [
      'Show me why my job gets killed:\nKilled',
      'Handle Errors Gracefully',
      'Training gets killed after epoch 3 with exit code 137',
      'Fixed the batch size? I still get a segfault:\nSegmentation fault (core dumped)',
      'Retry',
    ])
      expect(read(report).change, report).toBe(false);
  });
  it('writing that calls itself a guide is a document; a reporter who followed one is not', () => {
    const guide =
      '"CUDA out of memory" is the most frustrating error in deep learning. This guide covers every solution.\n\nPyTorch:\n\nRuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB';
    expect(read(guide).document).toBe(true);
    expect(read('In this short article we go through the fixes.\n\nKilled').document).toBe(true);
    const report = 'I followed this guide and my job still gets killed:\n\nKilled';
    expect(read(report).document).toBe(false);
  });
  it("a quoted error told to the reader by nobody in person is a guide's sentence; a reporter's quote is output", () => {
    expect(
      read(
        'The "RuntimeError: CUDA out of memory" error stops your PyTorch training dead in its tracks, and there are ways around it.',
      ).kinds,
    ).toEqual(['sentence']);
    // A reporter telling of the exception they have quotes it in an account of their own.
    const own = read(
      'I am having `RuntimeError: jaxlib version 0.5.1 is newer than and incompatible with jax version 0.3.25.` while running your notebook.',
    );
    expect(own.kinds).toEqual(['account']);
    expect([...own.accountText]).toEqual([1]);
    for (const line of [
      'Could you help with `RuntimeError: CUDA error: an illegal memory access was encountered` in the second cell of the notebook?',
      'Lllama 70B chat GPTQ fails with `Error: Warmup(Generation("Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`"))`',
    ])
      expect(read(line).kinds, line).toEqual(['output']);
  });
  it("a page's Title Case title with a subtitle is a heading; a program's 'Label: value' is not", () => {
    expect(
      read('Kubernetes Exit Code 137: Resolving OOMKilled Pod Eviction and Memory Limit Errors').kinds,
    ).toEqual(['heading']);
    for (const line of [
      'Exit Code: 137',
      'Problem Event Name: APPCRASH',
      'Exception Type: EXC_BAD_ACCESS (SIGSEGV)',
      'RuntimeError: CUDA Out Of Memory. Tried To Allocate 2.00 GiB',
    ])
      expect(read(line).kinds, line).not.toEqual(['heading']);
  });
  it("a guide whose snippet carries a comment naming its output is still a guide; a template's short heading makes a report", () => {
    const guide = [
      'Kubernetes Exit Code 137: Resolving OOMKilled Pod Eviction and Memory Limit Errors',
      '',
      "When a container within a Kubernetes pod terminates with Exit Code 137, it's a critical signal indicating that the container was forcibly shut down by the kernel's OOM killer.",
      '',
      '# Example kubectl describe pod output snippet',
      'Last State:     Terminated',
      '  Reason:       OOMKilled',
      '  Exit Code:    137',
    ].join('\n');
    expect(read(guide).document).toBe(true);
    const report = [
      '### Relevant log output',
      '',
      'Last State:     Terminated',
      '  Reason:       OOMKilled',
      '  Exit Code:    137',
      '',
      '### What happened',
      '',
      'The pod restarts every hour since the upgrade.',
    ].join('\n');
    expect(read(report).document).toBe(false);
  });
  it("a documentation page's headings keep their anchor mark; a shell prompt is no heading", () => {
    const page = [
      'NCCL Errors#',
      '',
      'What is an NCCL Watchdog Timeout?#',
      '',
      'NCCL includes a watchdog mechanism that monitors collective operations for hangs or deadlocks.',
      '',
      'The watchdog timeout is controlled by the NCCL_TIMEOUT environment variable (default is 1800 seconds).',
      '',
      'Troubleshooting¶',
      '',
      '  • Training jobs hanging before the timeout triggers',
      '',
      '  • Inconsistent progress across different GPUs or nodes',
    ].join('\n');
    const layout = read(page);
    expect([layout.kinds[0], layout.kinds[2], layout.kinds[8]]).toEqual(['heading', 'heading', 'heading']);
    expect(layout.document).toBe(true);
    expect(read('root@a9eade3085a5:/#\nKilled').kinds[0]).not.toBe('heading');
    expect(read('Killed process 1234 (python) #').kinds[0]).not.toBe('heading');
  });
  it('a lone remark that speaks like a person is prose; a lone program message is output', () => {
    expect(read("that's the OOM killer, exit code 137 = 128+9").kinds).toEqual(['prose']);
    expect(read('Exit code 137 usually means the kernel ran out of memory for this job').kinds).toEqual([
      'sentence',
    ]);
    for (const line of [
      "The model's max seq len (8192) is larger than the maximum number of tokens that can be stored in KV cache (4512). Try increasing `gpu_memory_utilization` when initializing the engine.",
      'Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed above.',
    ])
      expect(read(line).kinds, line).toEqual(['output']);
    expect(speaksLikeAPerson("PSI based oom killing doesn't work well without swap.")).toBe(true);
    expect(
      speaksLikeAProgram(
        'Not enough memory to handle 16000 tokens. You need to decrease `--max-batch-total-tokens`',
      ),
    ).toBe(true);
  });
  it('an issue template with its headings is a report, however few its output lines', () => {
    const report = [
      '### Describe the bug',
      '',
      'gpu randomly falls off the bus when playing games on the nvidia gpu',
      '',
      '### To Reproduce',
      '',
      'play a game with the nvidia gpu for an hour or two on the desktop',
    ].join('\n');
    const layout = read(report);
    expect(layout.document).toBe(false);
    expect(layout.kinds[2]).toBe('account');
  });
});
