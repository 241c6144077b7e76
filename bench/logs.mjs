// Crash logs the chat benchmarks paste: each a real shape of its crash, and one long
// training log that ends in a host OOM kill.

export const OOM = `Traceback (most recent call last):
  File "/home/ana/project/train.py", line 160, in main
    loss.backward()
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB (GPU 0; 23.69 GiB total capacity; 20.13 GiB already allocated; 1.12 GiB free; 21.90 GiB reserved in total by PyTorch)`;
export const CUDNN = `2021-09-01 08:00:03.000000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:362] Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0.  CuDNN library needs to have matching major version and equal or higher minor version.
2021-09-01 08:00:03.100000: W tensorflow/core/framework/op_kernel.cc:1767] OP_REQUIRES failed at conv_ops.cc:1106 : Unknown: Failed to get convolution algorithm.`;
export const NCCL = `[rank3]: RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3
Process finished with exit code -1073740791 (0xC0000409)`;
export const ASSERT = `Traceback (most recent call last):
  File "/srv/bot/infer.py", line 41, in run
    out = model(x.cuda())
RuntimeError: CUDA error: device-side assert triggered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.`;
/** About 300 lines of training progress ending in a host OOM kill. */
export const LONG = [
  '+ python train.py --config configs/large.yaml',
  ...Array.from(
    { length: 300 },
    (_, i) =>
      `epoch 0: step ${i * 10}/10000 loss=${(2.5 - i / 200).toFixed(4)} lr=3.0e-04 grad_norm=0.93 tok/s=41873`,
  ),
  'epoch 0:  31%|███       | 3101/10000 [19:42<43:50, 2.62it/s, loss=2.1371]Killed',
].join('\n');
export const WINDOWS = 'Process finished with exit code -1073740791 (0xC0000409)\n';
