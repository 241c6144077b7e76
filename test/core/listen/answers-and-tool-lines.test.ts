// Listening on shapes a later blind set (held28 in test/corpus/listen.jsonl) brought:
// TensorFlow's own log lines with a cuDNN status, TensorRT's logger quoted in the writer's
// sentence with a plea for help after it, an answer that names the error for someone, and
// a question put to the reporter in Chinese. Each comes from the public thread named beside it.
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

  it("GIVEN a reporter's own account in Chinese after a greeting THEN it stays one", () => {
    // Written after the corpus's accounts: "hello, my training gets killed at epoch 14, why?"
    expect(said('您好，我训练到14个epoch时，程序被killed了，请问是什么原因？')).toBe(true);
  });
});
