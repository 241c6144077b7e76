// Listening on shapes two later blind sets (held28 and held29 in test/corpus/listen.jsonl)
// (and held30's) brought: TensorFlow's own log lines with a cuDNN status, TensorRT's logger quoted in the
// writer's sentence with a plea for help after it, the kernel's Xid lines, an exception whose
// message carries a CUDA library's status, C++'s terminate told after "Here is the error:",
// an exception glued after a Chinese sentence's verb of showing; and answers that name the
// error for someone, a question put to the reporter in Chinese, a pull request's "Proposed
// changes" demo, a guide's examples under "like:" or "For example, ...". Each comes from the
// public thread named beside it.
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

const said = (text: string) => diagnoseText(text, kb).crashReport;

describe('listening: crash output in tools’ own log formats', () => {
  it("GIVEN TensorFlow 1.x's E-lines with cuDNN's and cuBLAS's failed statuses THEN it is a crash report", () => {
    // Li-Chongyi/Ucolor#9
    const msg = [
      'E tensorflow/stream_executor/cuda/cuda_dnn.cc:81] CUDNN_STATUS_EXECUTION_FAILED',
      "in tensorflow/stream_executor/cuda/cuda_dnn.cc(3645): 'cudnnPoolingForward( cudnn.handle(), pooling_desc.handle(), &alpha, src_desc.handle(), input_data.opaque(), &beta, dest_desc.handle(), output_data->opaque())'",
      '',
      'E tensorflow/stream_executor/cuda/cuda_blas.cc:647] failed to run cuBLAS routine cublasSgemm_v2: CUBLAS_STATUS_EXECUTION_FAILED',
      '',
      'Any help is appreciated.',
    ].join('\n');
    expect(said(msg)).toBe(true);
  });

  it('GIVEN a TensorFlow I-line that only reports a device THEN it is not one', () => {
    expect(
      said(
        '2021-10-13 17:19:29.385716: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1510] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 9640 MB memory',
      ),
    ).toBe(false);
  });

  it("GIVEN TensorRT's error quoted in the writer's sentence, then their plea to fix their project THEN it is a crash report", () => {
    // NVIDIA/TensorRT#1390
    const msg =
      'when i build engine with dynamic batchsize，it showed that `[TensorRT] ERROR: ../rtSafe/cuda/cudaConvolutionRunner.cpp (483) - Cudnn Error in executeConv: 8 (CUDNN_STATUS_EXECUTION_FAILED)`. According to this report，i can not get any useful prompt informatin to help me fix my project.  I wish get some help, thanks!';
    expect(said(msg)).toBe(true);
  });

  it('GIVEN a fix told, not asked for, beside a quoted TensorRT error THEN it is not one', () => {
    expect(
      said(
        'This is fixed in TensorRT 8: `[TensorRT] ERROR: ../rtSafe/cuda/cudaConvolutionRunner.cpp (483) - Cudnn Error in executeConv: 8 (CUDNN_STATUS_EXECUTION_FAILED)` should not appear after upgrading.',
      ),
    ).toBe(false);
  });
});

