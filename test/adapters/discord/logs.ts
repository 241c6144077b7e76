// Real-shaped crash output for the Discord tests, as people paste it.

export const PYTORCH_OOM = `$ python train.py --batch-size 64 --img-size 1024
Epoch 1/50:  12%|█▏        | 118/1000 [01:02<07:44,  1.90it/s, loss=0.8121]
Traceback (most recent call last):
  File "/home/ana/project/train.py", line 211, in <module>
    main(args)
  File "/home/ana/project/train.py", line 160, in main
    loss.backward()
  File "/home/ana/miniconda3/envs/seg/lib/python3.10/site-packages/torch/_tensor.py", line 487, in backward
    torch.autograd.backward(
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB (GPU 0; 23.69 GiB total capacity; 20.13 GiB already allocated; 1.12 GiB free; 21.90 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.
`;

export const DEVICE_ASSERT = `Traceback (most recent call last):
  File "/srv/bot/infer.py", line 41, in run
    out = model(x.cuda())
RuntimeError: CUDA error: device-side assert triggered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1.
`;

export const HOST_OOM = `+ python train.py --config configs/large.yaml
Loading dataset shards: 100%|██████████| 64/64 [02:11<00:00,  2.05s/it]
epoch 0:  31%|███       | 3101/10000 [19:42<43:50, 2.62it/s, loss=2.1371]Killed
`;

export const ORDINARY_TALK =
  'we might OOM with batch 64 on the 3090, should I drop to 32 or turn on gradient checkpointing?';
