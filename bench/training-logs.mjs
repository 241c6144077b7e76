// Generated, seeded training logs of about 100 MB, each ending in its crash: what a
// failed multi-day run leaves behind. The line shapes are those of real logs in public
// issue threads (sources beside each kind); numbers, hosts and paths vary with the seed.
import { closeSync, openSync, writeSync } from 'node:fs';

/** Bump when a generator changes, so cached files in bench/out are made again. */
export const GENERATOR_VERSION = 1;

/** mulberry32: a small seeded PRNG, so every run writes the same bytes. */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    fixed: (max, digits) => (next() * max).toFixed(digits),
  };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');

/** A wall clock that moves forward a little per line. */
function clock(r, start = Date.UTC(2024, 4, 1, 8, 0, 0)) {
  let t = start;
  return {
    tick(ms = 40) {
      t += r.int(ms) + 1;
      return t;
    },
    iso(withMicros = true) {
      const d = new Date(t);
      const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
      return withMicros ? `${base}.${pad(d.getUTCMilliseconds(), 3)}${pad(r.int(1000), 3)}` : base;
    },
    isoT() {
      return new Date(t).toISOString().replace('Z', '000Z');
    },
    comma() {
      const d = new Date(t);
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())},${pad(d.getUTCMilliseconds(), 3)}`;
    },
  };
}

// ---------------------------------------------------------------------------------------
// (a) Keras / TensorFlow: progress bars redrawn with \r, TF device and allocator notices,
// the executor's "(DEBUG INFO) Executor start aborting" notice with its node line,
// logged tracebacks of skipped samples, DDP reducer warnings from a PyTorch side job,
// and an OOM in the graph at the end.
// Shapes: tensorflow/tensorflow#36332 (fit progress), googlecolab/colabtools#3086
// (cpu_allocator_impl), naver/croco#21 and pytorch/pytorch#70222 (reducer warnings).
// ---------------------------------------------------------------------------------------
function* kerasLog(r) {
  const c = clock(r);
  const tf = (level, file, text) => `${c.iso()}: ${level} ${file}] ${text}`;
  c.tick();
  yield tf(
    'I',
    'tensorflow/core/platform/cpu_feature_guard.cc:182',
    'This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.',
  );
  yield 'To enable the following instructions: AVX2 FMA, in other operations, rebuild TensorFlow with the appropriate compiler flags.';
  yield tf(
    'W',
    'tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38',
    'TF-TRT Warning: Could not find TensorRT',
  );
  for (let g = 0; g < 4; g++) {
    yield tf(
      'I',
      'tensorflow/compiler/xla/stream_executor/cuda/cuda_gpu_executor.cc:894',
      `successful NUMA node read from SysFS had negative value (-1), but there must be at least one NUMA node, so returning NUMA node zero. See more at https://github.com/torvalds/linux/blob/v6.0/Documentation/ABI/testing/sysfs-bus-pci#L344-L355`,
    );
  }
  for (let g = 0; g < 4; g++) {
    yield tf(
      'I',
      'tensorflow/core/common_runtime/gpu/gpu_device.cc:1886',
      `Created device /job:localhost/replica:0/task:0/device:GPU:${g} with 22282 MB memory:  -> device: ${g}, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:${pad(g + 1)}:00.0, compute capability: 8.6`,
    );
  }
  yield tf('I', 'tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:442', 'Loaded cuDNN version 8600');
  const steps = 1563;
  for (let epoch = 1; ; epoch++) {
    yield `Epoch ${epoch}/500`;
    let loss = 2.3 / Math.sqrt(epoch);
    let acc = 1 - loss / 3;
    // verbose=1 into a file: one long line of \r redraws per chunk of steps.
    for (let start = 1; start <= steps; start += 24) {
      const redraws = [];
      for (let s = start; s < Math.min(steps, start + 24); s += 1 + r.int(3)) {
        loss *= 0.9995 + r.next() * 0.0008;
        acc = Math.min(0.999, acc + r.next() * 0.0004);
        const done = Math.floor((s / steps) * 30);
        const bar = `${'='.repeat(Math.max(0, done - 1))}>${'.'.repeat(30 - done)}`;
        const eta = Math.floor(((steps - s) * 29) / 1000);
        redraws.push(
          `${String(s).padStart(4)}/${steps} [${bar}] - ETA: ${Math.floor(eta / 60)}:${pad(eta % 60)} - loss: ${loss.toFixed(4)} - accuracy: ${acc.toFixed(4)}`,
        );
      }
      yield redraws.join('\r');
      c.tick(3000);
      if (r.chance(0.3)) {
        yield tf(
          'W',
          'tensorflow/core/framework/cpu_allocator_impl.cc:83',
          `Allocation of ${164634400 + r.int(1000) * 4096} exceeds 10% of free system memory.`,
        );
      }
      if (r.chance(0.6)) {
        yield tf(
          'I',
          'tensorflow/core/common_runtime/executor.cc:1197',
          `[/device:CPU:0] (DEBUG INFO) Executor start aborting (this does not indicate an error and you can ignore this message): INVALID_ARGUMENT: You must feed a value for placeholder tensor 'Placeholder/_${r.int(40)}' with dtype int32`,
        );
        yield `\t [[{{node Placeholder/_${r.int(40)}}}]]`;
      }
      if (r.chance(0.1)) {
        yield `WARNING:tensorflow:Callback method \`on_train_batch_end\` is slow compared to the batch time (batch time: 0.0${r.int(400)}s vs \`on_train_batch_end\` time: 0.0${r.int(900)}s). Check your callbacks.`;
      }
      if (r.chance(0.25)) {
        // A side job on the same host trains a PyTorch model with DDP.
        if (r.chance(0.5)) {
          const a = 64 << r.int(4);
          yield `/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py:251: UserWarning: Grad strides do not match bucket view strides. This may indicate grad was not created according to the gradient layout contract, or that the param's strides changed since DDP was constructed.  This is not an error, but may impair performance.`;
          yield `grad.sizes() = [${a}, ${a}, 1, 1], strides() = [${a}, 1, ${a}, ${a}]`;
          yield `bucket_view.sizes() = [${a}, ${a}, 1, 1], strides() = [${a}, 1, 1, 1] (Triggered internally at ../torch/csrc/distributed/c10d/reducer.cpp:325.)`;
          yield '  Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass';
        } else {
          yield `[W reducer.cpp:1346] Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance. If your model indeed never has any unused parameters in the forward pass, consider turning this flag off. Note that this warning may be a false positive if your model has flow control causing later iterations to have unused parameters. (function operator())`;
        }
      }
      if (r.chance(0.08)) {
        // A data loader that logs and skips unreadable samples.
        const n = r.int(900000);
        yield `WARNING:root:skipping sample ${n}: could not decode image`;
        yield 'Traceback (most recent call last):';
        yield '  File "/workspace/project/data/pipeline.py", line 142, in _load';
        yield '    image = tf.io.decode_jpeg(tf.io.read_file(path), channels=3)';
        yield '  File "/usr/local/lib/python3.10/dist-packages/tensorflow/python/ops/gen_image_ops.py", line 1123, in decode_jpeg';
        yield '    _ops.raise_from_not_ok_status(e, name)';
        yield '  File "/usr/local/lib/python3.10/dist-packages/tensorflow/python/framework/ops.py", line 6656, in raise_from_not_ok_status';
        yield '    raise core._status_to_exception(e) from None  # pylint: disable=protected-access';
        yield `tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node __wrapped__DecodeJpeg_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid JPEG data or crop window, data size ${r.int(40000)} [Op:DecodeJpeg]`;
      }
    }
    const vloss = (loss * (1.05 + r.next() * 0.1)).toFixed(4);
    yield `${steps}/${steps} [==============================] - ${40 + r.int(10)}s ${26 + r.int(6)}ms/step - loss: ${loss.toFixed(4)} - accuracy: ${acc.toFixed(4)} - val_loss: ${vloss} - val_accuracy: ${(acc - 0.02).toFixed(4)}`;
    yield `\nEpoch ${pad(epoch, 5)}: val_loss improved from ${(Number(vloss) + 0.01).toFixed(5)} to ${vloss}, saving model to /workspace/project/checkpoints/model.${pad(epoch)}-${vloss}.h5`;
  }
}