describe('listening: answers to a report', () => {
  it('GIVEN an answer that names the error for someone, then advice THEN it is not a crash report', () => {
    // okotaku/diffengine#34
    const msg = [
      "@andysingal This is 'CUDA out of memory' error.",
      '',
      'You can try following things.',
      '1. Use with more powerful memory GPU like A6000.',
      '2. Lower batch size.',
      "'train_dataloader.batch_size=4' → 'train_dataloader.batch_size=1'",
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it('GIVEN the same error quoted by its reporter THEN it stays a crash report', () => {
    expect(
      said(
        "When training with batch size 4 I get 'CUDA out of memory. Tried to allocate 2.00 GiB' at step 10.",
      ),
    ).toBe(true);
  });

  it('GIVEN a question put to the reporter in Chinese (post your whole log? out of memory?) THEN it is not one', () => {
    // sirius-ai/MobileFaceNet_TF#53
    expect(said('可否贴出你的完整log呢？是否内存不足？')).toBe(false);
  });

  it("GIVEN a reporter's own account in Chinese after a greeting THEN it is talk without the program's words, a report with them", () => {
    // Written after the corpus's accounts: "hello, my training gets killed at epoch 14, why?"
    expect(said('您好，我训练到14个epoch时，程序被killed了，请问是什么原因？')).toBe(false);
    expect(said('您好，我训练到14个epoch时，程序输出"Killed"后退出，请问是什么原因？')).toBe(true);
  });
});

describe('listening: more crash output, told or pasted', () => {
  it.each([
    // NVIDIA/open-gpu-kernel-modules#1150
    'kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous Xid 149\nkernel: NVRM: Xid (PCI:0000:ed:00): 45, pid=1818992, name=python3, Ch 0000000c caused by previous Xid 145',
    // Theano/libgpuarray#500
    'runtimeError: error doing operation:CUDNN_STATUS_EXECUTION_FAILED',
    // madroidmaq/mlx-omni-server#59
    'I downloaded 3 models - Phi4, Gemma3 and Qwen 32b and tried accessing all 3 models concurrently through api. Received Insufficient memory error.\n\nHere is the error: libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)',
    // MaybeShewill-CV/lanenet-lane-detection#210: bash's description retyped as "(core dump)", glued after 报错.
    '调用了 python /root/lanenet-lane-detection/tools/test_lanenet.py --is_batch False --batch_size 1\n但报错Bus error (core dump)，请问这是因为我的磁盘满了的原因么？',
    // AlexeyAB/darknet#4227: glibc's assert glued to the progress line before it.
    "When I was training I received the following error log：\n`49: 1336.996094, 1546.744385 avg loss, 0.000000 rate, 1.790012 seconds, 1568 images\nRegion 113 Avg IOU: 0.303647, Class: 0.401529, Obj: 0.573641, No Obj: 0.508424, .5R: 0darknet: ./src/cuda.c:36: check_error: Assertion `0' failed.\n`",
    // likejazz/Siamese-LSTM#1
    'InternalError: Blas GEMM launch failed : a.shape=(1024, 64), b.shape=(64, 50), m=1024, n=50, k=64',
    // RVC-Project/Retrieval-based-Voice-Conversion-WebUI#2396: a Chinese line that names the error, no colon.
    "训练时候出现错误\nFileNotFoundError: [WinError 3] The system cannot find the path specified: 'C:\\Users\\Strikene\\RVC1006Nvidia/logs/mute/0_gt_wavs/mute40k.wav'",
    // Stability-AI/stable-point-aware-3d#32
    'Output: \nRuntimeError: CUDA driver error: out of memory\n\nCUDA Available: True',
    // espnet/espnet#4809
    "2022-12-07T00:35:45 (asr.sh:845:main) LM collect-stats started... log: 'exp/lm_stats_en_bpe30/logdir/stats.*.log'\nrun.pl: 32 / 32 failed, log is in exp/lm_stats_en_bpe30/logdir/stats.*.log",
    // lishenghui/blades#39
    'dear prof, when i run todo_cifar10_gpu.py , it sends the error "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!" and i don\'t know how to debug it. Could you please give me some advise?',
    // qi-hua/async_cosyvoice#21
    '使用Cosyvoice官方docker建立容器，运行server.py提示ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.\n\n在docker内直接使用vllm推理其他模型是没问题的',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });
});

describe('listening: errors shown as examples, in changes and in answers', () => {
  it("GIVEN a pull request's Proposed changes with the crash it now reports THEN it is not a crash report", () => {
    // ml-explore/mlx#479
    const msg = [
      '## Proposed changes',
      '',
      'Previously the command buffer would silently fail on execution errors and we would continue business as usual with wrong results. Now it crashes if it fails and reports the error message.',
      '',
      'On an 8GB machine produces this:',
      '',
      '```',
      'libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)',
      '```',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it('GIVEN a guide showing its reader Xid lines "like:" above a fence THEN it is not one', () => {
    // stas00/ml-engineering (debug guide)
    const msg = [
      'In your system logs you are likely to see occasionally Xid Errors like:',
      '',
      '```',
      'NVRM: Xid (PCI:0000:10:1c): 63, pid=1896, Row Remapper: New row marked for remapping, reset gpu to activate.',
      '```',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it('GIVEN a feature request whose "For example, ..." sentence shows the error in a fence THEN it is not one', () => {
    // openxla/xla#11129
    const msg = [
      'XLA GPU calls into cuDNN for fused multi-headed attention. For example, using `bfloat16` types can produce the following error message.',
      '',
      '```',
      'RuntimeError: CUDNN_BACKEND_OPERATION: cudnnFinalize Failed cudnn_status: CUDNN_STATUS_BAD_PARAM',
      '```',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it('GIVEN the same error pasted in a fence under "I get this:" THEN it stays a crash report', () => {
    const msg = [
      'I get this when I use bfloat16:',
      '',
      '```',
      'RuntimeError: CUDNN_BACKEND_OPERATION: cudnnFinalize Failed cudnn_status: CUDNN_STATUS_BAD_PARAM',
      '```',
    ].join('\n');
    expect(said(msg)).toBe(true);
  });

  it('GIVEN "Here you have `...` error." then the reason and advice THEN it is not one', () => {
    // Purfview/whisper-standalone-win#141
    const msg = [
      'One issue per thread please.',
      '',
      'Here you have `RuntimeError: CUDA failed with error out of memory` error.',
      "That's because you don't have enough VRAM. What is GPU model and how much VRAM it has?",
      'Try to remove  `-bs=10` parameter you are using there and use `-bo=1`.',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });
});

describe('listening: a job runner that reports no failure', () => {
  it("GIVEN run.pl's line for jobs that all succeeded THEN it is not a crash report", () => {
    expect(said('run.pl: job finished, log is in exp/lm_stats_en_bpe30/logdir/stats.1.log')).toBe(false);
  });
});

describe('listening: errors in code and in a diff', () => {
  it("GIVEN GGML_ASSERT's macro quoted from its source THEN it is not a crash report", () => {
    // Cyberhan123/stable-diffusion-desktop#11
    const msg = [
      '``` c',
      '#define GGML_ASSERT(x) \\',
      '    do { \\',
      '        if (!(x)) { \\',
      '            fflush(stdout); \\',
      '            fprintf(stderr, "GGML_ASSERT: %s:%d: %s\\n", __FILE__, __LINE__, #x); \\',
      '            ggml_print_backtrace(); \\',
      '            abort(); \\',
      '        } \\',
      '    } while (0)',
      '```',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it('GIVEN GGML_ASSERT as llama.cpp prints it THEN it is one', () => {
    expect(
      said(
        'GGML_ASSERT: D:\\a\\llama.cpp\\ggml.c:4785: view_src == NULL || data_size + view_offs <= ggml_nbytes(view_src)',
      ),
    ).toBe(true);
  });

  it("GIVEN a review comment quoting a docs hunk's added lines THEN it is not one", () => {
    // Deci-AI/super-gradients#699
    const msg = [
      '+To reduce memory usage, try the following:',
      '+- Decrease the batch size',
      '+',
      '+## CUDA error: device-side assert triggered',
      '+',
      '+You may encounter a generic CUDA error message that lacks information regarding the cause of the error:',
      '+',
      '+```',
      '+RuntimeError: CUDA error: device-side assert triggered',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });
});

describe('listening: a change naming the issue it closes', () => {
  it('GIVEN a pull request opening "Fix <issue address>" and showing the new OOM message THEN it is not a crash report', () => {
    // cupy/cupy#314
    const msg = [
      'Fix https://github.com/cupy/cupy/issues/185',
      '',
      'Error message becomes as following:',
      '',
      '    cupy.cuda.memory.OutOfMemoryError: out of memory to allocate XXXX bytes (total YYYY bytes)',
      '',
      'instead of:',
      '',
      '    cupy.cuda.runtime.CUDARuntimeError: cudaErrorMemoryAllocation: out of memory',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it('GIVEN a report whose first line fixes nothing ("Fix for this?") THEN it stays one', () => {
    expect(
      said('Fix for this?\n\ncupy.cuda.runtime.CUDARuntimeError: cudaErrorMemoryAllocation: out of memory'),
    ).toBe(true);
  });
});

describe('listening: a write-up of a problem already solved', () => {
  it('GIVEN a Chinese write-up that pastes the error and ends "问题解决" THEN it is not a crash report', () => {
    const msg = [
      'kubernetes 管理的 docker 上运行的 tensorflow 在测试 tensorflow 示例程序时报错：',
      '```',
      'tensorflow.python.framework.errors_impl.InternalError: Blas GEMV launch failed:  m=2, n=100',
      '```',
      '修改后仍报错。',
      '',
      '将 `/usr/lib64/atlas` 中的文件拷贝到 hostPath 对应 lib 文件目录，然后重建 tensorflow 容器，再次运行示例文件，问题解决。',
    ].join('\n');
    expect(said(msg)).toBe(false);
  });

  it("GIVEN a reply that quotes the reporter's error, then asks them about their run THEN it is not one; GIVEN the reporter's own words under the quote THEN it is", () => {
    // chidiwilliams/buzz#439: a maintainer quoting the error in bold.
    const reply = [
      '**> RuntimeError: CUDA failed with error out of memory**',
      '',
      'Which of the models are you running? And are you sure you have enough GPU memory to run it?',
    ].join('\n');
    expect(said(reply)).toBe(false);
    const mine = [
      '> RuntimeError: CUDA failed with error out of memory',
      '',
      'I get the same on my 4 GB card with the small model, any idea?',
    ].join('\n');
    expect(said(mine)).toBe(true);
  });

  it('GIVEN a pull request in Chinese whose change section names the exit code it now explains THEN it is not one', () => {
    // solidSpoon/DashPlayer#269
    const pr = [
      '## 背景',
      '',
      'whisper.cpp 转录失败时应用只抛出「whisper.cpp 退出码 3221225781：」——stderr 为空。',
      '',
      '## 改动',
      '',
      '- 新增 `describeAbnormalExit(code, engineDir)`：`0xC0000135`（缺 DLL）/`0xC0000142`（DLL 初始化失败）翻译为可读原因；',
    ].join('\n');
    expect(said(pr)).toBe(false);
  });

  it("GIVEN a pull request's template sections around the exit codes it explains THEN it is not a report", () => {
    // A Motivation / Description / Testing template, as coding agents' pull requests have it.
    const pr = [
      '### Motivation',
      '- Provide clearer diagnostics when a child training process crashes, especially for `3221225477` / `0xC0000005`.',
      '',
      '### Description',
      '- Add a `getTrainingFailureHints(exitCode, logBuffer)` helper that detects `0xC0000005` in the captured log.',
      '',
      '### Testing',
      '- Ran `node --check training-ui/server.js`, which completed successfully.',
    ].join('\n');
    expect(said(pr)).toBe(false);
    // An issue's own template with a description is still read as one.
    const issue = [
      '### Description',
      'Training stops at step 3 on Windows:',
      '',
      'Process finished with exit code -1073741819 (0xC0000005)',
      '',
      '### Checklist',
      '- [x] I searched the issues',
    ].join('\n');
    expect(said(issue)).toBe(true);
  });

  it('GIVEN "Getting this error." and more of the writer\'s words, over an exception a blank line below THEN it is a crash report', () => {
    // kohya-ss/musubi-tuner#785
    const msg = [
      "Getting this error. I'm not sure what the issue is as this is very vague. ",
      '',
      'RuntimeError: Musubi Tuner training failed with code 1',
    ].join('\n');
    expect(said(msg)).toBe(true);
    const answer = [
      'You are getting this error because the dataset config has no image directory.',
      '',
      'RuntimeError: Musubi Tuner training failed with code 1',
    ].join('\n');
    expect(said(answer)).toBe(false);
  });

  it('GIVEN a Korean line that names the error below it mid-sentence, over the exception THEN it is a crash report', () => {
    // FastMRI_challenge#18: "the error showed up as below, so I ask"
    const msg = [
      '안녕하세요 공대 gpu할당 받아서 잘 쓰고 있었는데, 딱히 코드 건드린 것이 없는데 에러가 아래와 같이 떠서 질문드립니다.',
      '',
      'ValueError: Expected a cuda device, but got: cpu',
    ].join('\n');
    expect(said(msg)).toBe(true);
  });
});
