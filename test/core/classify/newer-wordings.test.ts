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
    // NVIDIA/libnvidia-container#231
    [
      'nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory',
      'missing-cuda-library',
    ],
  ])('GIVEN %j THEN the first cause is %s', (text, cause) => {
    expect(first(text)).toBe(cause);
  });

  it('GIVEN a pinned-memory warning beside the GPU running out THEN the GPU is named first', () => {
    // ggml-org/llama.cpp#1230 (WSL): llama.cpp falls back to pageable memory; the GPU's OOM ends it.
    const log =
      'WARNING: failed to allocate 1024.00 MB of pinned memory: out of memory\nCUDA error 2 at ggml-cuda.cu:359: out of memory';
    expect(first(log)).toBe('gpu-oom');
  });

  it('GIVEN advice that names an illegal memory access THEN it is no report', () => {
    const talk =
      'Usually you hit an illegal memory access when an index is out of range, so check your labels.';
    expect(diagnoseText(talk, kb).crashReport).toBe(false);
  });
});