const KERAS_CRASH = `Epoch 413/500
 212/1563 [===>..........................] - ETA: 39s - loss: 0.1032 - accuracy: 0.9671
${'2024-05-14 03:12:44.561223'}: W tensorflow/tsl/framework/bfc_allocator.cc:485] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.00GiB (rounded to 2147483648)requested by op model/conv2d_5/Relu
If the cause is memory fragmentation maybe the environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation.
Current allocation summary follows.
Traceback (most recent call last):
  File "/workspace/project/train.py", line 88, in <module>
    model.fit(train_ds, epochs=500, validation_data=val_ds, callbacks=callbacks)
  File "/usr/local/lib/python3.10/dist-packages/keras/src/utils/traceback_utils.py", line 70, in error_handler
    raise e.with_traceback(filtered_tb) from None
  File "/usr/local/lib/python3.10/dist-packages/tensorflow/python/eager/execute.py", line 53, in quick_execute
    tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,
tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph execution error:

OOM when allocating tensor with shape[64,256,128,128] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc
\t [[{{node model/conv2d_5/Relu}}]]
Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't available when running in Eager mode.
 [Op:__inference_train_function_31337]
`;

// ---------------------------------------------------------------------------------------
// (b) JSON lines from a structured logger: every line names the GPU, its memory, the
// CUDA device and an error counter, and the run dies of an illegal memory access.
// Shape: structlog's JSONRenderer / python-json-logger output (one object per line, the
// exception as an escaped string field), as training frameworks emit it.
// ---------------------------------------------------------------------------------------
function* jsonLog(r) {
  const c = clock(r);
  const host = `gpu-node-${pad(r.int(64))}`;
  yield JSON.stringify({
    timestamp: c.isoT(),
    level: 'info',
    logger: 'trainer.setup',
    event: 'environment',
    torch: '2.1.2+cu121',
    cuda: '12.1',
    cudnn: 8902,
    nccl: '2.18.1',
    gpu: 'NVIDIA A100-SXM4-80GB',
    gpu_count: 8,
    memory_total_gb: 79.15,
    error_count: 0,
    host,
  });
  let step = 0;
  let errors = 0;
  for (;;) {
    c.tick(400);
    step++;
    const rank = step % 8;
    const kind = r.next();
    const mem = {
      allocated_gb: Number((58 + r.next() * 8).toFixed(2)),
      reserved_gb: Number((70 + r.next() * 4).toFixed(2)),
      max_allocated_gb: Number((66 + r.next() * 2).toFixed(2)),
    };
    if (kind < 0.86) {
      yield JSON.stringify({
        timestamp: c.isoT(),
        level: 'info',
        logger: 'trainer.loop',
        event: 'train_step',
        step,
        epoch: Math.floor(step / 50000),
        loss: Number((0.4 + r.next()).toFixed(4)),
        lr: 0.0003,
        grad_norm: Number((r.next() * 2).toFixed(3)),
        tokens_per_s: 41000 + r.int(3000),
        gpu: rank,
        gpu_util: Number((0.9 + r.next() * 0.1).toFixed(2)),
        memory: mem,
        cuda: { device: `cuda:${rank}`, stream: 'default', graphs: false },
        error_count: errors,
        host,
        rank,
      });
    } else if (kind < 0.94) {
      yield JSON.stringify({
        timestamp: c.isoT(),
        level: 'info',
        logger: 'trainer.eval',
        event: 'eval',
        step,
        eval_loss: Number((0.5 + r.next()).toFixed(4)),
        accuracy: Number((0.7 + r.next() * 0.2).toFixed(4)),
        gpu: rank,
        memory: mem,
        cuda: { device: `cuda:${rank}`, sync_ms: r.int(40) },
        error_count: errors,
        host,
      });
    } else if (kind < 0.985) {
      if (r.chance(0.3)) errors++;
      yield JSON.stringify({
        timestamp: c.isoT(),
        level: 'warning',
        logger: 'trainer.data',
        event: 'slow batch',
        step,
        wait_ms: 200 + r.int(3000),
        detail: 'dataloader worker queue empty; consider raising num_workers',
        gpu: rank,
        memory: mem,
        cuda: { device: `cuda:${rank}` },
        error_count: errors,
        host,
      });
    } else {
      yield JSON.stringify({
        timestamp: c.isoT(),
        level: 'info',
        logger: 'trainer.checkpoint',
        event: 'checkpoint saved',
        step,
        path: `/checkpoints/run-0423/step-${step}.pt`,
        size_gb: 13.4,
        gpu: rank,
        memory: mem,
        cuda: { device: `cuda:${rank}` },
        error_count: errors,
        host,
      });
    }
  }
}

