// Listening on shapes the held34 and held35 blind sets brought (test/corpus/listen.jsonl):
// job schedulers', container runtimes' and cloud services' own failure lines, NCCL's and
// MPI's, Jupyter's kernel restarter; and the line between a report and talk that a writer's
// account draws: it is a report when it quotes what the program printed, talk when it tells
// the crash only in the writer's own words. Each comes from the public thread named beside it.
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

describe('listening: schedulers, containers and cloud jobs', () => {
  it.each([
    // ServiceNow/trixie issue 58
    'After the reboot I am receiving this error after submitting jobs:\n\nsrun: error: Task launch for 36.0 failed on node cn131: Job credential expired',
    // recorder issue 482
    'Here is the error I got with similar submision:\n\n```\nsrun: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE are mutually exclusive.\n```',
    // Helixer docker issue 5
    'INFO:    Setting \'NVIDIA_VISIBLE_DEVICES=all\' to emulate legacy GPU binding.\nFATAL:   container creation failed: exec: "/usr/bin/nvidia-container-cli": stat /usr/bin/nvidia-container-cli: no such file or directory',
    // linjieli222 ClipBERT issue 16
    'Did I get something wrong?\nNVIDIA Release 19.10 (build 8472689)\nERROR: No supported GPU(s) detected to run this container',
    // openfe issue 44
    'The spark driver has stopped unexpectedly and is restarting. Your notebook will be automatically reattached.\nat com.databricks.spark.chauffeur.Chauffeur.onDriverStateChange(Chauffeur.scala:1354)',
    // aws-samples awsome-distributed-training issue 203
    'register_rail_mr_buffer:617 NCCL WARN NET/OFI Unable to register memory (type = 2) for device 4. RC: -22, Error: Invalid argument',
    // E3SM issue 8699: the writer's own error under "Example error message".
    "Recently, we've seen this error for some pm-gpu jobs.  The nature looks intermittent, but I now think it may be two or more suspect compute nodes.\n\nExample error message, failing quickly:\n```\n2047: cudaSetDevice(cuda_device_id) error( cudaErrorDevicesUnavailable): CUDA-capable device(s) is/are busy or unavailable /global/u1/w/whannah/E3SM/E3SM_SRC1/externals/ekat/extern/kokkos/core/src/Cuda/Kokkos_Cuda_Instance.cpp:544\n2047: MPICH ERROR [Rank 2047] [job id 57638547.0] [Fri Aug 28 22:45:13 2026] [nid004069] - Abort(1) (rank 2047 in comm 432): application called MPI_Abort(comm=0xC4000001, 1) - process 2047\n```",
    // tensorflow/models issue 6912: AI Platform's own line, pasted between the writer's sentences.
    'I have tried using gcloud command for training. but it is often showing me failed due to some error.\n\nThe replica worker 0 exited with a non-zero status of 1. Termination reason: Error.\n\nI want to use Object Detection API in Google Cloud ML engine for my custom dataset',
    // ollama issue 737
    "when I run it with the prompt I get `Error: error reading llm response: unexpected EOF` and overall I can't get it to work.",
    // ROCm issue 2527: HIP's API trace.
    'this is the error I get when trying to run ComfyUI:\n:3:hip_module.cpp           :669 : 14629861952 us: [pid:31113 tid:0x7fa5a37fe700] hipLaunchKernel: Returned hipErrorInvalidDeviceFunction : ',
    // kijai ComfyUI-WanVideoWrapper issue 151: a traceback cut before its exception.
    'Logs:\n\nException in thread Thread-18 (prompt_worker):\nTraceback (most recent call last):\n  File "D:\\AI\\ComfyUI_windows_portable\\ComfyUI\\execution.py", line 327, in execute',
    // NVIDIA/TensorRT-LLM issue 2813: UCX's crash handler.
    '@chuangz0, I follow your guide above and here is the error I get:\n```\nSignal (11) received.\n[host:6939 :0:10213] Caught signal 11 (Segmentation fault: address not mapped to object at address (nil))\n==== backtrace (tid:  10213) ====\n```',
    // EricLBuehler/mistral.rs issue 44: a Rust backtrace.
    'The stacktrace:\n\n```\nStack (partial) backtrace:\n   0: anyhow::error::<impl core::convert::From<E> for anyhow::Error>::from\n             at /home/u/.cargo/registry/src/anyhow-1.0.89/src/backtrace.rs:27:14\n   1: <core::result::Result<T,F> as core::ops::try_trait::FromResidual>::from_residual\n             at /rustc/library/core/src/result.rs:1989:27\n   2: <mistralrs_core::pipeline::loaders::normal_loaders::MistralLoader as NormalModelLoader>::load\n             at /home/u/mistral.rs/mistralrs-core/src/pipeline/loaders/normal_loaders.rs:50:9\n```',
    // PaddlePaddle/PaddleSpeech issue 1934: Paddle's OOM glued after a Chinese comma.
    '我在运行demo时遇到了同样的问题，export FLAGS_use_cuda_managed_memory=false无用。paddlespeech asr --lang zh --input zh.wav ，Out of memory error on GPU 0. Cannot allocate 655.142555PB memory on GPU 0',
    // PaddlePaddle/Paddle issue 29811: Paddle's OOM under "报错如下：".
    '环境：AiStudio 的 Notebook 运行模型。32G 显存，GPU环境。\n报错如下：\nOut of memory error on GPU 0. Cannot allocate 541.500244MB memory on GPU 0, available memory is only 8.625000MB.',
    // a Korean reader of a PyTorch book: Jupyter's notice glued inside the sentence.
    '301페이지 show_image_labels을 주피터 노트북에서 실행을 했는데 the kernel appears to have died. it will restart automatically.가 뜹니다.',
    // Sense-X MPViT issue 17: launcher's words in a sentence.
    'When I train the code on two GPU, there are a error that torch.distributed.elastic.multiprocessing.api:failed(exitcode:-9).',
    // THUDM GLM-4-Voice issue 89: the program's words glued after Chinese ones.
    '上传wav文件后demo web服务直接退出，页面打印Segmentation fault。看不到任何ERROR信息。',
    // yolov3 channel-and-layer pruning issue 28: a dialog's words in curly quotes.
    '你好，我训练开始不久程序就崩溃了，然后弹出了“Python已停止工作”的窗口。请问这是什么原因呢？',
    // kubeflow katib issue 1112
    'Master pods keep crashing\n```\nvagrant@minikf:~$ kubectl get pods -n kubeflow-user\nNAME                                         READY   STATUS             RESTARTS   AGE\npytorchjob-example-82cjcqdz-master-0         0/2     CrashLoopBackOff   8          2m32s\n```',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it('GIVEN lines a writer expects, "something like:" THEN they are an example, no report', () => {
    // zetta-ai/zetta_utils issue 671
    const text =
      'Not sure how hard it is to recognize those. In the logs, the last messages will be something like:\n```\nsrun: Job step aborted: Waiting up to 47 seconds for job step to finish.\nslurmstepd: error: *** JOB 494583 ON ... CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***\n```';
    expect(said(text)).toBe(false);
  });

  it("GIVEN a guide's example of a scheduler's lines, said by nobody THEN it is not one", () => {
    const text =
      'The last lines of such a job look like this, for example:\n```\nslurmstepd: error: *** JOB 494583 ON node1 CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***\n```';
    expect(said(text)).toBe(false);
  });
});

describe("listening: a writer's account of their crash", () => {
  it.each([
    // JADE HPC issue 135
    'When my job exceeds 16GB memory it stops saying it is out of memory. However I do not see a way to request more memory.',
    // mini-o3 issue 23
    'I tried to do RL training on 64 GPUs and 6T memory machines while encountered an out-of-memory error. How much memory do your training machines have?',
    // ggml-org/llama.cpp issue 8117: file names in code marks are no quoted output.
    '`phi-3-mini-4k-instruct-q4_k.gguf` crashes but `phi-3-mini-4k-instruct-f16.gguf` does not.',
    // radiasoft sirepo issue 3584
    'When I run the same notebook on the gpu-Jupyter server, it restarts the kernel partway through the notebook.',
  ])("GIVEN %j, told only in the writer's words THEN it is talk", (text) => {
    expect(said(text)).toBe(false);
  });

  it.each([
    // singlehdr issue 18
    "Hi, when I run the code, there is an error 'Segmentation fault (core dumped)'. How to fix this problem?",
    // fast-rcnn issue 167
    'When I train the module, it reported an error "Floating point exception (core dumped)"',
    // tensorflow issue 17411
    'when i import tensorflow it says illegal instruction core dumped',
  ])('GIVEN %j, quoting what the program printed THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });
});

describe('listening: long bug reports and the program text inside them', () => {
  it.each([
    // microsoft/onnxruntime issue 4008: ONNX Runtime's status line under a template heading.
    '**Describe the bug**\n\nFail: [ONNXRuntimeError] : 1 : FAIL : CUDA error executing cudaMemcpy(dst_data, src_data, bytes, cudaMemcpyDeviceToHost)\n\n**Urgency**\nASAP',
    // microsoft/archai issue 156: VS Code's Jupyter log.
    "I don't know if this is a windows thing or not but the block crashes with:\n```\nerror 18:24:45.920: Raw kernel process exited code: 3\nerror 18:24:45.922: Error in waiting for cell to complete Error: Canceled future for execute_request message before replies were done\n```",
    // NVIDIA/k8s-device-plugin issue 259: the plugin's event, quoted in a question.
    'Issue:\nhealthCheck  report XidCriticalError: Xid=999 on  Device=GPU-XXXX, but i can not find Xid error 999 in nvidia doc\nIs anyone who can tell me what the mean of this error code?',
    // tensorflow/models issue 7088: Python logging's LEVEL:logger: opening, over TensorFlow's own hedged sentence.
    'Has the problem been solved？ I am facing the same problem. this is my problem\nINFO:tensorflow:Error reported to Coordinator: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed above.',
    // huggingface/diffusers issue 10910: the exception inside the writer's sentence.
    '### Describe the bug\n\nI encountered the following error when running train_text_to_image_lora.py: ValueError: Attempting to unscale FP16 gradients.\n\nHow can I resolve this error?',
    // Xiang-Deng-DL GFKD issue 1: the writer's guess beside their own quoted error.
    'Thank you for this great work! When I run the code, I got an error `RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`. I use Python 3.6, torch 1.2.0. I think it may be related to CUDA. Could you please further elaborate the CUDA version?',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it.each([
    // open-mmlab mmrotate issue 501: the exception named as gone.
    'I find the reason myself.\nbecause Pytorch using many PC memory when distributed processing.\n\nand now I did not see the "RuntimeError: DataLoader worker..."',
    // a helper's guess about someone else's error
    'I think the `RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED` you got is related to the CUDA version.',
    // a changelog line naming an exception
    '- Fixed a ValueError: Attempting to unscale FP16 gradients when training LoRA in fp16.',
  ])('GIVEN %j THEN it is talk', (text) => {
    expect(said(text)).toBe(false);
  });
});

describe('listening: the tools around a job, and fixes told as done', () => {
  it.each([
    // ollama/ollama issue 8271: a Go panic's goroutine origin and registers, behind journald's prefix.
    'Dec 31 01:55:57 FORGE ollama[555324]: created by github.com/ollama/ollama/llama/runner.Execute in goroutine 1\nDec 31 01:55:57 FORGE ollama[555324]: rax    0x0\nDec 31 01:55:57 FORGE ollama[555324]: rbx    0x1b834e\nDec 31 01:55:57 FORGE ollama[555324]: rcx    0x77f67e49eb1c',
    // RLHF-V issue 11: torch.distributed.elastic ending the other ranks.
    'Could you help to have a look?\n```\n> WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 484376 closing signal SIGTERM\n> WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 484378 closing signal SIGTERM\n```',
    // kaldi-asr/kaldi issue 3693: Kaldi's error line.
    'my mistake is similar, that is\n\nERROR   (nnet3-chain-train2[5.5]:AddMatMat():cu-matrix.cc:1329) cublasStatus_t 13 :   "CUBLAS_STATUS_EXECUTION_FAILED" returned from   \'cublas_gemm(GetCublasHandle(), m, n, k)\'',
    // NatLibFi/Annif issue 922: gunicorn's arbiter.
    "Finto AI's Annif rebooted unexpectedly today logging this:\n\n    ERROR] Worker (pid:54) was sent code 139!",
    // ceccocats/tkDNN issue 143: TensorRT's two-word label opens the program's lines.
    'I fix the problem but it give me back that.\n\n`TENSORRT LOG: Constructing optimization profile number 0 out of 1\nTENSORRT LOG: ../rtSafe/safeRuntime.cpp (25) - Cuda Error in allocate: 2 (out of memory)',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it('GIVEN a fix told as done ("never got OOM again") THEN it is talk', () => {
    // Haoming02/sd-webui-forge-classic issue 1049
    expect(
      said(
        'had the same issue. so I edited webui.sh to export PYTORCH_ALLOC_CONF=expandable_segments:True before executing launch.py, and never got OOM again',
      ),
    ).toBe(false);
  });
});

describe('listening: launchers, containers and CI around a job', () => {
  it.each([
    // actions/setup-python issue 350: a CI run killed, told "for [this PR](...)".
    'Hi,\n\nI am getting a weird kill signal error when performing CI for [this PR](https://github.com/CBICA/GaNDLF/pull/327) with the following error:\n\n```\n/home/runner/work/_temp/0dbe.sh: line 1:  2930 Killed                  pytest --cov=. --cov-report=xml\nError: Process completed with exit code 137.\n```',
    // googlecolab/colabtools issue 2538: the browser console.
    '**Additional context**\n```\nMounting Google Drive... external_polymer_binary.js:1928:55\nYour session crashed. Automatically restarting. external_polymer_binary.js:1928:55\n```',
    // mmartial/ComfyUI-Nvidia-Docker issue 86: podman's error chain.
    '`podman run --rm -it --device nvidia.com/gpu=all docker.io/mmartial/comfyui-nvidia-docker:latest`\n\nError: preparing container 3e41d4b87bd1 for attach: crun: fsopen_mount `tmpfs`: Function not implemented: OCI runtime error',
    // NVIDIA/nvidia-container-toolkit issue 182
    'Attempt 1: Fails\n\n```bash\npodman run --rm --device nvidia.com/gpu=gpu0 docker.io/pytorch/pytorch python -c "import torch"\n\nError: setting up CDI devices: failed to inject devices: failed to stat CDI host device "/dev/dri/controlD69": no such file or directory\n```',
    // ICT issue 38: the error shown as "this error", after a full-width comma.
    'Has anyone encountered this error，torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL. I am wondering a solution.',
    // UNet-LiTS issue 6: a message that is nothing but the exception, retyped.
    'RuntimeError: CUDA out of the memory. Tried to allocate 360.00 MiB',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it.each([
    // madrona-engine issue 13: a change presenting itself in its second sentence.
    'On systems with not enough GPU memory, the current settings will cause a CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES. This adds environment variable MADRONA_MWGPU_DEVICE_HEAP_SIZE so users can set the heap size.',
    // an answer quoting the error in a fence, its meaning told in Chinese under it
    '```\nOSError: [Errno 28] No space left on device\n磁盘空间不足.......................\n```',
  ])('GIVEN %j THEN it is talk', (text) => {
    expect(said(text)).toBe(false);
  });
});

describe("listening: desktop apps' consoles, and a reporter's call for help", () => {
  it.each([
    // ollama/ollama issue 8492: a Go program's own crash report.
    'Here are ollama output log:\n\nllama.cpp:11968: The current context does not support K-shift\nSIGSEGV: segmentation violation\nPC=0x7f87e284d1d7 m=0 sigcode=1 addr=0x206403fd8\nsignal arrived during cgo execution\n\ngoroutine 4 gp=0xc0000076c0 m=0 mp=0x55ef197e41c0 [syscall]:',
    // LostRuins/koboldcpp issue 885: systemd-coredump.
    'Here is what recorded by systemd-coredump when running a benchmark.\n```\n           PID: 302990 (python)\n        Signal: 11 (SEGV)\n     Timestamp: Wed 2024-06-05 00:22:21 +07 (2min 32s ago)\n```',
    // Comfy-Org/desktop issue 1477: Node.js's native stack trace.
    'Error message:\n----- Native stack trace -----\n\n 1: 00007FF69739F99A uv_cpumask_size+72474\n 2: 00007FF69734036F node::InitializeOncePerProcess+1663\n 3: 00007FF69733FD15 node::InitializeOncePerProcess+37',
    // a llama.cpp fork's issue 5: the C runtime's dialog, retyped.
    'Working on 2*3060 12G\n\nMicrosoft Visual C++ Runtime Library\nDebug Error!\nProgram: F:\\ai_system\\llama.cpp\\build-cuda\\bin\\llama-server.exe\nabort() has been called\n(Press Retry to debug the application)',
    // a Triton server deployment: Triton giving up at start.
    'I0523 10:54:26.345508 1 server.cc:302] Timeout 29: Found 0 live models and 0 in-flight non-inference requests\nerror: creating server: Internal - failed to load all models',
    // tensorflow/models issue 8487: IPython's frames, cut before the exception.
    "I am getting the same error:\n```\n/usr/local/lib/python3.7/dist-packages/tensorflow/python/keras/engine/training_generator_v1.py in fit(self, model, x, y)\n    591         shuffle=shuffle,\n--> 593         steps_name='steps_per_epoch')\n    594 \n/usr/local/lib/python3.7/dist-packages/tensorflow/python/keras/engine/training_generator_v1.py in model_iteration(model, data)\n--> 264       batch_outs = batch_function(*batch_data)\n```",
    // Comfy-Org/ComfyUI issue 3574: glibc's assert on a C++ function, in code marks.
    "When trying to start, it only crashes at once\n`python: /build/hip-runtime-amd/src/clr-rocm-6.0.2/hipamd/src/hip_code_object.cpp:762: hip::FatBinaryInfo** hip::StatCO::addFatBinary(const void*, bool): Assertion `err == hipSuccess' failed.`",
    // Comfy-Org/ComfyUI issue 14360: the desktop app's exit line under Russian words.
    'Таже проблем помогите 16.06.2026  до этого все работало !!!\n\nProcess exited with code 3221225477\n\n[INFO] setup plugin alembic.autogenerate.schemas',
    // RoomFormer issue 17: a reporter's quote, then questions and a call for help.
    'But when I am trying to load model to GPU memory I am getting "Segmentation fault (core dumped)" message. I am currently using 16 GB GPU machine. What could be the reason for this? And if anyone has any solution kindly suggest the same.',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it('GIVEN a call to write, with the error text in its string THEN it is code, no report', () => {
    // AUTOMATIC1111/stable-diffusion-webui issue 783
    expect(
      said(
        'Make sure that like 109 in "launch.py" reads exactly as follows:\n`run_python("import torch; assert torch.cuda.is_available(), \'Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDINE_ARGS variable to disable this check\'")`',
      ),
    ).toBe(false);
  });
});

describe('listening: a Korean writer announcing the error below', () => {
  it.each([
    // SKTBrain/KoBERT issue 62
    "안녕하세요. huggingface api를 통해 kobert 모델을 사용하려고 하는데 아래와 같은 에러가 발생합니다.\n\n`from transformers import BertModel`\n`model = BertModel.from_pretrained('skt/kobert-base-v1')`\nOSError: Can't load config for 'skt/kobert-base-v1'. Make sure that:",
    // SKT-AI/KoGPT2 issue 38
    "fine tuning 을 하려고 하는데\nkogpt2 = GPT2LMHeadModel.from_pretrained('skt/kogpt2-base-v2')\n\n이 코드의 \"skt/kogpt2-base-v2\"  부분에서 에러가 발생합니다\nOSError: Model name 'skt/kogpt2-base-v2' was not found in model name list.",
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });
});

describe('listening: writers in other languages quoting the exception they got', () => {
  it.each([
    // phobert sentiment example, issue 2: Vietnamese "mình" (I) before the quoted exception.
    "Hi bạn, mình run thử code thì thấy báo lỗi `NameError: name 'ALBERT_PRETRAINED_MODEL_ARCHIVE_MAP' is not defined`\nKhả năng do khác version của transformer. Bạn dùng version nào vậy?",
    // SKTBrain/KoBERT issue 68: the exception inside a Korean sentence saying it occurs.
    '`data_test = BERTDataset(dataset_test, 0, 1, tok, max_len, True, False)`\n코드에서 TypeError: not a string 에러가 발생합니다. 어떻게 해결하면 좋을까요...?',
    // SKT-AI/KoGPT2 issue 45: the exception, then a Korean line saying such an error occurred.
    "다른 예제 확인 해보는데 \nfrom transformers.configuration_gpt2 import GPT2Config\nModuleNotFoundError: No module named 'transformers.configuration_gpt2'\n같은 오류가 발생해서 해결하는데 고생 하고 있네요",
    // the same in Russian and German
    "При запуске у меня ошибка `NameError: name 'X' is not defined`, что делать?",
    'Beim Start bekomme ich `ValueError: too many values to unpack`, was mache ich falsch?',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it.each([
    // a Korean answer telling what happens if the error occurs: a conditional, no one's crash.
    '버전이 다르면 `TypeError: not a string` 에러가 발생하면 transformers를 업데이트하세요.',
    // a Russian answer telling what to do when the error comes
    'Если видите `NameError: name X is not defined`, обновите transformers до последней версии.',
  ])('GIVEN %j THEN it is talk', (text) => {
    expect(said(text)).toBe(false);
  });
});

describe('listening: a change named in a report, and a change presenting itself', () => {
  it('GIVEN a report that tells of reading a PR THEN it is still a crash report', () => {
    // Lightning-AI/pytorch-lightning issue 18541
    expect(
      said(
        '### Bug description\n\nHi,\n\nI haven been experiencing `ProcessExitedException: process 1 terminated with signal SIGSEGV` when using `ddp_fork` with multi-gpus. I have done some research on the possible reasons and also read through this PR (https://github.com/Lightning-AI/lightning/pull/18132), but I think that mine is a different problem.',
      ),
    ).toBe(true);
  });

  it('GIVEN a change that opens with "Update" and names the errors it documents THEN it is talk', () => {
    // open-mmlab/mmdetection pull request 4055
    expect(
      said(
        'Update troubleshooting page, which adds solutions for `segmentation fault` and `loss Nan` issues.',
      ),
    ).toBe(false);
  });
});

describe('listening: the error told as occurring to the writer, then quoted', () => {
  it.each([
    // ultralytics/yolov3 issue 283
    'I start training process on my Red Hat Enterprise Linux Server 7.4, after hundreds of iterations, the error always occurred: **Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)**. What should I do to solve this problem? I need help.',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it('GIVEN an explanation of when the error occurs, by nobody in person THEN it is talk', () => {
    expect(
      said(
        'When shared memory is too small, this error occurs: **Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)**. Raise --shm-size.',
      ),
    ).toBe(false);
  });
});

describe('listening: GPU operations (NVML, Slurm daemons, the kubelet)', () => {
  it.each([
    // microsoft/WSL issue 11755
    'When I try to query `nvidia_smi` I get\n\n```\nFailed to initialize NVML: N/A\nFailed to properly shut down NVML: N/A\n```',
    // NVIDIA/dcgm-exporter issue 612
    'the exporter will still crash with following log output:\n\n```\ntime=2026-09-19T20:06:59.547Z level=ERROR msg="Cannot init NVML library; err: ERROR_LIBRARY_NOT_FOUND"\n```',
    // a GPU-P VM's nvidia-smi
    'nvidia-smi.exe gives the following output:\n`\nUnable to detect the device handle for GPU0000:B1:00.0: Unknown Error\n`',
    // Project-HAMi/HAMi issue 1044
    'Encountered the same problem，Execute `nvidia-smi mig -lci`，The output is \n```\n[root@aio-node15 ~]# nvidia-smi mig -lci\nFailed to display compute instances: Insufficient Permissions\n```',
    // ComputeCanada/magic_castle issue 27
    'reported the following error on a node with two gpus:\n```\nFeb 20 18:59:13 node2.int.rubberducky.calculquebec.cloud slurmd[57977]: fatal: gres.conf duplicate records for gpu\n```',
    // a Slurm setup guide's issue 7: slurmd.log
    'When I try to restart slurm I get the following error in slurmd.log\n\n[2023-10-16T10:42:01.139] error: Unable to initialize cgroup plugin\n[2023-10-16T10:42:01.139] error: slurmd initialization failed',
    // aws-samples/awsome-distributed-training issue 195
    'when i run `scontrol show node <node-id>` it shows the following error:\n\n```\nReason=gres/gpu count reported lower than configured (0 < 8)\n```',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it.each([
    // a runbook naming what NVML says, to nobody in particular
    'If NVML cannot be loaded in the pod, the plugin exits; set the runtime class to nvidia and redeploy.',
    // a healthy gres.conf pasted as a config
    '```\nAutoDetect=nvml\nName=gpu Type=a100 File=/dev/nvidia[0-3]\n```',
  ])('GIVEN %j THEN it is talk', (text) => {
    expect(said(text)).toBe(false);
  });
});

describe("listening: VS Code's notices when a notebook's kernel died", () => {
  it.each([
    // microsoft/vscode-jupyter issue 14108: killed by a signal, the kernel has no exit code.
    '### Jupyter logs\n\n```shell\n00:01:54.379 [error] Disposing session as kernel process died ExitCode: undefined, Reason: \n00:01:54.422 [error] Raw kernel process exited code: undefined\n```',
    // microsoft/vscode-jupyter issue 13828
    'The error message\n```\nCannot execute code, session has been disposed. Please try restarting the Kernel.\n```',
    'The Kernel crashed while executing code in the current cell or a previous cell. Please review the code in the cell(s) to identify a possible cause of the failure.',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });
});

describe('listening: CI test runners, simulators and renderers', () => {
  it.each([
    // vllm-project/vllm issue 18418: pytest's short summary.
    '```\nFAILED entrypoints/llm/test_generate.py::test_v1_v2_api_consistency_single_prompt_tokens[prompt_token_ids0] - vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue.\n```',
    // huggingface/transformers issue 5124
    '```bash\n=========================== short test summary info ============================\nFAILED tests/test_modeling_marian.py::TestMarian_RU_FR::test_batch_generation_ru_fr\n==== 2 failed, 1110 passed, 392 skipped, 361 warnings in 1347.28s (0:22:27) ====\n```',
    // pytorch/pytorch issue 21577: unittest's header under Jenkins' clock.
    'Failure:\n\n```\nJun 08 06:44:19 ======================================================================\nJun 08 06:44:19 FAIL: test_triangular_solve (__main__.TestCuda)\nJun 08 06:44:19 ----------------------------------------------------------------------\n```',
    // carla-simulator/carla issue 6581: Unreal Engine's crash handler.
    './CarlaUE4.sh -fps=10 -quality-level=Low\nDisabling core dumps.\nSignal 11 caught.\nMalloc Size=65538 LargeMemoryPoolOffset=65554 \nCommonUnixCrashHandler: Signal=11',
    // carla-simulator/carla issue 5316
    'Here are the logs:\n```\nFatal error!\n\n\nCrash in runnable thread TaskGraphThreadNP 0\nCrash in runnable thread TaskGraphThreadNP 3\n```',
    // facebookresearch/habitat-sim issue 2175: no EGL display on a cloud GPU.
    "The following error occurred during the execution of the line 'sim = habitat_sim.Simulator(cfg)':\n'''\nPlatform::WindowlessEglApplication::tryCreateContext(): cannot get default EGL display: EGL_BAD_PARAMETER\nWindowlessContext: Unable to create windowless context\n'''",
    // isaac-sim/IsaacSim issue 602: Omniverse's crash reporter.
    "[37.801s] app ready\n2026-05-03T23:05:15Z [0ms] [Warning] [carb.crashreporter-breakpad.plugin] [crash] A crash has occurred.  If a debugger should be attached, please set the '/crashreporter/debuggerAttachTimeoutMs' setting to a timeout in milliseconds.",
    // isaac-sim/IsaacLab issue 1539: glibc's heap check, quoted in the writer's sentence.
    'When I train with more than 512 environments, I get a malloc error that says: `malloc(): invalid size (unsorted)`. There is more than enough VRAM not being used in the 3080 GPU I have.',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it.each([
    // a CI summary where everything passed
    '==== 1112 passed, 392 skipped, 361 warnings in 1347.28s (0:22:27) ====',
    // advice naming the heap check
    'If you see `double free or corruption (out)`, it usually means two libraries ship their own allocator; import torch first.',
  ])('GIVEN %j THEN it is talk', (text) => {
    expect(said(text)).toBe(false);
  });
});

describe('listening: accelerators other than NVIDIA, and the tools that serve LLMs', () => {
  it.each([
    // hiyouga/LLaMA-Factory issue 3779: Ascend's CANN error under PyTorch's C++ exception.
    '[E OpParamMaker.cpp:273] call aclnnCast failed, detail:EZ9999: Inner Error!\n        Kernel Run failed. opType: 53, Cast\nException raised from operator() at third_party/op-plugin/op_plugin/ops/base_ops/opapi/CastKernelNpuOpApi.cpp:33 (most recent call first):',
    // pytorch/pytorch issue 137695: ROCm's hipBLASLt.
    'When I run with `-tp 8` then I will get 1-4 of the threads failing:\n```\nrocblaslt error: Could not load /home/u/envs/vllm/lib/python3.11/site-packages/torch/lib/hipblaslt/library/TensileLibrary_lazy_gfx942.dat\n```',
    // mudler/LocalAI issue 2120: a gRPC backend that died.
    'Similar issue on AIO CPU, but when invoking image generation from Nextcloud:\n\n`localai     | 7:26PM ERR Server error error="rpc error: code = Unavailable desc = error reading from server: EOF" ip=192.168.0.110 latency=3.358938752s method=POST status=500 url=/v1/images/generations`',
    // nomic-ai/gpt4all issue 1674: the kernel's trap for an instruction the CPU lacks.
    'Initial start ran fine until it got the model then received traps: b2752a1d-32d9-4[3788580] trap invalid opcode ip:7f47dac751ea sp:7f47b37fcd50 error:0',
    // vllm-project/vllm-ascend issue 1987
    '【BUG】：RuntimeError: NPU out of memory. Tried to allocate 3.47 GiB (NPU 0; 60.97 GiB total capacity; 58.92 GiB already allocated; 1.66 GiB free)',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });
});

describe('listening: the error named and quoted by its writer, in any language', () => {
  it.each([
    // ramjke/Translumo issue 191 (Russian: "it gives the error ...")
    'Добрый день!\n\nВыдает ошибку "text detection failed"\n\nСразу отмечу что путь на латинице.',
    // kaixxx/noScribe issue 89 (German: "I keep getting the error message ...")
    'Nach erfolgreicher Installation erhalte ich in der Anwendung dauerhaft die Fehlermeldung "[Errno 2] No such file or directory" . \nHat hier jmd nen Tipp für mich?',
    // the same in English, and in Polish
    'After installing it I always get the error message "A task was canceled" and nothing loads.',
    'Po instalacji dostaję błąd "CUDA driver version is insufficient for CUDA runtime version" i nic nie działa.',
    // huggingface/diffusers issue 4772: Colab's notice, which speaks to its reader itself.
    'error message:\n\nYour session crashed after using all available RAM. If you are interested in access to high-RAM runtimes, you may want to check out Colab Pro.\n\nIs there a solution for this that would work within the colab free?',
    // cocktailpeanut/fluxgym issue 367: each line of the child under the clock and its level.
    'i just get this error.\n\n[2025-03-19 13:07:15] [INFO] Traceback (most recent call last):\n[2025-03-19 13:07:15] [INFO] File "G:\\_AI\\fluxgym\\sd-scripts\\flux_train_network.py", line 559, in <module>\n[2025-03-19 13:07:15] [INFO] trainer.train(args)',
    // invoke-ai/InvokeAI issue 6106
    '### What happened\n\n`[2024-04-02 22:35:41,214]::[ModelManagerService]::WARNING --> Insufficient GPU memory to load model. Aborting\n[2024-04-02 22:35:41,216]::[InvokeAI]::ERROR --> Error while invoking session 1d2b, invocation 7f2c (compel): CUDA out of memory`',
  ])('GIVEN %j THEN it is a crash report', (text) => {
    expect(said(text)).toBe(true);
  });

  it.each([
    // ramjke/Translumo issue 62: the maintainer asks whether such an error shows at all.
    'Даже не появляется ошибки вроде "Failed to capture screen"? Просто в логах видно только пачку записей с ошибкой захвата экрана.',
    // an explanation of what an error means
    'The error "CUDA driver version is insufficient" usually means the driver is older than the toolkit.',
  ])('GIVEN %j THEN it is talk', (text) => {
    expect(said(text)).toBe(false);
  });
});
