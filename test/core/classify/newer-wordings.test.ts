// Newer tools' own wordings of known causes, each seen in a public thread (named above it),
// named as the cause they are; and the talk around such words that must not make a report.
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

const first = (text: string) => diagnoseText(text, kb).causes[0]?.id;

describe('newer wordings of known causes', () => {
  it.each([
    // ROCm/AMDMIGraphX#3517
    [
      'rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : gfx1201\n List of available TensileLibrary Files :',
      'unsupported-gpu-arch',
    ],
    // pytorch/pytorch#90676
    [
      'RuntimeError: Error in dlopen: libnvJitLink.so.12: cannot open shared object file: No such file or directory',
      'missing-cuda-library',
    ],
    // vllm-project/vllm-omni#276
    [
      'ValueError: Free memory on device (0.49/79.32 GiB) on startup is less than desired GPU memory utilization (0.6, 47.59 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
      'gpu-oom',
    ],
    // eugr/spark-vllm-docker#143
    [
      'This kernel only supports sm120.\ncudaErrorLaunchFailure: unspecified launch failure',
      'unsupported-gpu-arch',
    ],
    // Kaszanas/SC2_Datasets#15 (the title, without the brackets Python prints)
    ['OSError: WinError 1455 The paging file is too small', 'windows-pagefile-too-small'],
    // kijai/ComfyUI-WanVideoWrapper#1644
    ['I updated to build 1.3.9 of WanVideoWrapper and everything OOMs now.', 'gpu-oom'],
    // sgl-project/sglang#24402
    [
      'Just as my benchmark I run via `SpecForge` ends, I get an illegal memory access:',
      'illegal-memory-access',
    ],
    // ollama/ollama#8964
    [
      'ggml_cuda_host_malloc: failed to allocate 349659.17 MiB of pinned memory: out of memory\nllm_load_tensors: offloaded 5/62 layers to GPU',
      'host-oom',
    ],
    // ICRA-sim2real#5: error 804 inside a container, the host driver too old for the image's CUDA.
    [
      'Whenever I run the pytorch with cuda in the baseline docker, it shows the error:\n\n"RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non supported HW"',
      'driver-too-old',
    ],
    // detectron2#1687: the same error on a machine, gone after a reboot.
    [
      'RuntimeError: cuda runtime error (804) : forward compatibility was attempted on non supported HW',
      'gpu-driver-state',
    ],
    // neuralchen/SimSwap#98
    [
      "CUDA_PATH is set but CUDA wasn't able to be loaded. Please install the correct version of CUDA and cuDNN as mentioned in the GPU requirements page, make sure they're in the PATH, and that your GPU is supported.",
      'cuda-version-mismatch',
    ],
    // hoifhli#5, told in the writer's words
    [
      'it receives a RuntimeError telling me Please make sure to use the same CUDA versions, but downgrading cuda to 11.3 on 4090 is impossible.',
      'cuda-version-mismatch',
    ],
    // hacksider/Deep-Live-Cam#584
    [
      'onnxruntime::CudaCall CUDA failure 2: out of memory ; GPU=0 ; hostname=DESKTOP-QUBEI ; file=D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_stream_handle.cc ; line=175',
      'gpu-oom',
    ],
    // facefusion/facefusion#48: the CPU-only onnxruntime offers no CUDA provider.
    [
      "command with _python run.py --execution-providers cuda_\nreturns\nrun.py: error: argument --execution-providers: invalid choice: 'cuda' (choose from 'cpu')",
      'gpu-not-detected',
    ],
    // liucongg/ChatGLM-Finetuning#102: the launcher kills its ranks while they load the shards.
    [
      'Loading checkpoint shards:   0%|          | 0/7 [00:00<?, ?it/s][2023-09-10 11:45:59,207] [INFO] [launch.py:428:sigkill_handler] Killing subprocess 6293\n[2023-09-10 11:45:59,501] [INFO] [launch.py:428:sigkill_handler] Killing subprocess 6294',
      'host-oom',
    ],
    // open-mmlab/mmagic#876: torch.load's reader error, cut after its name.
    [
      '    super(_open_zipfile_reader, self).__init__(torch._C.PyTorchFileReader(name_or_buffer))\nRuntimeError: PytorchStreamReader',
      'checkpoint-load',
    ],
    // triton-inference-server/server#7019: onnxruntime's arena on a GPU shared by eight models.
    [
      "onnx runtime error 6: Non-zero status code returned while running Mul node. Name:'Mul_8702' Status Message: /workspace/onnxruntime/onnxruntime/core/framework/bfc_arena.cc:368 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to allocate memory for requested buffer of size 2830172160",
      'gpu-oom',
    ],
    // NVIDIA/nccl#1814
    [
      'hostname-test:984:1357 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer 172.36.143.59<44206> with status=12 opcode=129 len=65536 vendor err 129 (Recv) localGid ::ffff:29.87.88.182',
      'nccl-error',
    ],
    // run-ai/fake-gpu-operator#105
    [
      'Warning  FailedScheduling  28s (x4 over 15m)  default-scheduler  0/4 nodes are available: 1 Insufficient nvidia.com/gpu',
      'gpu-not-detected',
    ],
    // AgentR1/Agent-R1#33
    [
      'The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker exits unexpectedly. Worker exits with an exit code None. The worker may have exceeded K8s pod memory limits.',
      'host-oom',
    ],
    // tensorpack/tensorpack#1244
    ['tensorpack.utils.nvml.NvmlException: NVML_ERROR_LIB_RM_VERSION_MISMATCH', 'gpu-driver-state'],
    // NVIDIA/TensorRT#564
    [
      '[TensorRT] ERROR: INVALID_CONFIG: The engine plan file is generated on an incompatible device, expecting compute 6.1 got compute 7.5, please rebuild.',
      'unsupported-gpu-arch',
    ],
    // human37/open-wispr#87
    [
      'Downloading base.en model from https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.en.bin...\nFatal setup error: Download failed with HTTP status 403. Check your network connection or proxy settings.',
      'weights-download',
    ],
    // home-assistant/addons#4363
    [
      "RuntimeError: NumPy was built with baseline optimizations: \n(X86_V2) but your machine doesn't support:\n(X86_V2).",
      'cpu-instruction-unsupported',
    ],
    // Written here: the same check with the baseline named another way.
    [
      "RuntimeError: NumPy was built with baseline optimizations: (x86_64-v2) but your machine doesn't support: (x86_64-v2).",
      'cpu-instruction-unsupported',
    ],
    // InternLM/xtuner#819: flash-attn's module after a torch upgrade, its symbol cut where the line wrapped.
    ['flash_attn_2_cuda.cpython-39-x86_64-linux-gnu.so: undefined symbol:', 'extension-abi-mismatch'],
    // 2noise/ChatTTS#102: the CPU-only torch that requirements.txt installs.
    ['WARNING:ChatTTS.utils.gpu_utils:No GPU found, use CPU instead', 'gpu-not-detected'],
    // andreaazzini/retinanet.pytorch#5: the message without RecursionError's name.
    [
      'hi, while running the train.py I got this error "maximum recursion depth exceeded\n" . Can you advice?',
      'stack-overflow',
    ],
    // PaddlePaddle/Paddle#10608: NCCL not installed on the machine.
    [
      'paddle.fluid.core.EnforceNotMet: unhandled cuda error at [/workspace/agent/work/62dea99fa81a5ba4/paddle/fluid/platform/nccl_helper.h:93]',
      'nccl-error',
    ],
    // linghu8812/tensorrt_inference#173: TensorRT's wording of CUDA runtime error 35.
    [
      '[11/05/2023-16:18:50] [W] [TRT] CUDA initialization failure with error: 35. Please check your CUDA installation:  http://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html',
      'driver-too-old',
    ],
    // Older wordings (2015-2020). BestSonny/SSTD#9: Caffe's CUDA check, error 2 (out of memory).
    [
      'F1206 10:15:04.766489   447 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out of memory\n*** Check failure stack trace: ***\nAborted (core dumped)',
      'gpu-oom',
    ],
    // ageitgey/face_recognition#549: dlib's cudaMalloc.
    [
      'RuntimeError: Error while calling cudaMalloc(&data, n) in file C:\\Users\\Gavan\\dlib-master\\dlib\\cuda\\cuda_data_ptr.cpp:28. code: 2, reason: out of memory',
      'gpu-oom',
    ],
    // dusty-nv/jetson-inference#235: cuDNN upgraded after Caffe was built.
    [
      'Check failed: status == CUDNN_STATUS_SUCCESS (3 vs. 0)  CUDNN_STATUS_BAD_PARAM',
      'cudnn-version-mismatch',
    ],
    // tensorflow/tensorflow#311: a CPU-only build of TensorFlow 0.x.
    [
      'I tensorflow/core/common_runtime/direct_session.cc:45] Direct session inter op parallelism threads: 8\nDevice mapping: no known devices.',
      'gpu-not-detected',
    ],
    // deepfakes/faceswap-playground#136: TensorFlow 1.x's own DLL check.
    [
      "ImportError: Could not find 'cudart64_90.dll'. TensorFlow requires that this DLL be installed in a directory that is named in your %PATH% environment variable. Download and install CUDA 9.0 from this URL: https://developer.nvidia.com/cuda-toolkit",
      'missing-cuda-library',
    ],
    // dnouri/kfkd-tutorial#15: nvcc not on PATH under sudo.
    [
      'ERROR (theano.sandbox.cuda): nvcc compiler not found on $PATH. Check your nvcc installation and try again.',
      'missing-cuda-library',
    ],
    // likejazz/Siamese-LSTM#1: TensorFlow 1.x's cuBLAS launch failing (memory held elsewhere).
    [
      'InternalError: Blas GEMM launch failed : a.shape=(1024, 64), b.shape=(64, 50), m=1024, n=50, k=64',
      'gpu-memory-preallocation',
    ],
    // danieldjohnson/biaxial-rnn-music-composition#22: Theano's old GPU back end.
    ['RuntimeError: CudaNdarray_ZEROS: allocation failed.', 'gpu-oom'],
    // lzx1413/PytorchSSD#33: PyTorch 0.3's device mismatch by tensor type.
    [
      "你好,我在执行demo/live.py 文件时, 发生了错误. Expected object of type torch.FloatTensor but found type torch.cuda.FloatTensor for argument #2 'weight'",
      'device-mismatch',
    ],
    // NVIDIA/apex#230
    [
      'RuntimeError: Found param block_one.conv.0.weight with type torch.FloatTensor, expected torch.cuda.FloatTensor.',
      'device-mismatch',
    ],
    // kaldi-asr/kaldi#4255
    [
      "ERROR (nnet3-train[5.5]:AllocateNewRegion():cu-allocator.cc:519) Failed to allocate a memory region of 8088715264 bytes.  Possibly this is due to sharing the GPU.  Memory info: free:15426M, used:17053M, total:32480M, free/total:0.474948 CUDA error: 'out of memory'",
      'gpu-oom',
    ],
    // lancopku/SGM#3: PyTorch 0.x's load_state_dict.
    [
      'RuntimeError: While copying the parameter named decoder.embedding.weight, whose dimensions in the model are torch.Size([58, 256]) and whose dimensions in the checkpoint are torch.Size([107, 256]).',
      'shape-mismatch',
    ],
    // tensorflow/tensorflow#13970: TensorFlow 1.3's self-check script.
    [
      "- Could not load 'cudart64_80.dll'. The GPU version of TensorFlow\n  requires that this DLL be installed in a directory that is named in\n  your %PATH% environment variable. Download and install CUDA 8.0 from\n  this URL: https://developer.nvidia.com/cuda-toolkit",
      'missing-cuda-library',
    ],
    // NVIDIA/libnvidia-container#103
    [
      'I have encountered the similar problem, the error is <initialization error: cuda error: unknown error\\n""": unknown>> !',
      'gpu-driver-state',
    ],
    // microsoft/CNTK#1664: CNTK's build info, then no GPU.
    [
      '\t\tBuild target: GPU\n\t\tCUDA_PATH: C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v8.0\n-------------------------------------------------------------------\nNo GPUs found',
      'gpu-not-detected',
    ],
    // opencv/opencv#15858
    [
      'dnn.cpp (1314) cv::dnn::dnn4_v20191024::Net::Impl::setUpNet DNN module was not built with CUDA backend; switching to CPU',
      'gpu-not-detected',
    ],
    // ih-lab/STORK#3: protobuf's message without its first line.
    [
      'If this call came from a _pb2.py file, your generated code is out of date and must be regenerated with protoc >= 3.19.0.',
      'protobuf-version',
    ],
    // explosion/spaCy#3397
    ['For GPU this is the error\n`CURANDError: CURAND_STATUS_ALLOCATION_FAILED`', 'gpu-oom'],
    // horovod/horovod#108: NCCL's error through Horovod's allreduce.
    [
      'tensorflow.python.framework.errors_impl.UnknownError: ncclAllReduce failed: unhandled cuda error\n\t [[Node: model/HorovodAllreduce_model_Mean_25_0 = HorovodAllreduce[T=DT_FLOAT]]]',
      'nccl-error',
    ],
    // Stability-AI/stable-point-aware-3d#32
    ['RuntimeError: CUDA driver error: out of memory', 'gpu-oom'],
    // lmstudio-ai/lmstudio-bug-tracker#1249
    [
      '🥲 Failed to load the model\n\nFailed to initialize the context: failed to allocate buffer for kv cache',
      'gpu-oom',
    ],
    // ollama/ollama#1898
    [
      'Jan 08 19:28:33 XDFAF ollama[178990]: 2024/01/08 19:28:33 gpu.go:39: CUDA not detected: nvml vram init failure: 9',
      'gpu-not-detected',
    ],
    // Dao-AILab/flash-attention#237: the symbol told in a sentence, without its colon.
    [
      'The error message pointed to the undefined symbol _ZN3c104impl8GPUTrace13gpuTraceStateE in flash_attn_cuda.cpython-38-x86_64-linux-gnu.so.',
      'extension-abi-mismatch',
    ],
    // NVIDIA/libnvidia-container#231
    [
      'nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory',
      'missing-cuda-library',
    ],
    // OHF-Voice/wyoming-faster-whisper#30: older CTranslate2's wording.
    [
      'On trying to use CUDA I get the Error: RuntimeError: Library libcublas.so.12 is not found',
      'missing-cuda-library',
    ],
    // claraverse-space/ClaraVerse#49
    [
      'time=2025-04-29T20:11:09.132Z level=INFO source=gpu.go:377 msg="no compatible GPUs were discovered"',
      'gpu-not-detected',
    ],
    // eosphoros-ai/DB-GPT-Hub#90
    [
      'AttributeError: /home/server/miniconda3/envs/dbgpt_env/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cpu.so: undefined symbol: cquantize_blockwise_fp16_nf4',
      'cuda-version-mismatch',
    ],
    // vllm-project/vllm#19613
    [
      'cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_SYSTEM_ERROR: unhandled system error (run with NCCL_DEBUG=INFO for details)',
      'nccl-error',
    ],
    // intelligent-machine-learning/dlrover#1046: a 64 MB /dev/shm under a shared-memory checkpoint.
    [
      "The default shm of docker is only 64MB which is not enough to save the nanogpt checkpoint.\n\nThe worker fails with {0: ProcessFailure(local_rank=0, pid=54, exitcode=-7, error_file='<N/A>', message='Signal 7 (SIGBUS) received by PID 54')}",
      'dataloader-shm',
    ],
    // bitsandbytes-foundation/bitsandbytes#1559
    [
      "Could not find the bitsandbytes CUDA binary at PosixPath('/notebooks/bitsandbytes/bitsandbytes/libbitsandbytes_cuda124.so')",
      'cuda-version-mismatch',
    ],
    // ROCmSoftwarePlatform/tensorflow#30
    [
      'MIOpen Error: /data/repo/MIOpen/src/hip/handlehip.cpp:68: Memory not available to allocate buffer: 528515072',
      'gpu-oom',
    ],
    // ROCmSoftwarePlatform/tensorflow#14
    [
      '2018-03-22 18:14:41.893382: E tensorflow/stream_executor/rocm/rocm_driver.cc:1098] could not retrieve ROCM device count: HIP_ERROR_NoDevice',
      'gpu-not-detected',
    ],
    // jax-ml/jax#7334
    [
      '2021-07-20 13:32:45.335463: F external/org_tensorflow/tensorflow/core/tpu/tpu_executor_init_fns.inc:110] TpuTransferManager_ReadDynamicShapes not available in this library.\nAborted (core dumped)',
      'jax-jaxlib-mismatch',
    ],
    // intel/intel-extension-for-tensorflow#51
    [
      '2023-11-01 10:08:56.698703: F itex/core/utils/op_kernel.cc:54] Check failed: false Multiple KernelCreateFunc registration\nAborted',
      'extension-abi-mismatch',
    ],
    // tensorflow/tensorflow#35573
    [
      '[libprotobuf ERROR google/protobuf/descriptor_database.cc:394] Invalid file descriptor data passed to EncodedDescriptorDatabase::Add().\nAbort trap: 6',
      'protobuf-version',
    ],
    // SYSTRAN/faster-whisper#1182
    [
      'Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}',
      'missing-cuda-library',
    ],
    // learning-at-home/hivemind#638
    [
      'google.protobuf.runtime_version.VersionError: Detected incompatible Protobuf Gencode/Runtime versions when loading runtime.proto: gencode 5.28.1 runtime 5.27.5. Runtime version cannot be older than the linked gencode version.',
      'protobuf-version',
    ],
    // NVIDIA/TransformerEngine#1159
    [
      'AssertionError: Device compute capability 8.9 or higher required for FP8 execution.',
      'unsupported-gpu-arch',
    ],
    // yufu-wang/PromptHMR#4
    [
      "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n`fa2F@v2.5.7-pt` is not supported because:\n    xFormers wasn't build with CUDA support",
      'extension-abi-mismatch',
    ],
    // pytorch/pytorch#129432
    [
      'Thread 71 "pt_autograd_0" received signal CUDA_EXCEPTION_14, Warp Illegal Address.\ntriton_<<<(12544,1,1),(128,1,1)>>> () at /tmp/torchinductor_root/pn/c.py:31',
      'illegal-memory-access',
    ],
    // chenwei-zhao/captcha-recognizer#2: retyped with a typo and curly quotes.
    [
      'Erro loading “xxx\\Lib\\site-packages\\torch\\lib\\fbgemm.dll” or one of its dependencies.',
      'dll-load-failed',
    ],
    // RVC-Boss/GPT-SoVITS#2162
    ['SystemError: initialization of _internal failed without raising an exception', 'numpy-abi-mismatch'],
    // PaddlePaddle/PaddleOCR#3133
    ['FatalError: `Segmentation fault` is detected by the operating system.', 'segfault'],
    // CheshireCC/faster-whisper-GUI#19
    [
      "Could not download 'pyannote/speaker-diarization' pipeline.\nIt might be because the pipeline is private or gated so make\nsure to authenticate.",
      'weights-download',
    ],
    // MatteoFasulo/Whisper-TikTok#8
    [
      'RuntimeError: Model has been downloaded but the SHA256 checksum does not not match. Please retry loading the model.',
      'checkpoint-load',
    ],
    // m-bain/whisperX#943
    [
      "Today, when I tried to download the VAD model, I encountered an error: <HTTPError 403: 'Forbidden'>.",
      'weights-download',
    ],
    // dsymbol/decipher#8
    ['UserWarning: FP16 is not supported on CPU; using FP32 instead', 'gpu-not-detected'],
    // NVlabs/instant-ngp#47
    [
      'Uncaught exception: Turing Tensor Core operations must be run on a machine with compute capability at least 75.',
      'unsupported-gpu-arch',
    ],
    // hgyhungry/ge-spmm#11
    ['RuntimeError: /pytorch/torch/csrc/autograd/profiler_cuda.cpp:23: out of memory', 'gpu-oom'],
    // rusty1s/pytorch_scatter#211
    [
      'Exception has occurred: OSError\nlibtorch_cuda_cu.so: cannot open shared object file: No such file or directory',
      'extension-abi-mismatch',
    ],
    // jax-ml/jax#12461
    [
      '  File "/home/u/lib/python3.10/site-packages/jax/_src/dispatch.py", line 837, in _execute_compiled\n    out_flat = compiled.execute(in_flat)\njaxlib.xla_extension.XlaRuntimeError: UNKNOWN: CUDNN_STATUS_EXECUTION_FAILED',
      'gpu-memory-preallocation',
    ],
    // taichi-dev/taichi#807
    [
      '[E 04/17/20 09:20:48.290] [llvm_context.cpp:taichi::lang::module_from_bitcode_file@178] Bitcode file (C:\\anaconda3\\lib\\site-packages\\taichi\\core\\../lib/slim_libdevice.10.bc) not found.',
      'xla-ptxas',
    ],
    // oarriaga/paz#208: no framework named
    [
      'Could not run the script examples/demo.py because of the error "CUBLAS_STATUS_ALLOC_FAILED"',
      'gpu-oom',
    ],
    // Nixtla/neuralforecast#1110: DDP's reducer with TORCH_DISTRIBUTED_DEBUG=DETAIL
    [
      '[rank1]:[I816 21:41:23.034545571 reducer.cpp:1989] [Rank 1] Parameter: static_encoder.context_grns.3.glu.lin.bias did not get gradient in backwards pass.',
      'ddp-unused-parameters',
    ],
    // pytorch/pytorch#72293: a WinError without a rule of its own, on one of torch's DLLs
    [
      'E   OSError: [WinError 182] The operating system cannot run %1. Error loading "C:\\Miniconda\\envs\\ads\\lib\\site-packages\\torch\\lib\\caffe2_detectron_ops.dll" or one of its dependencies.',
      'dll-load-failed',
    ],
    // judge0/judge0#341: protobuf's own workaround list, pasted without the TypeError
    [
      'If you cannot immediately regenerate your protos, some other possible workarounds are:\n 1. Downgrade the protobuf package to 3.20.x or lower.\n 2. Set PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python (but this will use pure-Python parsing and will be much slower).',
      'protobuf-version',
    ],
    // pyg-team/pytorch_geometric#1575: IPython's header over a download's traceback, cut before its last line
    [
      'Downloading https://github.com/klicperajo/dimenet/raw/master/pretrained/mu/checkpoint\n---------------------------------------------------------------------------\nHTTPError                                 Traceback (most recent call last)\n<ipython-input-13-089b48d70776> in <module>\n----> 1 model, datasets = DimeNet.from_qm9_pretrained(path, dataset, target)',
      'weights-download',
    ],
    // Beomi/KoAlpaca#44: Colab's notice in Korean
    [
      'Alpaca-polyglot 로드 하는 도중에,\n"사용 가능한 RAM을 모두 사용한 후 세션이 다운되었습니다."\n라고 오류가 발생하는데',
      'host-oom',
    ],
    // facebookresearch/fairseq#3885: fairseq's trainer skipping a batch after CUDA's OOM.
    [
      '| WARNING: attempting to recover from OOM in forward/backward pass\n| WARNING: OOM in all workers, skipping update',
      'gpu-oom',
    ],
    // phython96/GNAS-MP#1: DGL's features and graph on two devices.
    [
      'dgl._ffi.base.DGLError: Cannot assign node feature "h" on device cuda:0 to a graph on device cpu. Call DGLGraph.to() to copy the graph to the same device.',
      'device-mismatch',
    ],
    // dmlc/gluon-cv#1778: the model zoo's file moved.
    [
      'RuntimeError: Failed downloading url https://apache-mxnet.s3-accelerate.dualstack.amazonaws.com/gluon/models/darknet53-2189ea49.zip',
      'weights-download',
    ],
    // openai/glow#25: wget refused a wildcard URL copied from a README.
    [
      'HTTP request sent, awaiting response... 403 Forbidden\n2018-07-23 14:37:43 ERROR 403: Forbidden.',
      'weights-download',
    ],
    // PaddlePaddle/Paddle#10499: NCCL 2.1's socket bootstrap, before its lines said NCCL.
    [
      'instance-fjhn02ur:454:484 [0] include/socket.h:185 WARN Call to connect failed : Connection refused\ninstance-fjhn02ur:454:484 [0] INFO bootstrap.cu:76 -> 2 [bthread]',
      'nccl-error',
    ],
    // apache/mxnet#2837: a GPU context on a build without CUDA.
    [
      'mxnet.base.MXNetError: [21:34:53] src/storage/storage.cc:43: Please compile with CUDA enabled',
      'gpu-not-detected',
    ],
    // pyg-team/pytorch_geometric#581: the CPU allocator's errno 12.
    [
      'RuntimeError: [enforce fail at CPUAllocator.cpp:56] posix_memalign(&data, gAlignment, nbytes) == 0. 12 vs 0',
      'host-oom',
    ],
    // chainer/chainer#5621: CuPy's out-of-memory error before v6.
    [
      'Exception in main training loop: out of memory to allocate 205520896 bytes (total 16068929536 bytes)',
      'gpu-oom',
    ],
    // microsoft/CNTK#2213: a truncated copy of cuDNN.
    ['OSError: /usr/local/cuda/lib64/libcudnn.so.6: file too short', 'missing-cuda-library'],
    // apache/mxnet#2601: Python 2's bare WindowsError from ctypes.
    ['    self._handle = _dlopen(self._name, mode)\nWindowsError: [Error 126]', 'dll-load-failed'],
    // NVIDIA/gpu-operator#143: the device plugin without the NVIDIA runtime.
    [
      '2021/02/11 01:32:29 Loading NVML\n2021/02/11 01:32:29 Failed to initialize NVML: could not load NVML library.\n2021/02/11 01:32:29 If this is a GPU node, did you set the docker default runtime to `nvidia`?',
      'missing-cuda-library',
    ],
    // xinzhuma/monodle#23: Numba finds no NVVM.
    [
      "numba.cuda.cudadrv.error.NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`:\nCould not find module 'nvvm.dll' (or one of its dependencies). Try using the full path with constructor syntax.",
      'missing-cuda-library',
    ],
    // YoshitakaMo/localcolabfold#126: XLA's warning, wrapped inside the driver's version.
    [
      "2022-12-16 18:31:30.311235: W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:497] The NVIDIA driver's CUDA version is 11.\n0 which is older than the ptxas CUDA version (11.6.124). Because the driver is older than the ptxas version, XLA is disabling parallel compilation, whic\nh may slow down compilation.",
      'driver-too-old',
    ],
    // taichi-dev/taichi_elements#23: Taichi's signal handler.
    ['[E 04/10/20 17:42:30.877] Received signal 11 (SIGSEGV)', 'segfault'],
    // Intel's XPU through PyTorch, Ascend's NPU through torch_npu.
    [
      'torch.OutOfMemoryError: XPU out of memory. Tried to allocate 192.00 MiB. GPU 3 has a total capacity of 31.89 GiB of which 13.22 GiB is free.',
      'gpu-oom',
    ],
    // marin-community/marin#3737: JAX's TPU backend.
    [
      "RuntimeError: Unable to initialize backend 'tpu': INTERNAL: Failed to get global TPU topology.",
      'gpu-not-detected',
    ],
    // nomic-ai/gpt4all#3479: Windows' loader dialog.
    [
      '1. The code execution cannot proceed because VCRUNTIME140.dll was not found. Reinstalling the program may fix this problem.',
      'dll-load-failed',
    ],
    // oobabooga/text-generation-webui#777
    [
      'I\'m trying to run pygmalion-6b on cpu, but it keeps saying "Killed". is this a memory error?',
      'host-oom',
    ],
    // meta-llama/llama#291: wget refused the signed link.
    ['My wget keeps getting `HTTP request sent, awaiting response... 403 Forbidden`.', 'weights-download'],
    // hiyouga/LlamaFactory#8080: two NumPys in one install.
    ["AttributeError: module 'numpy._core' has no attribute 'multiarray'", 'numpy-abi-mismatch'],
    // linjieli222/HERO#16 (ClipBERT's image)
    [
      'NVIDIA Release 19.10 (build 8472689)\nERROR: No supported GPU(s) detected to run this container',
      'gpu-not-detected',
    ],
    // microsoft/onnxruntime#16931 (onnxruntime installed, not onnxruntime-gpu)
    [
      '2023-07-31 14:22:06.483132863 [W:onnxruntime:Default, onnxruntime_pybind_state.cc:640 CreateExecutionProviderInstance] Failed to create CUDAExecutionProvider. Please reference https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements to ensure all dependencies are met.',
      'missing-cuda-library',
    ],
    // PaddlePaddle/Paddle#12965 (a Paddle 0.x wheel built with cuDNN 7 on a machine with cuDNN 5)
    [
      'Check failed: (cudnn_cuh_major < 4 && cudnn_dso_major < 4) || (cudnn_cuh_major == cudnn_dso_major) [cudnn init] libcudnn v5 with header v7 unmatched!',
      'cudnn-version-mismatch',
    ],
    // PaddlePaddle/PaddleOCR#604: glog's failure handler, three stars before the signal
    [
      'W0824 20:32:07.544554 10761 init.cc:217] *** Aborted at 1598272327 (unix time) try "date -d @1598272327" if you are using GNU date ***\nW0824 20:32:07.548569 10761 init.cc:217] *** SIGSEGV (@0x558a9e7d5c20) received by PID 10761 (TID 0x7ffbe32c8740) from PID 18446744072073600032; stack trace: ***',
      'segfault',
    ],
    // aim-lab/PVBM#4: Python's fold of a recursion that reached the limit
    [
      '    self.recursive_subgraph(A, B, D, point[0], point[1], n, x_c, y_c)\n  [Previous line repeated 981 more times]',
      'stack-overflow',
    ],
    // horovod/horovod#2053: four ranks' bus error in Horovod's Docker image
    [
      'Docker container on docker hub.\n[1,3]<stderr>:[b44a5a6092b3:00121] *** Process received signal ***\n[1,3]<stderr>:[b44a5a6092b3:00121] Signal: Bus error (7)',
      'dataloader-shm',
    ],
    // nihui/waifu2x-ncnn-vulkan#32: Vulkan's VK_ERROR_OUT_OF_DEVICE_MEMORY
    [
      "this 'vkAllocateMemory failed -2' error still occured, but the scaled image still comes out",
      'gpu-oom',
    ],
    // k4yt3x/video2x#213: the delay-load helper's module-not-found exception as an exit status
    ['Upscaler ran into an error: return non-zero exit status 3228369022', 'dll-load-failed'],
    // chflame163/ComfyUI_LayerStyle#260: the TensorRT provider's DLL
    [
      'EP Error D:\\a\\_work\\1\\s\\onnxruntime\\core\\session\\provider_bridge_ort.cc:1131 onnxruntime::ProviderLibrary::Get [ONNXRuntimeError] : 1 : FAIL : LoadLibrary failed with error 126 "" when trying to load "F:\\ComfyUI_windows_portable\\python_embeded\\Lib\\site-packages\\onnxruntime\\capi\\onnxruntime_providers_tensorrt.dll"',
      'missing-cuda-library',
    ],
    // C0untFloyd/roop-unleashed#487: urllib's HTTP error frame, cut before the HTTPError line
    [
      '    util.conditional_download(download_directory_path, [\'https://github.com/facefusion/facefusion-assets/releases/download/models/GPEN-BFR-512.onnx\'])\n  File "/usr/lib/python3.10/urllib/request.py", line 634, in http_response\n    response = self.parent.error(',
      'weights-download',
    ],
    // harisreedhar/Swap-Mukham#29
    [
      'Linux takes half time in processing, but could not do post processing, showing msg "Killed".',
      'host-oom',
    ],
    // catboost/catboost#302 and autogluon/autogluon#1401
    [
      'Application terminated with error: (NCudaLib::TOutOfMemoryError) catboost/cuda/cuda_lib/memory_pool/stack_like_memory_pool.h:294: Error: Out of memory. Requested 1070.546387; Free 1010.952393',
      'gpu-oom',
    ],
    ['what() -> "catboost/cuda/cuda_lib/cuda_base.h:183: CUDA error 2: out of memory"', 'gpu-oom'],
    // lightgbm-org/LightGBM#586 and dmlc/xgboost#3030
    [
      '[LightGBM] [Info] This is the GPU trainer!!\nMet Exceptions:\nNo OpenCL device found',
      'gpu-not-detected',
    ],
    ['XGBoost version not compiled with GPU support.', 'gpu-not-detected'],
    // NVIDIA/cudf-spark#636
    [
      'ai.rapids.cudf.CudfException: RMM failure at: /usr/local/rapids/include/rmm/mr/device/pool_memory_resource.hpp:100: Initial pool size exceeds the maximum pool size!',
      'gpu-memory-preallocation',
    ],
    // NVIDIA/cuml#5484
    [
      'RuntimeError: This cuDF installation is missing the necessary PTX files that are <=50.',
      'unsupported-gpu-arch',
    ],
    // rapidsai/cugraph#714
    [
      'ImportError: cudf._lib.cudf does not export expected C function get_column_data_ptr',
      'extension-abi-mismatch',
    ],
    // PriorLabs/tabpfn-extensions#18
    [
      'RuntimeError: Failed to download model to /root/.cache/tabpfn/tabpfn-v2-classifier.ckpt!',
      'weights-download',
    ],
    // NVlabs/instant-ngp#393 and #554
    [
      '13:54:28 ERROR    Uncaught exception: Could not allocate memory: C:\\Tools\\instant-ngp\\dependencies\\tiny-cuda-nn\\include\\tiny-cuda-nn/gpu_memory.h:112 cudaMalloc(&rawptr, n_bytes+DEBUG_GUARD_SIZE*2) failed with error out of memor',
      'gpu-oom',
    ],
    // yuxumin/PoinTr#14 and yzslab/gaussian-splatting-lightning#13
    ['Epoch 9/150 train.sh Line 8 ：30127 killed in training PCN methods', 'host-oom'],
    ['i run the code and killed in save ply: elements[:] = list(map(tuple, attributes))', 'host-oom'],
    // colmap/colmap#146
    [
      'cudaCheckError() with sync failed at C:/colmap/src/mvs/patch_match_cuda.cu:1327 : unknown error',
      'gpu-timeout',
    ],
    // NVlabs/tiny-cuda-nn#230 and #434
    [
      'OSError: Could not find compatible tinycudann extension for compute capability 87.',
      'unsupported-gpu-arch',
    ],
    // traveller59/spconv#156
    [
      '    self._handle = _dlopen(self._name, mode)\nOSError: libtorch_cpu.so: cannot open shared object file: No such file or directory',
      'extension-abi-mismatch',
    ],
    // colmap/colmap#1797 and graphdeco-inria/gaussian-splatting#1136
    [
      'The code execution cannot proceed because cudart64_110.dll was not found. Reinstalling the program may fix this problem',
      'missing-cuda-library',
    ],
    ["I've got System error - cudart64_12.dll not found", 'missing-cuda-library'],
    // pytorch/pytorch#19739 and #74547
    ['Importing open3d after PyTorch causes free(): invalid pointer', 'native-lib-conflict'],
    [
      'when I import open3d before pytorch, the `@` operator, or `torch.matmul` always produce a segfault.',
      'native-lib-conflict',
    ],
    // colmap/colmap#1485
    ['Shader not supported by your hardware!\nERROR: SiftGPU not fully supported', 'gpu-not-detected'],
    // wasserth/TotalSegmentator#93 and lassoan/SlicerTotalSegmentator#12
    [
      "Downloading pretrained weights for Task 251 (~230MB) ...\nrequests.exceptions.ConnectionError: HTTPSConnectionPool(host='zenodo.org', port=443): Max retries exceeded with url: /record/6802342/files/Task251.zip?download=1 (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))",
      'weights-download',
    ],
    // talmolab/sleap#919
    [
      "error: Can't find libdevice directory $\u007BCUDA_DIR}/nvvm/libdevice\n2022-08-09 14:54:40.390320: W tensorflow/core/framework/op_kernel.cc:1733] UNKNOWN: JIT compilation failed.",
      'xla-ptxas',
    ],
    // Deep-MI/FastSurfer#8 and #329
    ['And  if I ran python ,I found that “killed" on the terminal.', 'host-oom'],
    [
      'nvidia-container-cli: initialization error: WSL environment detected but no adapters were found: unknown.',
      'gpu-not-detected',
    ],
    // intel/intel-extension-for-pytorch#244, ROCm/ROCm#1361
    ['RuntimeError: PyTorch is not linked with support for xpu devices', 'gpu-not-detected'],
    [
      '> ROCk module is NOT loaded, possibly no GPU devices\nUnable to open /dev/kfd read-write: No such file or directory',
      'gpu-not-detected',
    ],
    // ROCm/ROCm#1852 and #1164
    [
      'ImportError: libhsa-runtime64.so.1: cannot open shared object file: No such file or directory',
      'missing-cuda-library',
    ],
    // aedocw/epub2tts-chatterbox#19
    ['kernel: memorystatus: killing largest compressed process python3.11 [5844] 43350 MB', 'host-oom'],
    // pytorch/pytorch#75642
    [
      'kernel: [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=159760, emitted seq=159762\nkernel: amdgpu 0000:2f:00.0: amdgpu: GPU reset begin!',
      'gpu-timeout',
    ],
    // ikostrikov/walk_in_the_park#6, Alescontrela/viper_rl#10
    [
      'flax.errors.ScopeParamShapeError: Inconsistent shapes between value and initializer for parameter "kernel"',
      'shape-mismatch',
    ],
    // continuedev/continue#11715
    ['"model requires more system memory (5.0 GiB) than is available (3.9 GiB)"', 'host-oom'],
    // thewh1teagle/vibe#1057
    ['sona stderr: ggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory', 'gpu-oom'],
    // Bing-su/adetailer#324
    ["[-] ADetailer: Failed to load model 'face_yolov8n.pt' from huggingface", 'weights-download'],
    // AUTOMATIC1111/stable-diffusion-webui#11887
    ['Error src/tcmalloc.cc:283] Attempt to free invalid pointer 0x59c2527199d0', 'native-lib-conflict'],
    // easydiffusion/easydiffusion#1636: the SIGILL after the launcher's warning is the GPU's
    [
      'Found AMD GPU Baffin [Radeon RX 460/560D / Pro 450/455/460/555/555X/560/560X].\n--- This GPU is probably not supported by ROCm\n\nLaunching uvicorn\n\nIllegal instruction (core dumped)',
      'unsupported-gpu-arch',
    ],
    // facebookresearch/faiss#1031
    [
      "RuntimeError: Error in void faiss::gpu::allocMemorySpaceV(faiss::gpu::MemorySpace, void**, size_t) at gpu/utils/MemorySpace.cpp:26: Error: 'err == cudaSuccess' failed: failed to cudaMalloc 47064032 bytes (error 2 out of memory)",
      'gpu-oom',
    ],
    // facebookresearch/faiss#591
    ["NameError: name 'GpuResourcesVector' is not defined", 'gpu-not-detected'],
    // huggingface/text-embeddings-inference#34
    [
      'Could not start backend: Runtime compute cap 75 is not compatible with compile time compute cap 80',
      'unsupported-gpu-arch',
    ],
    // huggingface/sentence-transformers#1336
    [
      'requests.exceptions.HTTPError: 502 Server Error: Bad Gateway for url: https://huggingface.co/sentence-transformers/paraphrase-mpnet-base-v2/',
      'weights-download',
    ],
    // Jittor/jittor#194
    [
      'code=222( cudaErrorUnsupportedPtxVersion ) cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)',
      'driver-too-old',
    ],
    // Qiskit/qiskit-aer#1874
    [
      'ImportError: libcustatevec.so.1: cannot open shared object file: No such file or directory',
      'missing-cuda-library',
    ],
    // filecoin-project/rust-gpu-tools#79
    [
      "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: Cuda(NoBinaryForGpu)', examples/add.rs:10:76",
      'unsupported-gpu-arch',
    ],
    // qiskit-community/qiskit-community-tutorials#130
    ['RuntimeError: Simulation device "GPU" is not supported on this system', 'gpu-not-detected'],
    // ecmwf-lab/ai-models-graphcast#16
    ['RuntimeError: Unknown backend gpu', 'gpu-not-detected'],
    // taichi-dev/taichi#2460
    [
      '[W 06/24/21 15:54:08.105 4009] [__init__.py:adaptive_arch_select@656] Arch=[<Arch.cuda: 5>] is not supported, falling back to CPU',
      'gpu-not-detected',
    ],
    // taichi-dev/taichi-nerfs#94: Taichi's warning before a bus error
    [
      '[W 03/01/23 10:00:00.000 100] [cuda_driver.cpp:load_lib@36] libcuda.so lib not found.\n./scripts/train.sh: line 11: 2179169 Bus error               (core dumped) python3 train.py',
      'missing-cuda-library',
    ],
    // radiasoft/sirepo#2564
    [
      'Jun 05 18:46:04 host kernel: Task in /docker/cb9fef7d5721 killed as a result of limit of /docker/cb9fef7d5721\nJun 05 18:46:04 host kernel: memory: usage 2097152kB, limit 2097152kB, failcnt 5393',
      'host-oom',
    ],
    // JaidedAI/EasyOCR#370
    [
      'CUDA not available - defaulting to CPU. Note: This module is much faster with a GPU.',
      'gpu-not-detected',
    ],
    // Layout-Parser/layout-parser#121
    ['Symbol not found: __Z16THPVariable_WrapN2at6TensorE', 'extension-abi-mismatch'],
    // JaidedAI/EasyOCR#184
    [
      'urllib.error.ContentTooShortError: <urlopen error retrieval incomplete: got only 1064592 out of 228790017 bytes>',
      'weights-download',
    ],
    // dmlc/dgl#5427
    [
      'dgl._ffi.base.DGLError: [14:00:04] /opt/dgl/src/runtime/c_runtime_api.cc:82: Check failed: allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl.',
      'gpu-not-detected',
    ],
    // ACEsuit/mace#228
    [
      "ValueError: Couldn't find MACE model files: /home/u/.local/lib/python3.9/site-packages/mace/calculators/foundations_models/2023-08-14-mace-universal.model",
      'weights-download',
    ],
    // ACEsuit/mace#1348
    [
      '[rank0]: RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=633704, OpType=ALLGATHER, TensorShape=[1]',
      'nccl-error',
    ],
    // haoheliu/AudioLDM-training-finetuning#53
    [
      "`RuntimeError: [1] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer`",
      'nccl-error',
    ],
    // microsoft/JARVIS#37
    [
      'Error:OSError: You seem to have cloned a repository without having git-lfs installed. Please install git-lfs and run `git lfs install` followed by `git lfs pull` in the folder you cloned.',
      'checkpoint-load',
    ],
    // blakeblackshear/frigate-hass-addons#241: Hailo's driver and library of different releases
    [
      '[HailoRT] [error] CHECK failed - Driver version (4.21.0) is different from library version (4.19.0)\nhailo_platform.pyhailort.pyhailort.HailoRTException: libhailort failed with error: 76 (HAILO_INVALID_DRIVER_VERSION)',
      'gpu-driver-state',
    ],
    // openmm/openmm#1609: OpenMM built for another CUDA
    ['Exception: There is no registered Platform called "CUDA"', 'cuda-version-mismatch'],
    // brucefan1983/GPUMD#725: a CUDA check macro's error text
    [
      'CUDA Error:\nFile:       utilities/gpu_vector.cuh\nLine:       83\nError code: 2\nError text: out of memory',
      'gpu-oom',
    ],
    // deepmodeling/deepmd-kit#2169: a CPU build of DeePMD-kit
    [
      'DEEPMD INFO    computing device:     cpu:0\nDEEPMD INFO    CUDA_VISIBLE_DEVICES: 0,1,2,3\nDEEPMD INFO    Count of visible GPU: 0',
      'gpu-not-detected',
    ],
    // Acly/krita-ai-diffusion#1130: torch built for NumPy 1 under NumPy 2
    ['Server execution error: Numpy is not available', 'numpy-abi-mismatch'],
    // dmlc/xgboost#11463: a driver API the old driver lacks
    [
      'ml.dmlc.xgboost4j.java.XGBoostError: [04:43:42] /workspace/src/common/cuda_dr_utils.cc:27: Check failed: status == cudaDriverEntryPointSuccess: cuMemBatchDecompressAsync',
      'driver-too-old',
    ],
    // apache/arrow#14835 and locaal-ai/obs-localvocal#92: the kernel's trap and OBS's crash report for SIGILL
    [
      'Dec 3 17:01:08 server kernel: [617405.716600] traps: freqtrade[584823] trap invalid opcode ip:7f848859ae22 sp:7ffee55e2750 error:0 in libarrow.so.1000[7f84884a2000+189e000]',
      'cpu-instruction-unsupported',
    ],
    [
      'Unhandled exception: c000001d\nFault address: 7FF906A9723F (c:\\program files\\obs-studio\\obs-plugins\\64bit\\whisper.dll)',
      'cpu-instruction-unsupported',
    ],
    // royshil/obs-backgroundremoval#68: the kernel's general protection fault
    [
      'obs[42954] general protection fault ip:7f8914256efb sp:7f88e2b013c0 error:0 in libonnxruntime.so.1.10.0[7f89138d5000+b10000]',
      'segfault',
    ],
    // dotnet/TorchSharp#159 and #1006, microsoft/onnxruntime#13542: .NET's CUDA and DLL failures
    [
      'System.InvalidOperationException\n  HResult=0x80131509\n  Message=CUDA non available in the current machine.\n  Source=TorchSharp',
      'gpu-not-detected',
    ],
    [
      'System.InvalidOperationException: Torch device type CUDA did not initialise on the current machine.',
      'gpu-not-detected',
    ],
    [
      "DllNotFoundException: Unable to load DLL 'LibTorchSharp': The specified module could not be found. (Exception from HRESULT: 0x8007007E)",
      'dll-load-failed',
    ],
    [
      'Microsoft.ML.OnnxRuntime.OnnxRuntimeException: [ErrorCode:Fail] CUDA execution provider is not enabled in this build.',
      'gpu-not-detected',
    ],
    // ai-digilab/MsmqJava#2: a JNI library's dependencies on Windows
    [
      'Exception in thread "main" java.lang.UnsatisfiedLinkError: C:\\MsmqJava\\MsmqJava.dll: Can\'t find dependent libraries',
      'dll-load-failed',
    ],
    // NVIDIA/spark-rapids#8090: the RAPIDS Accelerator out of GPU memory
    [
      'com.nvidia.spark.rapids.jni.SplitAndRetryOOM: Attempted to handle a split, but was not initialized with a splitPolicy.',
      'gpu-oom',
    ],
    // peiyunh/tiny#33: MatConvNet on a GPU too small for the batch
    [
      "train: epoch 01: 1/1074:Error using vl_nnconv\nOut of memory on device. To view more detail about available memory on the GPU, use 'gpuDevice()'. If the problem persists, reset the GPU by calling\n'gpuDevice(1)'.",
      'gpu-oom',
    ],
    // MouseLand/Kilosort#241: MATLAB on an old driver
    [
      'Caused by:\n    The CUDA driver was found, but it is too old. The CUDA driver on your system supports CUDA version 5.5. The required CUDA version\n    is 7.5 or greater.',
      'driver-too-old',
    ],
    // nightrome/matconvnet-calvin#6: MATLAB on a machine without the NVIDIA driver
    [
      "Error using gpuDevice (line 26)\nThere is a problem with the CUDA driver or with this GPU device. Be sure that you have a supported GPU and\nthat the latest driver is installed.\nCaused by:\n    The CUDA driver could not be loaded. The library name used was 'libcuda.so.1'. The error was:\n    libcuda.so.1: cannot open shared object file: No such file or directory",
      'gpu-not-detected',
    ],
    // rstudio/keras3#313: R's handler for SIGILL under reticulate
    [
      "*** caught illegal operation ***\naddress 0x114e2bacb, cause 'illegal opcode'\n\nTraceback:\n1: .Call(_reticulate_py_module_import, module, convert)",
      'cpu-instruction-unsupported',
    ],
    // mlverse/torch#1049 and #737: torch for R and the CUDA it finds
    [
      '> torch::install_torch()\nError in `check_supported_version()`:\n✖ Unsupported CUDA version "10.0"\nℹ Currently supported versions are: "11.7" and "11.6".',
      'cuda-version-mismatch',
    ],
    [
      'Error in lantern_install_libs(version, type, path, install_config) :\n  The 11.4 installation type is currently unsupported.',
      'cuda-version-mismatch',
    ],
    // rstudio/tensorflow#240 and mlverse/torch#58: Windows' errors 1114 and 127 in German and Dutch
    ['ImportError: DLL load failed: Eine DLL-Initialisierungsroutine ist fehlgeschlagen.', 'dll-load-failed'],
    ['  error: lantern_TensorIndex_new - Kan opgegeven procedure niet vinden.', 'dll-load-failed'],
    ['ImportError: DLL load failed: La procédure spécifiée est introuvable.', 'dll-load-failed'],
    // home-assistant/addons#3035: s6-overlay's status for a death by SIGILL
    ['[07:09:38] INFO: Service exited with code 256 (by signal 4)', 'cpu-instruction-unsupported'],
    // opencv/opencv#7344: OpenCV built without CUDA
    [
      'OpenCV Error: The function/feature is not implemented (The called functionality is disabled for current build or platform) in throw_no_cuda, file /opencv/modules/core/include/opencv2/core/private.cuda.hpp, line 101',
      'gpu-not-detected',
    ],
    [
      "what():  OpenCV(4.3.0) /opencv-4.3.0/modules/core/include/opencv2/core/private.cuda.hpp:115: error: (-213:The function/feature is not implemented) The called functionality is disabled for current build or platform in function 'throw_no_cuda'",
      'gpu-not-detected',
    ],
    // sedthh/pyxelate#27 and williamyang1991/DualStyleGAN#2: a Hugging Face Space past its memory
    ['Runtime error\nCPU Memory limit exceeded (16GB)', 'host-oom'],
    ['runtime error\nMemory limit exceeded (16Gi)\nContainer logs:', 'host-oom'],
    // levihsu/OOTDiffusion#118: an incomplete download of the ONNX model
    [
      'onnxruntime.capi.onnxruntime_pybind11_state.InvalidProtobuf: [ONNXRuntimeError] : 7 : INVALID_PROTOBUF : Load model from /home/u/OOTDiffusion/checkpoints/humanparsing/parsing_atr.onnx failed:Protobuf parsing failed.',
      'checkpoint-load',
    ],
    // commaai/commavq#12: a Git LFS pointer in place of the model
    [
      'ValidationError: Unable to parse proto from file: /home/u/commavq/models/decoder.onnx. Please check if it is a valid protobuf file of proto.',
      'checkpoint-load',
    ],
    // snap-stanford/med-flamingo#9: IPython's header, the paste cut before the message
    [
      'RecursionError                            Traceback (most recent call last)\nCell In[8], line 21',
      'stack-overflow',
    ],
    // lfranke/TRIPS#13
    ['nvrtc: error: failed to open libnvrtc-builtins.so.11.6', 'missing-cuda-library'],
    // JIA-Lab-research/MGM#91
    [
      'deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version 12.2 does not match the version torch was compiled with 11.7, unable to compile cuda/cpp extensions without a matching cuda version.',
      'cuda-version-mismatch',
    ],
    // Improbable-AI/walk-these-ways#72: torch 1.10+cu113's fuser on an RTX 4090
    [
      'RuntimeError: The following operation failed in the TorchScript interpreter. Traceback of TorchScript (most recent call last): RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)',
      'unsupported-gpu-arch',
    ],
    // aws/sagemaker-python-sdk#2801: Triton's Python backend in a container with Docker's 64 MB of /dev/shm
    [
      "| pre_multi_skin         | 1       | UNAVAILABLE: Internal: Unable to initialize shared memory key '/pre_multi_skin_GPU_0' to requested size (67108864 bytes). If you are running Triton inside docker, use '--shm-size' flag to control the shared memory region size.",
      'dataloader-shm',
    ],
    // FederatedAI/FATE#5034: a CPU-only torch under FATE's trainer
    ['我这样添加之后，显示错误：ValueError: Cuda is not available on this machine', 'gpu-not-detected'],
    // isaac-sim/IsaacGymEnvs#256: GPU PhysX's allocator, CUDA's error 2
    [
      '2025-03-15T15:07:10Z [job] PxgCudaDeviceMemoryAllocator fail to allocate memory 100663296 bytes!! Result = 2 ',
      'gpu-oom',
    ],
    // danielgordon10/re3-pytorch#7: gdown on a Drive file not shared, then tar on the missing file
    [
      "Permission denied: https://drive.google.com/uc?id=1EmA3fnPh1tQXMsZtsJo3YkGw93Ytz8Hd\nMaybe you need to change permission over 'Anyone with the link'?\ntar (child): checkpoints.tar.gz: Cannot open: No such file or directory\ntar: Child returned status 2",
      'weights-download',
    ],
    // MCG-NJU/SparseOcc#16: the OOM killer ended the compiler building an extension
    [
      "cc1plus: warning: command line option '-Wstrict-prototypes' is valid for C/ObjC but not for C++\ngcc: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.",
      'host-oom',
    ],
    // gazingstars123/Anima-Standalone-Trainer#38: torch 2.x's autocast warning when it sees no GPU
    [
      "D:\\Anima-Standalone-Trainer\\library\\anima_models.py:300: UserWarning: CUDA is not available or torch_xla is imported. Disabling autocast.\n  @torch.amp.autocast(device_type='cuda', dtype=torch.float32)",
      'gpu-not-detected',
    ],
    // vladmandic/sdnext#3547: a torch without Intel's XPU backend on an Arc A770
    ['AssertionError: Torch not compiled with XPU enabled', 'gpu-not-detected'],
    // IgorAherne/trellis-stable-projectorz#48: the hub's message printed by an app, without the exception's name
    [
      '"Repository Not Found for url: https://huggingface.co/JeffreyXiang/TRELLIS-image-large/resolve/main/pipeline.json.\nPlease make sure you specified the correct `repo_id` and `repo_type`.',
      'weights-download',
    ],
    // threestudio-project/threestudio#376: told with hyphens
    ['Hey, after doing validation at 300, it gives a CUDA out-of-memory error.', 'gpu-oom'],
    // google-deepmind/alphafold#306, #11: jaxlib's cuSolver under a CUDA that does not fit the card
    [
      'I1213 13:02:06.025225 140646328219456 run_docker.py:222] File "/opt/conda/lib/python3.7/site-packages/jaxlib/cusolver.py", line 272, in syevd\nI1213 13:02:06.025453 140646328219456 run_docker.py:222] RuntimeError: jaxlib/cusolver_kernels.cc:44: operation cusolverDnCreate(&handle) failed: cuSolver internal error',
      'cuda-version-mismatch',
    ],
    [
      'File "/opt/conda/lib/python3.8/site-packages/jaxlib/cusolver.py", line 281, in syevd\n  lwork, opaque = cusolver_kernels.build_syevj_descriptor(\nRuntimeError: cuSolver internal error',
      'cuda-version-mismatch',
    ],
    // google-deepmind/alphafold#863: XLA's PTX kernels on an RTX 4090 under a CUDA 11.1 image
    [
      'E external/org_tensorflow/tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:628] failed to get PTX kernel "shift_right_logical" from module: CUDA_ERROR_NOT_FOUND: named symbol not found\nE external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc:2153] Execution of replica 0 failed: INTERNAL: Could not find the corresponding function',
      'xla-ptxas',
    ],
    // sokrypton/ColabFold#405: XLA's assert on a DNN library, cut by the terminal's wrap
    [
      '  Not Enough GPU memory? INTERNAL: RET_CHECK failure (ex\nternal/org_tensorflow/tensorflow/compiler/xla/service/gpu/gpu_compiler.cc:627) dnn != nullptr',
      'cudnn-version-mismatch',
    ],
    // google-deepmind/alphafold3#79: a driver older than the container's CUDA
    [
      'E1119 10:37:39.248565  283298 cuda_dnn.cc:502] There was an error before creating cudnn handle (500): cudaErrorSymbolNotFound : named symbol not found\njaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed. Look at the errors above for more details.',
      'driver-too-old',
    ],
    // RosettaCommons/foundry#5: cuEquivariance's fused kernels on a TITAN RTX (sm_75)
    [
      '`[rank0]: RuntimeError: CUDA error: "named symbol not found" at run_fmha.cu:160`\n\n`[rank0]: Failed call: cudaFuncSetAttribute(*kernel_ptr, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_size)`',
      'unsupported-gpu-arch',
    ],
    // gcorso/DiffDock#146: torch-sparse built for a newer torch than 1.11
    [
      'RuntimeError: \nobject has no attribute sparse_csc_tensor:\n  File "/home/u/anaconda3/envs/diffdock/lib/python3.9/site-packages/torch_sparse/tensor.py", line 520\n        return torch.sparse_csc_tensor(colptr, row, value, self.sizes())',
      'extension-abi-mismatch',
    ],
    // Yujia-Yan/Transkun#9: the program's only output told as the result
    [
      'I ran transkun mp3_file.mp3 midi_file.mid\n\nbut the only result is the text "Killed" in the screen.',
      'host-oom',
    ],
    // VITA-Group/EnlightenGAN#50: a script's own assert on CUDA, raised bare
    [
      'Traceback (most recent call last):\n  File "D:\\EnlightenGAN-master\\models\\networks.py", line 86, in define_G\n    assert(torch.cuda.is_available())\nAssertionError',
      'gpu-not-detected',
    ],
    // nihui/realsr-ncnn-vulkan#48: no Vulkan driver on Colab
    ['vkCreateInstance failed -9\nvkCreateInstance failed -9\ninvalid gpu device', 'gpu-not-detected'],
    // TencentARC/GFPGAN#445: a CPU-only torch
    [
      "UserWarning: The unoptimized RealESRGAN is slow on CPU. We do not use it. If you really want to use it, please modify the corresponding codes.\n  warnings.warn('The unoptimized RealESRGAN is slow on CPU. We do not use it. ",
      'gpu-not-detected',
    ],
    // lltcggie/waifu2x-caffe#62: cuDNN not installed beside CUDA
    ['Calling cuDNN failed, cannot find 「cudnn64_5.dll」', 'missing-cuda-library'],
    // MortenHannemose/pytorch-vfi-cft#12: PyTorch 1.4 on Python 3.8 under Windows
    [
      '    var_join_input = torch.cat([input0, input2], dim=1)\nRuntimeError: error in LoadLibraryA',
      'dll-load-failed',
    ],
    // ace-step/ACE-Step-1.5#124: part of the pipeline left on the CPU
    [
      '`RuntimeError: Input type (CUDABFloat16Type) and weight type (CPUBFloat16Type) should be the same`',
      'device-mismatch',
    ],
    // mit-han-lab/bevfusion#83: spconv's CUDA check with cudaErrorMemoryAllocation
    [
      'which seems ending up with "out of memory".\n`mmdet3d/ops/spconv/src/indice_cuda.cu 124`\n`cuda execution failed with error 2`',
      'gpu-oom',
    ],
    // mit-han-lab/bevfusion#12: the error retold without "on the device"
    [
      'It works well when creating data, but it will give  CUDA_ERROR: no kernel image is available for execution. (This error happens after a .contiguous() operation in bev pooling func).',
      'unsupported-gpu-arch',
    ],
    // mit-han-lab/bevfusion#351: the DataLoader's kill retyped
    [
      'but still got the problem"RuntimeError: Dataloader worker (pid 15623) is killed by signaled: Killed". I wander it is caused by the limitation of GPU memory?',
      'host-oom',
    ],
    // shivammehta25/Matcha-TTS#115: retyped without its hyphen
    [
      'an error was reported, prompting me with Runtime Error: CUDA error: device side assert triggered\nCUDA kernel errors might be asynchronously reported at some other API call',
      'device-side-assert',
    ],
    // suno-ai/bark#372: the hub unreachable and nothing cached
    [
      'Oops, an error occurred: Connection error, and we cannot find the requested files in the disk cache. Please try again or make sure your Internet connection is on.',
      'weights-download',
    ],
    // pycaret/pycaret#295
    [
      "I am getting the following error 'Your notebook tried to allocate more memory than is available. It has restarted.' multiple times in a kaggle notebook",
      'host-oom',
    ],
    // numba/numba#9732: the toolkit's stub mapped as the driver
    [
      "Using loader <class 'ctypes.CDLL'>\n        Trying to load driver...        ok\n                Loaded from libcuda.so\n        Mapped libcuda.so paths:\n                /usr/local/cuda-11.8/targets/x86_64-linux/lib/stubs/libcuda.so",
      'cuda-library-conflict',
    ],
    [
      'numba.cuda.cudadrv.driver.CudaAPIError: [34] Call to cuInit results in CUDA_ERROR_STUB_LIBRARY',
      'cuda-library-conflict',
    ],
    // numba/numba#2629
    [
      'Error: CUDA device intialisation problem. driver missing function: cuInit.\nRequires CUDA 7.5 or above.',
      'missing-cuda-library',
    ],
    // JuliaGPU/CUDA.jl#757
    [
      '│    could not load library "C:\\Users\\jd\\.julia\\artifacts\\d1e2\\bin\\cudnn_ops_infer64_8.dll"\n│    Access is denied.',
      'dll-load-failed',
    ],
    // unit8co/darts#1944
    [
      "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.",
      'device-mismatch',
    ],
    // meta-pytorch/torchrec#557
    ['```\n>>> import torchrec\nFile fbgemm_gpu_py.so not found\n```', 'extension-abi-mismatch'],
    // google-research/timesfm#171
    [
      'from serialization.py\n    magic_number = pickle_module.load(f, **pickle_load_args)\n                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\nValueError: unregistered extension code 175',
      'checkpoint-load',
    ],
    // ssbuild/chatglm_finetuning#96, zai-org/ChatGLM-6B#489
    [
      '代码运行到cudart.cudaGetDevice()是报错：错误 Library cudart is not initialized。',
      'missing-cuda-library',
    ],
    // CVHub520/X-AnyLabeling#214
    [
      'All the models are not downloadable, and in cmd it shows a missing file\ncublaslt64_12.dll',
      'missing-cuda-library',
    ],
    // roboflow/inference#2306
    [
      '[E:onnxruntime:Default] Failed to load library libonnxruntime_providers_tensorrt.so:\nlibnvdla_compiler.so: cannot open shared object file: No such file or directory',
      'missing-cuda-library',
    ],
    // microsoft/DirectML#22
    [
      'Testing DirectML with recent WSL2 I am getting an ImportError: libd3d12.so: cannot open shared object file: No such file or directory',
      'gpu-not-detected',
    ],
    // microsoft/DirectML#281
    [
      'CHECK failed: ((((HRESULT)((d3d_device->CreateCommittedResource( &properties, D3D12_HEAP_FLAG_NONE, &resource_buffer, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, nullptr, __uuidof(*out), reinterpret_cast<void**>(out))))) >= 0)) == (true)',
      'gpu-oom',
    ],
    // ml-explore/mlx-examples#823
    [
      'libc++abi: terminating due to uncaught exception of type std::runtime_error: [malloc_or_wait] Unable to allocate 124367104 bytes.',
      'gpu-oom',
    ],
    // ultralytics/ultralytics#15835
    [
      'My detection program that is running on two other Pis failed with an illegal instruction. My other Pis are running pytorch 2.3.1',
      'cpu-instruction-unsupported',
    ],
    // pytorch/pytorch#109312
    [
      "* thread #1, name = 'python3', stop reason = signal SIGILL: illegal instruction\n  * frame #0: 0x0000fffff2c25748 libtorch_cpu.so`dnnl::impl::getenv_string_user(char const*) + 1084",
      'cpu-instruction-unsupported',
    ],
    // meta-pytorch/torchcodec#1437
    [
      'OSError: libnppicc.so.13: cannot open shared object file: No such file or directory',
      'missing-cuda-library',
    ],
    // NVIDIA/nvvl#9
    [
      'CUDA error 302 at line 32 in file /tmp/nvvl/src/detail/CUVideoParser.h: shared object symbol not found\nProblem creating video parser',
      'missing-cuda-library',
    ],
    // NVIDIA/DALI#2836
    [
      'RuntimeError: Critical error in pipeline:\nError when executing Mixed operator ImageDecoder encountered:\nCUDA allocation failed\nCurrent pipeline object is no longer valid.',
      'gpu-oom',
    ],
    // scikit-hep/root_pandas#89: ROOT's handler, read as the signal it names
    ['df = read_root("file.root", "DecayTree")\n *** Break *** segmentation violation', 'segfault'],
    // huggingface/diffusers#215
    ['No error at all just "Killed" gets outputted and then python is exited', 'host-oom'],
  ])('GIVEN %j THEN the first cause is %s', (text, cause) => {
    expect(first(text)).toBe(cause);
  });

  it('GIVEN a pinned-memory warning beside the GPU running out THEN the GPU is named first', () => {
    // ggml-org/llama.cpp#1230 (WSL): llama.cpp falls back to pageable memory; the GPU's OOM ends it.
    const log =
      'WARNING: failed to allocate 1024.00 MB of pinned memory: out of memory\nCUDA error 2 at ggml-cuda.cu:359: out of memory';
    expect(first(log)).toBe('gpu-oom');
  });

  it("GIVEN torchvision's image-extension warning beside a real error THEN the error is named", () => {
    // JaidedAI/EasyOCR#716: torchvision says the warning can be ignored unless torchvision.io's images are used.
    const log =
      '`cuDNN version incompatibility: PyTorch was compiled against (8, 4, 0) but linked against (8, 3, 3)`\n```\n/home/u/.local/lib/python3.10/site-packages/torchvision/io/image.py:13: UserWarning: Failed to load image Python extension: /home/u/.local/lib/python3.10/site-packages/torchvision/image.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationESs\n  warn(f"Failed to load image Python extension: {e}")\n```';
    expect(first(log)).toBe('cudnn-version-mismatch');
    expect(first(log.split('\n').slice(1).join('\n'))).toBeUndefined();
  });

  it("GIVEN EasyOCR's CPU notice before a Windows illegal-instruction exit THEN the crash is named, not the notice", () => {
    // JaidedAI/EasyOCR: the notice is printed on every machine without CUDA.
    const log =
      '[Running] python -u "d:\\OCR\\ocr\\test.py"\nCUDA not available - defaulting to CPU. Note: This module is much faster with a GPU.\nCheck-1\n\n[Done] exited with code=3221225501 in 12.416 seconds';
    expect(first(log)).toBe('cpu-instruction-unsupported');
  });

  it("GIVEN a test suite that skips its CUDA case on ONNX Runtime's CPU build THEN it is no report", () => {
    // yalue/onnxruntime_go: the benchmark skips the providers the build lacks and passes.
    const log =
      'BenchmarkCUDASession\n    onnxruntime_test.go:977: Error creating CUDA provider options: CUDA execution provider is not enabled in this build.\n--- SKIP: BenchmarkCUDASession\nPASS';
    expect(first(log)).toBeUndefined();
    expect(diagnoseText(log, kb).crashReport).toBe(false);
  });

  it('GIVEN advice that names an illegal memory access THEN it is no report', () => {
    const talk =
      'Usually you hit an illegal memory access when an index is out of range, so check your labels.';
    expect(diagnoseText(talk, kb).crashReport).toBe(false);
  });
});