const JSON_TRACE = [
  'Traceback (most recent call last):',
  '  File "/workspace/train.py", line 311, in <module>',
  '    main()',
  '  File "/workspace/train.py", line 287, in main',
  '    loss.backward()',
  '  File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 492, in backward',
  '    torch.autograd.backward(',
  'RuntimeError: CUDA error: an illegal memory access was encountered',
  'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
  'For debugging consider passing CUDA_LAUNCH_BLOCKING=1.',
  'Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.',
];
const JSON_CRASH = `${JSON.stringify({
  timestamp: '2024-05-09T17:44:02.118000Z',
  level: 'error',
  logger: 'trainer.loop',
  event: 'train_step failed',
  step: 911203,
  gpu: 5,
  memory: { allocated_gb: 61.2, reserved_gb: 72.0 },
  cuda: { device: 'cuda:5' },
  error_count: 1,
  exception: JSON_TRACE.join('\n'),
})}
${JSON_TRACE.join('\n')}
`;

// ---------------------------------------------------------------------------------------
// (c) torchrun with 8 ranks and NCCL_DEBUG=INFO: communicator set-up lines from every
// rank (each new process group prints them again), tqdm redraws with \r, rank-prefixed
// warnings, and an NCCL watchdog timeout that takes the job down.
// Shapes: NVIDIA/nccl#952, #1235, NVIDIA/Megatron-LM#516 (NCCL INFO), mit-han-lab/distrifuser#6
// and Project-MONAI/model-zoo#685 (watchdog), ArrowLuo/CLIP4Clip#78 (ChildFailedError).
// ---------------------------------------------------------------------------------------
function* torchrunLog(r) {
  const c = clock(r);
  const host = `node${pad(r.int(32))}`;
  const pid = (k) => 27100 + k;
  const tid = (k) => 27300 + k;
  yield `W0501 08:00:00.123000 139912 torch/distributed/run.py:779] `;
  yield 'W0501 08:00:00.123000 139912 torch/distributed/run.py:779] *****************************************';
  yield 'W0501 08:00:00.123000 139912 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ';
  yield 'W0501 08:00:00.123000 139912 torch/distributed/run.py:779] *****************************************';
  const nccl = (k, text) => `${host}:${pid(k)}:${tid(k)} [${k}] NCCL INFO ${text}`;
  function* comm() {
    const id = `0x${(0x55d0c0000000 + r.int(0xfffffff)).toString(16)}`;
    for (let k = 0; k < 8; k++) yield nccl(k, `cudaDriverVersion 12020`);
    yield nccl(0, 'Bootstrap : Using eth0:10.1.2.3<0>');
    yield nccl(
      0,
      'NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation',
    );
    yield `NCCL version 2.18.1+cuda12.1`;
    for (let k = 0; k < 8; k++) {
      yield nccl(k, 'NET/IB : No device found.');
      yield nccl(k, 'NET/Socket : Using [0]eth0:10.1.2.3<0>');
      yield nccl(k, 'Using network Socket');
      yield nccl(k, `comm ${id} rank ${k} nRanks 8 nNodes 1 localRanks 8 localRank ${k} MNNVL 0`);
    }
    for (let ch = 0; ch < 24; ch++) {
      for (let k = 0; k < 8; k++) {
        yield nccl(k, `Channel ${pad(ch)}/0 : ${k}[${k}] -> ${(k + 1) % 8}[${(k + 1) % 8}] via P2P/IPC/read`);
      }
    }
    for (let k = 0; k < 8; k++) yield nccl(k, 'Connected all rings');
    for (let k = 0; k < 8; k++) yield nccl(k, 'Connected all trees');
    for (let k = 0; k < 8; k++) {
      yield nccl(k, 'threadThresholds 8/8/64 | 64/8/64 | 512 | 512');
      yield nccl(k, '24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer');
      yield nccl(
        k,
        `ncclCommInitRank comm ${id} rank ${k} nranks 8 cudaDev ${k} nvmlDev ${k} busId ${(k + 1) * 16}000 commId 0x${r.int(0xffffffff).toString(16)} - Init COMPLETE`,
      );
    }
  }
  yield* comm();
  for (let epoch = 0; ; epoch++) {
    const total = 2000;
    let loss = 2 / (1 + epoch);
    for (let start = 0; start < total; start += 40) {
      const redraws = [];
      for (let s = start; s < start + 40; s += 2) {
        loss *= 0.9997 + r.next() * 0.0005;
        const pct = Math.floor((s / total) * 100);
        const fill = '█'.repeat(Math.floor(pct / 10));
        redraws.push(
          `Epoch ${epoch}: ${String(pct).padStart(3)}%|${fill}${' '.repeat(10 - fill.length)}| ${s}/${total} [${pad(Math.floor(s / 200))}:${pad(s % 60)}<${pad(Math.floor((total - s) / 200))}:${pad((total - s) % 60)},  3.${r.int(99)}it/s, loss=${loss.toFixed(3)}, v_num=0]`,
        );
      }
      yield redraws.join('\r');
      c.tick(12000);
      if (r.chance(0.3)) {
        const k = r.int(8);
        yield `[rank${k}]:[W reducer.cpp:1389] Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance. (function operator())`;
      }
      if (r.chance(0.2)) {
        const k = r.int(8);
        yield `[rank${k}]: /opt/conda/lib/python3.10/site-packages/torch/utils/checkpoint.py:429: UserWarning: torch.utils.checkpoint: please pass in use_reentrant=True or use_reentrant=False explicitly. The default value of use_reentrant will be updated to be False in the future.`;
        yield `[rank${k}]:   warnings.warn(`;
      }
      if (r.chance(0.15)) {
        yield `[rank0]: ${c.comma()} - INFO - trainer - step ${epoch * total + start} | loss ${loss.toFixed(4)} | lr 2.0e-04 | grad_norm ${r.fixed(3, 3)} | tokens/s ${40000 + r.int(5000)}`;
      }
      if (r.chance(0.04)) {
        // A new process group for evaluation: every rank prints its set-up again.
        for (const line of comm()) yield line;
      }
    }
  }
}

