// Real-shaped logs as people paste them in Slack, kept here so these tests do not move
// when the classifier's fixtures do.

export const OOM_LOG = `$ python train.py --batch-size 64 --img-size 1024
Epoch 1/50:  12%|█▏        | 118/1000 [01:02<07:44,  1.90it/s, loss=0.8121]
Traceback (most recent call last):
  File "/home/ana/project/train.py", line 211, in <module>
    main(args)
  File "/home/ana/project/train.py", line 160, in main
    loss.backward()
  File "/home/ana/miniconda3/envs/seg/lib/python3.10/site-packages/torch/_tensor.py", line 487, in backward
    torch.autograd.backward(
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB (GPU 0; 23.69 GiB total capacity; 20.13 GiB already allocated; 1.12 GiB free; 21.90 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF
`;

export const CUDNN_LOG = `Traceback (most recent call last):
  File "demo.py", line 9, in <module>
    out = model(x.cuda())
  File "/usr/lib/python3/dist-packages/torch/backends/cudnn/__init__.py", line 62, in _init
    raise RuntimeError(base_error_msg)
RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but found runtime version (8, 5, 0). PyTorch already comes bundled with cuDNN. One option to resolving this error is to ensure PyTorch can find the bundled cuDNN. Looks like your LD_LIBRARY_PATH contains incompatible version of cudnn.
`;

/** Ordinary talk about memory that must not get an answer in a listening channel. */
export const OOM_TALK =
  'we might OOM with batch 64 on the 3090, should I drop to 32 or turn on gradient checkpointing?';