const TORCHRUN_CRASH = `[rank3]:[E ProcessGroupNCCL.cpp:563] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=911203, OpType=ALLREDUCE, NumelIn=11177025, NumelOut=11177025, Timeout(ms)=600000) ran for 600097 milliseconds before timing out.
[rank3]:[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank 3] Timeout at NCCL work: 911203, last enqueued NCCL work: 911203, last completed NCCL work: 911202.
[rank3]:[E ProcessGroupNCCL.cpp:577] [Rank 3] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.
[rank3]:[E ProcessGroupNCCL.cpp:583] [Rank 3] To avoid data inconsistency, we are taking the entire process down.
[rank3]:[E ProcessGroupNCCL.cpp:1414] [PG 0 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=911203, OpType=ALLREDUCE, NumelIn=11177025, NumelOut=11177025, Timeout(ms)=600000) ran for 600097 milliseconds before timing out.
terminate called after throwing an instance of 'c10::DistBackendError'
  what():  [PG 0 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=911203, OpType=ALLREDUCE, NumelIn=11177025, NumelOut=11177025, Timeout(ms)=600000) ran for 600097 milliseconds before timing out.
W0509 17:44:03.805000 139912 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 27100 closing signal SIGTERM
W0509 17:44:03.806000 139912 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 27101 closing signal SIGTERM
E0509 17:44:04.390000 139912 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: -6) local_rank: 3 (pid: 27103) of binary: /opt/conda/bin/python
Traceback (most recent call last):
  File "/opt/conda/bin/torchrun", line 33, in <module>
    sys.exit(load_entry_point('torch==2.3.1', 'console_scripts', 'torchrun')())
  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/run.py", line 879, in main
    run(args)
  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py", line 263, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED
------------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2024-05-09_17:44:03
  host      : node07
  rank      : 3 (local_rank: 3)
  exitcode  : -6 (pid: 27103)
  error_file: <N/A>
  traceback : Signal 6 (SIGABRT) received by PID 27103
============================================================
`;

// ---------------------------------------------------------------------------------------
// (d) Plain noise: progress and metric lines that hold no needle at all, then a CUDA OOM.
// ---------------------------------------------------------------------------------------
function* noiseLog(r) {
  const lines = [
    (i) =>
      `2024-05-01 12:${pad(i % 60)}:00,123 - trainer - INFO - step ${i}/500000 loss=0.${i % 9999} lr=3.0e-04 grad_norm=1.${i % 97}`,
    (i) =>
      `Epoch ${i % 90}/90 ${i % 5000}/5000 [=====>........] - ETA: 9:01 - loss: 0.4521 - acc: 0.8812\r`.repeat(
        3,
      ),
    (i) =>
      ` ${i % 100}%|███▍      | ${i % 1000}/1000 [00:${i % 60}<01:30, 10.${i % 9}it/s, loss=0.${i % 977}]`,
    (i) =>
      `[rank${i % 8}]: iteration ${i} | consumed samples ${i * 64} | elapsed time per iteration (ms): 812.${i % 10} | tokens/s 12${i % 1000}`,
    (i) => `  eval/accuracy=0.${i % 9973} eval/f1=0.${i % 9967} throughput=${i % 4096} samples/s`,
  ];
  const warning =
    '/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 8.';
  for (let i = 0; ; i++) yield i % 997 === 0 ? warning : lines[i % lines.length](i + r.int(3));
}

const NOISE_CRASH = `Traceback (most recent call last):
  File "/workspace/train.py", line 412, in <module>
    loss.backward()
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB (GPU 0; 79.15 GiB total capacity; 74.02 GiB already allocated)
`;

/** The kinds: a name, what it shows, its line generator, its last lines and what they are. */
export const KINDS = [
  {
    name: 'keras-tf',
    what: 'Keras/TF progress + TF device logs + traceback frames + DDP reducer warnings',
    lines: kerasLog,
    crash: KERAS_CRASH,
    expect: 'gpu-oom',
  },
  {
    name: 'json-lines',
    what: 'JSON lines from a structured logger (gpu, memory, cuda, error_count on every line)',
    lines: jsonLog,
    crash: JSON_CRASH,
    expect: 'illegal-memory-access',
  },
  {
    name: 'torchrun-nccl',
    what: 'torchrun, 8 ranks, NCCL_DEBUG=INFO, tqdm with \\r, rank-prefixed warnings',
    lines: torchrunLog,
    crash: TORCHRUN_CRASH,
    expect: 'nccl-error',
  },
  {
    name: 'plain-noise',
    what: 'progress and metric lines without a needle',
    lines: noiseLog,
    crash: NOISE_CRASH,
    expect: 'gpu-oom',
  },
];

/** The first `count` lines of the kind's log (without its crash), as writeTrainingLog writes them. */
export function trainingLogLines(kind, count, seed = 42) {
  const r = rng(seed);
  const gen = kind.lines(r);
  const out = [];
  for (let k = 0; k < count; k++) out.push(gen.next().value);
  return out;
}

/** Writes `size` bytes (about) of the kind's lines, then its crash. Same seed, same bytes. */
export function writeTrainingLog(path, kind, size, seed = 42) {
  const r = rng(seed);
  const fd = openSync(path, 'w');
  let written = 0;
  const gen = kind.lines(r);
  while (written < size) {
    let chunk = '';
    for (let k = 0; k < 2000; k++) chunk += `${gen.next().value}\n`;
    written += writeSync(fd, chunk);
  }
  writeSync(fd, kind.crash);
  closeSync(fd);
}
