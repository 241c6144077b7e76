// Crash markers: lines that are crash output whatever cause is behind them, as real programs
// print them (sources in test/corpus/listen.jsonl), and listening's verdict on a message that
// pastes one, or only talks about one.
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { findMarkers } from '../../../src/core/listen/markers.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  kb = r.kb;
});

const MARKED: readonly [string, string][] = [
  ['wer-problem-event', '  Problem Event Name:\tAPPCRASH'],
  // rich's boxed traceback (bmaltais/kohya_ss#1523, accelerate and Typer print the same).
  [
    'rich-traceback',
    "│ ❱ 20 │   │   raise RuntimeError('''                                                              │",
  ],
  ['rich-traceback', '╭───────────────────── Traceback (most recent call last) ──────────────────────╮'],
  ['wer-problem-event', '  Problemereignisname:\tAPPCRASH'],
  ['wer-problem-event', 'EventType=APPCRASH'],
  [
    'wer-faulting-application',
    'Faulting application name: aw-qt.exe, version: 0.0.0.0, time stamp: 0x5b8e9a15',
  ],
  ['wer-faulting-application', '错误应用程序名称: python.exe，版本: 3.7.3150.1013，时间戳: 0x5cababbb'],
  ['slurm-oom', 'slurmstepd: error: Detected 2 oom-kill event(s) in step 3756240.batch cgroup.'],
  ['slurm-oom', 'slurmstepd: error: Detected 1 oom_kill event in StepId=11300781.0.'],
  [
    'systemd-oomd',
    'Dec 18 19:34:56 user-desktop systemd-oomd[840]: Killed /user.slice/user-1001.slice/x.scope due to memory pressure',
  ],
  ['systemd-oomd-unit', 'vte-spawn-dbb4.scope: systemd-oomd killed 12 process(es) in this unit.'],
  [
    'systemd-oom-unit',
    'largeweb2 systemd[1]: user-1021.slice: A process of this unit has been killed by the OOM killer.',
  ],
  [
    'kernel-oom',
    '[Sun Mar 30 08:24:00 2025] Out of memory: Killed process 7899 (python) total-vm:26184840kB',
  ],
  ['jupyter-kernel-died', 'The kernel appears to have died. It will restart automatically.'],
  [
    'jupyter-kernel-for',
    'The kernel for Untitled1.ipynb appears to have died. It will restart automatically.',
  ],
  [
    'sanitizer',
    '==1758==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000008 (pc 0x00010480ca6c T0)',
  ],
  ['macos-exception-type', 'Exception Type:        EXC_CRASH (SIGABRT)'],
  [
    'macos-ips-termination',
    '  "termination" : {"flags":0,"code":6,"namespace":"SIGNAL","indicator":"Abort trap: 6"},',
  ],
  ['cpp-terminate', "`terminate called after throwing an instance of 'c10::Error'"],
  ['glog-signal', '*** SIGSEGV (@0x0) received by PID 4242 (TID 0x7f) from PID 0; stack trace: ***'],
  ['fatal-python-error', 'Fatal Python error: Segmentation fault'],
  ['srun-oom', 'srun: error: nid001277: tasks 1-3: Out Of Memory'],
  ['srun-oom', 'srun: error: Out Of Memory'],
  ['zsh-killed', 'zsh:killed'],
  [
    'nccl-watchdog-abort',
    '0(default_pg) Rank 6] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL',
  ],
  [
    'nccl-watchdog-abort',
    '[rank1]:[E ProcessGroupNCCL.cpp:577] [Rank 1] To avoid data inconsistency, we are taking the entire process down.',
  ],
  [
    'nccl-watchdog-abort',
    '[rank0]:[E1120 03:12:02.123 ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught collective operation timeout',
  ],
  ['zsh-killed', 'zsh: killed     python3 train.py'],
  ['gpu-runtime-error-bare', 'CUDA Error: unknown error'],
  // ggml-org/llama.cpp#1230's title; a newer release's abort line; ollama's runner; bitsandbytes.
  ['ggml-cuda-error', 'CUDA error 2 at ggml-cuda.cu:359: out of memory'],
  [
    'ggml-cuda-error-told',
    'it stops with /home/user/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:70: CUDA error',
  ],
  ['cuda-error-told', "I keep getting this error when training 'CUDA_ERROR_INVALID_HANDLE'"],
  ['torchrun-child-failed', 'torch.distributed.elastic.multiprocessing.errors.ChildFailedError:'],
  [
    'thcudacheck-fail',
    'THCudaCheck FAIL file=/opt/conda/conda-bld/pytorch_1544176307774/work/aten/src/THC/THCGeneral.cpp line=405 error=11 : invalid argument',
  ],
  [
    'cuda-error-told',
    'when I run demo.py, I get the error "cublas runtime error: the GPU program failed to execute',
  ],
  [
    'ort-cuda-call',
    'RuntimeError: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_call.cc:121 onnxruntime::CudaCall',
  ],
  // Mozilla-Ocho/llamafile#598
  ['cosmo-uncaught-signal', 'error: Uncaught SIGSEGV (SEGV_MAPERR) at 0x8 on home pid 25983 tid 26011'],
  ['ollama-runner-terminated', 'Error: llama runner process has terminated: exit status 0xc0000409'],
  [
    'bnb-cuda-setup',
    'CUDA Setup failed despite GPU being available. Please run the following command to get more information:',
  ],
  [
    'gpu-runtime-error-bare',
    'cuda runtime error (59) : device-side assert triggered at /pytorch/aten/src/THC/generic/THCTensorCopy.c:70',
  ],
  [
    'gpu-runtime-error-told',
    'it showed that RuntimeError: cublas runtime error : the GPU program failed to execute',
  ],
  [
    'jupyter-kernel-died',
    '"The kernel has died, and the automatic restart has failed. It is possible the kernel cannot be restarted.',
  ],
  // ray-project/ray#50433: a raylet's CHECK behind Ray's daemon tag and logger prefix, and its stack trace header.
  [
    'check-failed',
    '(raylet) [2025-02-11 18:42:15,859 C 30797 30797] resource_instance_set.cc:374:  Check failed: RAY_PREDICT_TRUE(_left_ >= _right_)  0 vs 10000',
  ],
  ['ray-stack-trace', '(raylet) *** StackTrace Information ***'],
  // mlflow/mlflow#6255
  ['gunicorn-worker-timeout', '[2022-07-18 10:41:28 +0000] [459] [CRITICAL] WORKER TIMEOUT (pid:472)'],
  // triton-inference-server/server#6480
  [
    'triton-stub-unhealthy',
    'E1025 09:40:38.075506 9121 python_be.cc:2066] Stub process is unhealthy and it will be restarted.',
  ],
  // ray-project/ray#34334
  [
    'ray-raylet-terminated',
    '2023-04-12 10:20:10,996 WARNING worker.py:1986 -- Raylet is terminated: ip=10.0.35.88, id=976bc7dded84cf30ed35b8051b9d9e6df0df4eceea1f84d81caae551. Termination is unexpected.',
  ],
  // mlflow/mlflow#18975, in the writer's sentence
  [
    'logger-error-line',
    'I get `2025/11/22 12:53:43 ERROR mlflow.cli: (sqlite3.OperationalError) near "AS": syntax error` - full stack trace below.',
  ],
  // comfyanonymous/ComfyUI#11705 and #7104: cmd's pause after the launcher's Python died.
  ['cmd-pause-after-exit', 'Press any key to continue . . .'],
  ['cmd-pause-after-exit', '请按任意键继续. . .'],
  // VOICEVOX/voicevox_core#1206
  ['rust-panic', "thread '' panicked at crates\\voicevox_core\\src\\core\\status.rs:219:17:"],
  // VOICEVOX/voicevox_engine#488
  [
    'onnxruntime-node-failed',
    "Exception: ONNX raise exception: Non-zero status code returned while running MemcpyToHost node. Name:'Memcpy_token_27' Status Message: D:\\a\\_work",
  ],
  // litagin02/Style-Bert-VITS2#221
  ['loguru-error', '| ERROR    | gradio_tabs.train:style_gen:246 - Step 5: style_gen failed.'],
  // VOICEVOX/voicevox_engine#527
  [
    'dxgi-device-removed',
    'デバイス インスタンスが中断されています。GetDeviceRemovedReason を使用して適切なアクションを確認してください。',
  ],
  // VOICEVOX/voicevox#199
  [
    'ja-quoted-failure-shown',
    'テキスト欄にテキストを入力して再生ボタンを押すと「再生に失敗しました。エンジンを再起動してください。」と表示される。',
  ],
  // marcoslucianops/DeepStream-Yolo#210, linghu8812/tensorrt_inference#61, wang-xinyu/tensorrtx (yolov5) #33
  [
    'tensorrt-error',
    'ERROR: [TRT]: 1: [stdArchiveReader.cpp::StdArchiveReader::35] Error Code 1: Serialization (Serialization assertion safeVersionRead == safeSerializationVersion failed.)',
  ],
  ['tensorrt-onnx-parser', 'ERROR: ModelImporter.cpp:124 In function parseGraph:'],
  ['trtexec-error', '[03/09/2021-10:37:07] [E] Failure while parsing ONNX file'],
  [
    'onnx-tensorrt-node',
    'In node -1 (parseGraph): UNSUPPORTED_NODE: Assertion failed: convertOnnxWeights(initializer, &weights, ctx)',
  ],
  // airockchip/rknn-toolkit2 issues
  ['rknn-error', 'E RKNN: [07:13:44.229] rknn_query, info_len(372) < sizeof(rknn_tensor_attr)(376)!'],
  // DeGirum's hailo_examples#12
  [
    'hailort-error',
    '`[HailoRT] [critical] Executing pipeline terminate failed with status HAILO_RPC_FAILED(77)`',
  ],
  // an ExecuTorch Flutter binding on Android
  [
    'android-fatal-signal',
    'F/libc    (25506): Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0 in tid 25731 (DefaultDispatch), pid 25506',
  ],
  // huggingface/transformers#1510, camenduru/stable-diffusion-webui-colab#105, volcengine/verl#4921
  [
    'tcmalloc-large-alloc',
    'tcmalloc: large alloc 1684217856 bytes == 0x14e26c000 @  0x7f80cc4a21e7 0x5450df 0x52e319',
  ],
  ['console-interrupted', '^C'],
  [
    'ray-worker-died',
    '(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker.',
  ],
  // clearml/clearml-agent#242
  ['tool-error-line', 'clearml_agent: ERROR: expected SCALAR, SEQUENCE-START, MAPPING-START, or ALIAS'],
  // openai/mujoco-py#622
  ['error-caps-line', 'ERROR: GLEW initalization error: Missing GL version'],
  // facebookresearch/habitat-sim#2443
  [
    'egl-error',
    'eglQueryDevicesEXT(): EGL_BAD_ALLOC error: In eglQueryDevicesEXT: Failed to allocate device list.',
  ],
  // isaac-sim/IsaacLab#2892 and #1460
  [
    'kit-log-error',
    '2025-07-10T12:34:05Z [3,811ms] [Fatal] [carb.crashreporter-breakpad.plugin] 203: libpython3.11.so.1.0!_PyEval_EvalFrameDefault+0x6cae',
  ],
  [
    'kit-log-error',
    '2024-11-25 09:13:08 [11,526ms] [Error] [omni.physx.plugin] PhysX error: Synchronizing GPU Narrowphase failed! 700',
  ],
  // isaac-sim/IsaacLab#2902
  ['faulthandler-thread', 'Thread 0x00007f32e642a740 (most recent call first):'],
  // ScribaDev's logger, with the day first
  [
    'logger-error-line',
    '26/08/2026 23:26:13 ERROR scriba: processamento de 10-20 TRAVADO: 20 min sem progresso',
  ],
  // erew123/alltalk_tts#621
  ['tagged-error-line', '[AllTalk ENG] Error: You currently have no TTS model loaded.'],
  // SunOner/sunone_aimbot#149
  ['tensorrt-cuda-init', '[12/28/2023-18:54:49] [TRT] [W] CUDA initialization failure with error: 100'],
  // aws/sagemaker-examples#3913 and pytorch/serve issues
  [
    'model-server-worker-died',
    '2023-04-10T21:41:23,667 [WARN ] W-9000-model com.amazonaws.ml.mms.wlm.BatchAggregator - Load model failed: model, error: Worker died.',
  ],
  // lllyasviel/FramePack issue 721: cmd's pause glued after a progress bar
  [
    'cmd-pause-after-exit',
    'Loading checkpoint shards:  50%|████████▌        | 2/4 [00:00<00:00,  6.11it/s]请按任意键继续. . .',
  ],
  // comfyanonymous/ComfyUI issue 13527
  [
    'comfyui-exception',
    '!!! Exception during processing !!! Inference tensors do not track version counter.',
  ],
  // traveller59/spconv issues 726 and 698
  [
    'pip-error',
    'ERROR: Could not find a version that satisfies the requirement cumm<0.5.0,>=0.4.5 (from spconv) (from versions: 0.1.0, 0.5.0)',
  ],
  ['pip-error', 'ERROR: No matching distribution found for spconv-cu114'],
  // traveller59/spconv issue 530
  [
    'compiler-error-line',
    '/home/jovyan/cumm/include/tensorview/cuda/nvrtc.h:25:10: fatal error: nvrtc.h: No such file or directory',
  ],
  ['compiler-error-line', 'kernel.cu(42): error: identifier "__expf" is undefined'],
  // jax-ml/jax issue 25302
  ['llvm-error', 'LLVM ERROR: Failed to infer result type(s).'],
  // nvcc's fatal error in a CUDA extension's build (BlinkDL/ChatRWKV's wkv_cuda).
  ['nvcc-fatal', "nvcc fatal   : Value 'c++17' is not defined for option 'std'"],
  ['nvcc-fatal', "nvcc fatal : Unsupported gpu architecture 'compute_89'"],
  // Dorado's errors, with spdlog's clock and without (nanoporetech/dorado).
  ['spdlog-timestamped-error', '[2024-05-16 10:10:33.214] [error] CUDA error: out of memory'],
  [
    'bracketed-error-level',
    '[error] Please specify either --no-classify or --kit-name to use the demux tool.',
  ],
  // NPU toolchains (airockchip/rknn-toolkit2, openvinotoolkit/openvino, quic/ai-hub-models, hailo-ai, alibaba/MNN).
  ['rknn-logger-error', 'E load_onnx: Traceback (most recent call last):'],
  ['rknn-logger-error', 'E Catch exception when loading onnx model: ./model/model.onnx!'],
  [
    'rknn-logger-error',
    'E RKNN: [15:47:03.156] failed to allocate handle, ret: -1, errno: 14, errstr: Bad address',
  ],
  [
    'level-zero-error',
    'L0 pfnCreate2 result: ZE_RESULT_ERROR_INVALID_ARGUMENT, code 0x78000004 - generic error code for invalid arguments',
  ],
  ['qnn-log-error', '    32.1ms [ ERROR ] Invalid key: graph_configs/0/graph_priority'],
  ['hailo-status-code', 'HailoRT Runtime Agent: Failed to create VDevice: HAILO_INVALID_SERVICE_VERSION'],
  [
    'android-dlopen-failed',
    'MNN_QNN: Failed to open QNN libs. dlerror() returns dlopen failed: library "libQnnHtp.so" not found.',
  ],
  [
    'kernel-device-probe-failed',
    '[  172.770617] hailo1x 0000:02:00.0: probe with driver hailo1x failed with error -22',
  ],
  // Molecular dynamics codes (mir-group/pair_nequip, deepmodeling/deepmd-kit, gromacs, NAMD's colvars).
  ['lammps-error', 'ERROR: Pair style NEQUIP requires newton pair off (src/pair_nequip.cpp:108)'],
  [
    'lammps-gpu-driver-error',
    "Cuda driver error 4 in call at file '/opt/lammps/lib/gpu/geryon/nvd_device.h' in line 429.",
  ],
  ['gromacs-fatal-error', 'Source file: src/gromacs/pulling/pull.cpp (line 525)'],
  ['namd-fatal-error', 'FATAL ERROR: Error in the collective variables module (see above for details)'],
  // Databases' own words (pgvector, ClickHouse, DuckDB, pgvecto.rs).
  ['psql-error', 'ERROR:  invalid memory alloc request size 1073741824'],
  ['postgres-connection-lost', 'server closed the connection unexpectedly'],
  ['postgres-connection-lost', '\tThis probably means the server terminated abnormally'],
  ['dbeaver-sql-error', 'SQL Error [XX000]: ERROR: cannot create ivfflat index on column with no dimensions'],
  [
    'clickhouse-fatal',
    '2020.03.26 11:43:48.341100 [ 224 ] {} <Fatal> BaseDaemon: ########################################',
  ],
  ['duckdb-error', 'INTERNAL Error: Failed to create checkpoint'],
  [
    'env-logger-error',
    '[2024-04-18T08:01:19Z ERROR vectors::bgworker] Panickied. Info: PanicInfo { payload: Any { .. } }',
  ],
  // The kernel's lines for a process it stopped (royshil/obs-backgroundremoval, apache/arrow), also quoted.
  [
    'kernel-segfault',
    'Same. `obs[42954] general protection fault ip:7f8914256efb sp:7f88e2b013c0 error:0 in libonnxruntime.so.1.10.0[7f89138d5000+b10000]`.',
  ],
  [
    'kernel-trap-invalid-opcode',
    'Dec 3 17:01:08 server kernel: [617405.716600] traps: freqtrade[584823] trap invalid opcode ip:7f848859ae22 sp:7ffee55e2750 error:0 in libarrow.so.1000[7f84884a2000+189e000]',
  ],
  // OBS's crash report, Krita AI Diffusion's server error and c10's failed check (locaal-ai/obs-localvocal, Acly/krita-ai-diffusion).
  ['obs-crash-report', 'Unhandled exception: c000001d'],
  [
    'server-execution-error',
    'Server execution error: CUDA error: no kernel image is available for execution on the device',
  ],
  [
    'c10-enforce-fail',
    '[enforce fail at alloc_cpu.cpp:116] data. DefaultCPUAllocator: not enough memory: you tried to allocate 19850489856 bytes.',
  ],
  // Java's uncaught exception and its cause, and Spark's failed job (tensorflow/java, eclipse/deeplearning4j, NVIDIA/spark-rapids).
  [
    'java-uncaught',
    'Exception in thread "main" org.tensorflow.exceptions.TFFailedPreconditionException: Could not find variable',
  ],
  ['java-caused-by', 'Caused by: java.lang.UnsatisfiedLinkError: no jnind4jcuda in java.library.path'],
  [
    'java-caused-by-quoted',
    'I am still getting "Caused by: java.lang.RuntimeException: org.nd4j.linalg.factory.Nd4jBackend$NoAvailableBackendException: Please ensure that you have an nd4j backend on your classpath."',
  ],
  [
    'spark-stage-failure',
    'Job aborted due to stage failure: Task 33 in stage 1303.0 failed 4 times, most recent failure: Lost task 33.3 in stage 1303.0 (TID 37289)',
  ],
  // .NET's exceptions (dotnet/TorchSharp, SciSharp/TensorFlow.NET, microsoft/onnxruntime) and Unity's frames (Unity-Technologies/barracuda-release).
  [
    'dotnet-exception',
    'System.AccessViolationException: Attempted to read or write protected memory. This is often an indication that other memory is corrupt.',
  ],
  [
    'dotnet-exception',
    "Unhandled exception. System.DllNotFoundException: Unable to load DLL 'LibTorchSharp' or one of its dependencies",
  ],
  ['visual-studio-exception', '  HResult=0x80004003'],
  [
    'onnxruntime-error-code',
    'we got an exception "[ErrorCode:Fail] CUDA execution provider is not enabled in this build" when we new an OrtCUDAProviderOptions',
  ],
  [
    'unity-frame',
    'Unity.Barracuda.ONNX.ONNXModelConverter.Err (Unity.Barracuda.Model model, System.String layerName, System.String message) (at Library/PackageCache/com.unity.barracuda@1.0.4/Barracuda/Runtime/ONNX/ONNXModelConverter.cs:1743)',
  ],
  [
    'unity-frame',
    'Google.Protobuf.UnknownFieldSet.MergeFieldFrom (Google.Protobuf.ParseContext& ctx) (at <f241bc9013e1492a90cb7ea9784513ec>:0)',
  ],
  [
    'unity-import-failed',
    'it is giving "Asset import failed, \'Assets/Model/lm_modelU_opt.onnx\'>OnnxImportException:Unknown type FusedConv encountered while parsing layer 293"',
  ],
  // R's errors (rstudio/keras, mlverse/torch, microsoft/LightGBM), in R's spacing and languages.
  ['r-error-call', 'Error in py_call_impl(callable, dots$args, dots$keywords) :'],
  ['r-error-call', 'Error in file(file, ifelse(append, "a", "w")) : '],
  ['r-error-call', 'Error in `check_supported_version()`:'],
  ['r-error-call', 'Erro em py_call_impl(callable, dots$args, dots$keywords) : '],
  ['r-reticulate-error', "#> Error: ModuleNotFoundError: No module named 'tensorflow'"],
  ['r-reticulate-error', 'Erro: Python module tensorflow.keras was not found.'],
  // R's handler for a fatal signal, its stars taken as markup or not (mlverse/torch).
  ['r-caught-signal', '   *** caught segfault ***'],
  ['r-caught-signal', ' *** caught illegal operation ***'],
  ['rstudio-session-died', 'R encountered a fatal error.'],
  // MATLAB's error and stack (MouseLand/Kilosort, vlfeat/matconvnet).
  ['matlab-error-line', 'Error using vl_compilenn>nvcc_compile (line 535)'],
  ['matlab-error-line', 'Error in dagnn.Conv/forward (line 11)'],
  // Loggers with the level in their own column (immich, Frigate, PhotoPrism).
  ['rich-log-error', '[01/05/24 04:12:47] ERROR    Exception in worker process                        '],
  [
    'padded-name-level-error',
    'frigate    | 2023-08-26 19:10:59.863483643  [2023-08-26 19:10:59] frigate.detectors.plugins.tensorrt ERROR   : 1: [stdArchiveReader.cpp::StdArchiveReader::32] Error Code 1: Serialization',
  ],
  [
    'nestjs-error',
    '[Nest] 7  - 12/06/2024, 2:12:41 PM   ERROR [Microservices:JobService] Unable to run job handler (smartSearch/smart-search): Error: Machine learning request failed',
  ],
  [
    'logfmt-error',
    'time="2020-11-29T21:37:41+01:00" level=fatal msg="can\'t create /photoprism/storage/sidecar: please check configuration and permissions"',
  ],
  ['shell-script-error', '/entrypoint.sh: line 104: audit.sh: command not found'],
  // Huanshere/VideoLingo#176, aws/amazon-sagemaker-examples#739, dihan/runpod-hunyuan#1.
  ['shell-script-error', '/opt/nvidia/nvidia_entrypoint.sh: line 67: exec: docker: not found'],
  ['exec-not-found', 'exec: "train": executable file not found in $PATH'],
  ['tini-fatal', '[FATAL tini (18)] exec /workspace/start.sh failed: No such file or directory'],
  // pytorch/xla#4896; glog's fatal level; TensorFlow's runtime's stack trace.
  [
    'fatal-log-line',
    '2023-04-17 19:35:38.550666: F    5184 tensorflow/compiler/xla/xla_client/xrt_computation_client.cc:1362] Non-OK-status: session.Run({tensorflow::Output(result, 0)}, &outputs) status: UNIMPLEMENTED',
  ],
  [
    'fatal-log-line',
    '2019-03-01 10:04:33.123456: F tensorflow/core/kernels/conv_ops.cc:712] Check failed: stream->parent()->GetConvolveAlgorithms()',
  ],
  [
    'fatal-log-line',
    'F0417 19:35:38.550666  5184 xrt_computation_client.cc:1362] Non-OK-status: status: UNIMPLEMENTED',
  ],
  ['tsl-stack-trace', '*** Begin stack trace ***'],
  // huggingface/transformers#31002: pytest's report of a test that raised.
  [
    'pytest-e-exception',
    "E               OSError: Can't load the configuration of 'bert-base-uncased'. If you were trying to load it from 'https://huggingface.co/models', make sure you don't have a local directory with the same name.",
  ],
  [
    'pytest-raised-at',
    '/opt/hostedtoolcache/Python/3.8.18/x64/lib/python3.8/site-packages/transformers/configuration_utils.py:710: OSError',
  ],
  // FlashML-org/FreeToken#246, inducer/pycuda#106 and #449, zju3dv/NeuralRecon#106, elda27/pydrr#1, cupy/cupy#4321.
  [
    'triton-out-of-resources',
    'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: 49152. Reducing block sizes or `num_stages` may help.',
  ],
  [
    'cuda-driver-call-failed',
    'It kept on giving me `cuMemAlloc failed: out of memory` errors, which never occurred before.',
  ],
  [
    'cuda-driver-call-failed',
    '(process_with_single_worker pid=) cuModuleUnload failed: initialization error',
  ],
  ['pycuda-cleanup-failed', 'PyCUDA WARNING: a clean-up operation failed (dead context maybe?)'],
  ['nvcc-compilation-failed', 'nvcc compilation of /tmp/tmpx_z62qn1/kernel.cu failed.'],
  [
    'nvcc-catastrophic-error',
    'CompileException: /usr/include/stdio.h(33): catastrophic error: cannot open source file "stddef.h"',
  ],
  [
    'nvcc-catastrophic-error',
    '1 catastrophic error detected in the compilation of "/tmp/tmpb1zfaij5/cb0672aa0e3905c228e6ea89fa123b1f_2.cubin.cu".',
  ],
  // PRONTOLab/GB-25#32, PRONTOLab's Reactant threads, CliMA/ClimateMachine.jl#393.
  ['julia-error', 'ERROR: Scalar indexing is disallowed.'],
  ['julia-error', 'ERROR: a exception was thrown during kernel execution.'],
  [
    'julia-scalar-indexing',
    'Invocation of getindex(::TracedRArray, ::Vararg{Int, N}) resulted in scalar indexing of a GPU array.',
  ],
  // meta-pytorch/torchrec#557, facebookresearch/dlrm#256.
  ['fbgemm-so-not-found', 'File fbgemm_gpu_py.so not found'],
  // rixwew/pytorch-fm#10: reStructuredText's double backticks.
  [
    'exception-got-quoted',
    'It threw out this error ``RuntimeError: CUDA error: device-side assert triggered``',
  ],
  // Nixtla/neuralforecast#1099: VS Code's notebook traceback, its frames linked.
  [
    'ipython-frame',
    'File [c:\\Users\\.venv\\lib\\site-packages\\neuralforecast\\common\\_base_model.py:357, in BaseModel._fit(self, dataset, batch_size)',
  ],
  // SalesforceAIResearch/uni2ts#94.
  [
    'hydra-call-to-target',
    "When I run the last step command, I get Error in call to target 'huggingface_hub.hub_mixin.ModelHubMixin.from_pretrained':",
  ],
  // k2-fsa/sherpa-onnx#958: a tombstone through Android Studio's Logcat columns; alphacep/vosk-api#272: Vosk's failed assertion.
  [
    'logcat-columns-error',
    '2024-09-09 11:39:22.069  9575-9575  DEBUG                   pid-9575                             A  signal 6 (SIGABRT), code -1 (SI_QUEUE), fault addr --------',
  ],
  [
    'kaldi-error',
    'ASSERTION_FAILED (VoskAPI:UpdateStatsUntilFrameWeighted():online-ivector-feature.cc:285) Assertion failed: (frame >= 0 && frame < this->NumFramesReady())',
  ],
  // InternLM/lmdeploy#3557 and #3280, OpenBMB/MiniCPM-V#960, cvat-ai/cvat#5366, wkentaro/labelme#1581.
  [
    'turbomind-fatal',
    '[TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/core/allocator.cc:49',
  ],
  [
    'python-logging-dashes-error',
    '[Bug] lmdeploy部署大模型报错  2025-03-19 04:28:52,017 - lmdeploy - ERROR - async_engine.py:777 - session 85 finished, reason "error"',
  ],
  ['segfault-zh', '段错误'],
  ['segfault-zh', '段错误 (核心已转储)'],
  [
    'nuclio-logger-error',
    '22.12.04 09:45:41.160                     nuctl (E) Failed to deploy function {"err": "Failed create runtime"}',
  ],
  [
    'loguru-traceback',
    '2025-04-23 21:46:15.923 | DEBUG    | __main__:write:23 - Traceback (most recent call last):',
  ],
  // MicrosoftDocs/windows-ai-docs#14, microsoft/Windows-Machine-Learning#279, doughtmw/HoloLens2-Machine-Learning#1,
  // microsoft/onnxruntime#6457, microsoft/DirectML#328.
  [
    'vs-exception-thrown',
    'Exception thrown at 0x76B83442 in test1.exe: Microsoft C++ exception: winrt::hresult_error at memory location 0x005BF2A4.',
  ],
  [
    'vs-exception-thrown-zh',
    '0x750D2CD2 处(位于 SqueezeNetObjectDetectionCPP.exe 中)引发的异常: Microsoft C++ 异常: winrt::hresult_error，位于内存位置 0x00F3EC60 处。',
  ],
  [
    'winrt-originate-error',
    'Exception thrown at 0x00007FF943D345FC (KernelBase.dll) in HoloLens-2-Machine-Learning.exe: WinRT originate error - 0x80070057',
  ],
  [
    'wil-failure',
    'D:\\3\\s\\onnxruntime\\core\\providers\\dml\\DmlExecutionProvider\\src\\FusedGraphKernel.cpp(64)\\onnxruntime.dll!00007FF806AF4FBD: (caller: 00007FF806AF4578) Exception(1)',
  ],
  [
    'check-failed',
    'CHECK failed: ((((HRESULT)((backend_->dml_device->CreateOperator(&op_desc_, __uuidof(**(&op)), IID_PPV_ARGS_Helper(&op))))) >= 0)) == (true)',
  ],
  // HimaxWiseEyePlus/himax_tflm#18, tensorflow/tensorflow#35794, pytorch/pytorch#109312, ray-project/ray#30333.
  [
    'tflm-arena-too-small',
    'Arena size is too small for all buffers. Needed 212064 but only 191120 was available.',
  ],
  ['tflm-allocate-failed', 'AllocateTensors() failed'],
  ['mbed-fault-handler', '++ MbedOS Fault Handler ++'],
  ['lldb-stop-reason', "* thread #1, name = 'python3', stop reason = signal SIGILL: illegal instruction"],
  [
    'ray-logger-error',
    '2022-11-15 19:26:36,618\tERROR tune.py:773 -- Trials did not complete: [TorchTrainer_96bfe_00000]',
  ],
  // root-project/root#10102, luiscarlosgph/videosum#43, NVIDIA/nvImageCodec#30.
  [
    'root-error-message',
    'Error in <TFile::ReadBuffer>: error reading all requested bytes from file Run2012B_SingleMu10x_1.root, got 272 of 300',
  ],
  [
    'ffmpeg-device-setup-failed',
    '`Device setup failed for decoder on input stream #0:0 : Cannot allocate memory`.',
  ],
  [
    'bracketed-error-level',
    '[ERROR] [nvjpeg_cuda_encoder] Could not encode jpeg code stream - nvjpeg error #8 (internal error)',
  ],
  // pycaret/pycaret#295.
  [
    'kaggle-notebook-restarted',
    "I am getting the following error 'Your notebook tried to allocate more memory than is available. It has restarted.' multiple times in a kaggle notebook",
  ],
  [
    'shell-script-error',
    './scripts/99-run.sh: /./00-banner.sh: /usr/bin/with-contenv: bad interpreter: No such file or directory',
  ],
  // OpenCV's C++ error and terminate handler (opencv/opencv#21252).
  ['opencv-error', 'OpenCV: terminate handler is called! The last OpenCV error is:'],
  [
    'opencv-error',
    'OpenCV(4.3.0) Error: The function/feature is not implemented (The called functionality is disabled for current build or platform) in throw_no_cuda, file C:\\opencv-4.3.0\\modules\\core\\include\\opencv2/core/private.cuda.hpp, line 115',
  ],
  // A GStreamer pipeline OpenCV could not start (opencv/opencv#17391), and OpenCV's error level.
  [
    'opencv-log-failure',
    '[ WARN:0] global /opencv/modules/videoio/src/cap_gstreamer.cpp (888) open OpenCV | GStreamer warning: unable to start pipeline',
  ],
  [
    'opencv-log-failure',
    '[ERROR:0@0.071] global cap_ffmpeg_impl.hpp:1268 open VIDEOIO/FFMPEG: Failed to initialize VideoCapture',
  ],
  // A Hugging Face Space's page (mhrice/RemFx#47; KyanChen/RSPrompter#19 quotes it in a sentence).
  ['space-memory-limit', 'Memory limit exceeded (16Gi)'],
  ['space-memory-limit', 'The app shows "Runtime error Memory limit exceeded (16Gi)"'],
  ['zerogpu-worker-error', 'ZeroGPU worker error'],
  // The assertion pasted in code marks, its own backtick taken by the markup (NVIDIA-AI-IOT/torch2trt#371).
  [
    'glibc-assert-cxx',
    '`loadtrt: engine.cpp:868: bool nvinfer1::rt::Engine::deserialize(const void*, std::size_t, nvinfer1::IGpuAllocator&, nvinfer1::IPluginFactory*): Assertion size >= bsize && "Mismatch between allocated memory size and expected size of serialized engine."\' failed.`',
  ],
  // An exception quoted as what a command gave (modal-labs/modal-examples#569).
  [
    'exception-got-quoted',
    '`modal run dreambooth_app.py` generates     "ValueError: Could not find the operator torchvision::nms. Please make sure you have already registered the operator"',
  ],
  // Older ComfyUI's header over a failed node's error (kijai/ComfyUI-Florence2).
  ['comfyui-node-error', 'Error occurred when executing DownloadAndLoadFlorence2Model:'],
  // vLLM's logger over a traceback's indented frame.
  [
    'vllm-logger-error',
    'ERROR 02-23 18:00:53 engine.py:400]   File "/home/u/envs/x/lib/python3.11/site-packages/vllm/engine/llm_engine.py", line 273, in __init__',
  ],
  // guinmoon/LLMFarm issue 62
  ['macos-exc-bad-access', 'Thread 16: EXC_BAD_ACCESS (code=2, address=0x16b5a7c40)'],
  // ggml-org/whisper.cpp pull 1602 and pytorch/pytorch issue 96153
  [
    'metal-failed-assertion',
    'it compiles then crashes with a console error "validateComputeFunctionArguments:1056: failed assertion `Compute Function(kernel_soft_max_4): missing buffer binding at index 1 for src1[0].\'".',
  ],
  // ggml-org/whisper.cpp issue 2556
  [
    'macos-assert',
    'Assertion failed: (ctx != NULL), function ggml_backend_metal_device_acq, file ggml-metal.m, line 53.',
  ],
  // ggml-org/whisper.cpp issue 2278
  [
    'ggml-error-line',
    "whisper_init_state: failed to load Core ML model from 'models/ggml-distil-large-v3-encoder.mlmodelc'",
  ],
  // ml-explore/mlx-swift issue 269 and ml-explore/mlx-lm issue 697
  [
    'mlx-error',
    '> MLX error: float64 is not supported on the GPU at /Users/u/mlx-swift/Source/Cmlx/mlx-c/mlx/c/ops.cpp:643',
  ],
  ['mlx-metal-device-error', 'RuntimeError: [metal::Device] Unable to build metal library from source'],
  // apple/coremltools issue 2247
  [
    'coreml-e5rt-espresso',
    'E5RT encountered an STL exception. msg = MILCompilerForANE error: failed to compile ANE model using ANEF.',
  ],
  // docker/for-win issue 10524
  [
    'docker-daemon-error',
    '> docker: Error response from daemon: OCI runtime create failed: container_linux.go:370: starting container process caused: exec: "nvidia-smi": executable file not found in $PATH: unknown.',
  ],
  // a GIE thread: PyTorch's note under a CUDA error
  [
    'cuda-async-note',
    'CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might be incorrect.',
  ],
  // triton-inference-server/server issue 3916
  ['signal-received', 'Signal (11) received.'],
  // triton-inference-server/server issue 3646: abrt's report of the kernel's oops
  [
    'kernel-oops',
    '  reason:         BUG: unable to handle kernel NULL pointer dereference at 0000000000000170',
  ],
  // NVIDIA-AI-IOT/deepstream_triton_model_deploy issue 4: deepstream-app's own error line
  ['deepstream-error', "** ERROR: <create_primary_gie_bin:120>: Failed to create 'primary_gie'"],
  // google-coral/edgetpu issue 718
  ['tflite-node-failed', 'ERROR: Node number 13 (FlexSplitV) failed to prepare.'],
  // google-coral/edgetpu issue 358
  ['edgetpu-compiler-error', 'Internal compiler error. Aborting! '],
  // UsingNet/nvjpeg-python issue 13
  ['jetson-nvrm-failed', 'NvRmMemInitNvmap failed with No such file or directory'],
  // aws/sagemaker-python-sdk issue 2801: a row of Triton's model table
  [
    'triton-model-unavailable',
    "| pre_multi_skin         | 1       | UNAVAILABLE: Internal: Unable to initialize shared memory key '/pre_multi_skin_GPU_0' to requested size (67108864 bytes).",
  ],
  // triton-inference-server/tensorrtllm_backend issue 33
  [
    'trtllm-error',
    '[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp (/app/tensorrt_llm/cpp/tensorrt_llm/runtime/worldConfig.cpp:80)',
  ],
  // ray-project/ray issues 57039 and 54739
  [
    'ray-remote-call',
    'original exception: [36mray::ServeReplica:app:LLMServer:qwen3.handle_request_with_rejection()[39m (pid=5538, ip=10.233.99.205, actor_id=5b20e74175c4190120a9508401000000)',
  ],
  [
    'ray-actor-died',
    'ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task, ray::_EngineBackgroundProcess.__init__() (pid=5555, ip=10.0.156.65)',
  ],
  // openvinotoolkit/openvino issue 13592: told in the writer's sentence
  [
    'loader-cannot-open',
    'However when I tried to import inference_engine from openvino it yields `ie_api.so: cannot open shared object file: No such file or directory` although the file is there.',
  ],
  // huggingface/optimum pull 1331
  [
    'onnx-export-unsupported',
    "torch.onnx.errors.UnsupportedOperatorError: Exporting the operator 'aten::tril' to ONNX opset version 13 is not supported.",
  ],
  // open-edge-platform/geti issue 210
  [
    'ort-no-op-registered',
    'But when i use onnxruntime to load a model, I got an error "Error in Node: : No Op registered for FakeQuantize with domain_version of 9"',
  ],
  // google-coral/pycoral issue 108
  ['tflite-delegate-failed', 'ValueError: Failed to load delegate from libedgetpu.so.1'],
  // NVIDIA/nim-deploy issue 92: a JSON log line's exc_info
  [
    'escaped-traceback',
    '{"level": "ERROR", "message": "", "exc_info": "Traceback (most recent call last):\\n  File \\"/usr/lib/python3.10/runpy.py\\", line 196, in _run_module_as_main\\n    return _run_code(code, main_globals, None,"}',
  ],
  // leggedrobotics/legged_gym issue 46 and isaac-sim/IsaacLab issue 1199: PhysX's error report
  [
    'physx-error',
    '/buildAgent/work/99bede84aa0a52c2/source/foundation/FdFoundation.cpp (166) : invalid operation : Foundation object exists already. Only one instance per process can be created.',
  ],
  // isaac-sim/IsaacGymEnvs issue 256
  [
    'physx-gpu-alloc-failed',
    '2025-03-15T15:07:10Z [job] PxgCudaDeviceMemoryAllocator fail to allocate memory 100663296 bytes!! Result = 2 ',
  ],
  // naumix/BiggerRegularizedCategorical issue 1 and openai/gym issue 3003
  [
    'mujoco-unstable',
    'W0914 04:08:05.226161 140558028089152 core.py:64] Nan, Inf or huge value in QACC at DOF 80. The simulation is unstable. Time = 1.0900.',
  ],
  ['mujoco-opengl-error', 'WARNING: OpenGL error 0x502 in or before mjr_makeContext'],
  // Unity-Technologies/ml-agents issue 6091
  ['bracketed-error-level', '[ERROR] UnityEnvironment worker 0: environment raised an unexpected exception.'],
  // qiancheng0/ToolRL issue 26
  [
    'hydra-job-failed',
    "Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'data.train_batch_size=8']",
  ],
  // RLinf/RLinf issue 227
  [
    'ray-worker-dead',
    '(raylet) [2025-10-31 17:08:05,490 E 24507 24507] (raylet) worker_pool.cc:586: Some workers of the worker process(26154) have not registered within the timeout. The process is dead, probably it crashed during start.',
  ],
  // OpenRLHF/OpenRLHF issue 621
  [
    'mlx5-completion-error',
    '(LLMRayActor pid=90738, ip=172.19.24.110) mlx5: host_unknown: got completion with error:',
  ],
  // mudler/LocalAI issue 3114, behind a container_name's tag
  ['go-panic', 'panic: runtime error: invalid memory address or nil pointer dereference'],
  ['go-panic', 'Shared_LocalAI  | [signal SIGSEGV: segmentation violation code=0x1 addr=0x30 pc=0x1413457]'],
  // ollama/ollama issue 9685
  [
    'go-slog-error',
    'time=2025-03-12T12:14:22.015Z level=ERROR source=sched.go:456 msg="error loading llama server" error="llama runner process has terminated: signal: killed"',
  ],
  // lmstudio-ai/lmstudio-bug-tracker issue 1300 and janhq/jan issue 8476
  ['macos-crash-header', 'Code Type:             ARM-64 (Native)'],
  [
    'dyld-not-loaded',
    '[llamacpp-router] dyld[61912]: Library not loaded: /usr/local/opt/openssl@3/lib/libssl.3.dylib',
  ],
  // tkestack/gpu-manager issue 24 and volcano-sh/volcano issue 2907
  [
    'k8s-warning-event',
    'Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are available: 2 ExceedsGPUQuota.',
  ],
  // kubernetes/kubernetes issue 96519
  [
    'k8s-device-allocate-failed',
    '        s: "pod \\"nvidia-gpu-1323\\" failed with reason: \\"UnexpectedAdmissionError\\", message: \\"Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected\\"",',
  ],
  // cal-itp/data-infra issue 956: the kubelet's node event, as GKE's log holds it
  ['k8s-system-oom', '    "message": "System OOM encountered, victim process: python, pid: 585821",'],
  // NVIDIA/nvidia-container-toolkit issue 1269
  [
    'nvidia-container-cli-error',
    'I run `nvidia-container-cli info` and it returns `nvidia-container-cli: initialization error: nvml error: driver not loaded`',
  ],
  // kubeflow/trainer issue 1158
  [
    'tf-non-ok-status',
    '```Non-OK-status: GpuLaunchKernel (FillPhiloxRandomKernelLaunch <Distribution>, num_blocks, block_size, 0, d.stream (), gen, data, size, dist) status: Internal: out of memory```',
  ],
  // aws/amazon-sagemaker-examples issue 3089
  [
    'botocore-client-error',
    'ModelError: An error occurred (ModelError) when calling the InvokeEndpoint operation: Received server error (0) from model with message "Amazon SageMaker could not get a response from the RCF-container2 endpoint."',
  ],
  // ORNL/HeCBench issue 112 and llnl/Quicksilver issue 48
  ['compute-sanitizer', '========= Invalid __global__ read of size 4 bytes'],
  ['compute-sanitizer', '  ========= ERROR SUMMARY: 1 error'],
  // ComputationalRadiationPhysics/picongpu issue 4694 and BruceCanovas/supersurfel_fusion issue 1
  [
    'ptxas-error',
    "ptxas error   : Entry function '_ZN6alpaka6detail9gpuKernelIN5pmacc8lockstep4execE' uses too much shared data",
  ],
  ['ptxas-error', 'ptxas error : Entry function uses too much shared data'],
  // MCG-NJU/SparseOcc issue 16
  ['compiler-killed', 'gcc: fatal error: Killed signal terminated program cc1plus compilation terminated.'],
  // NVIDIA/cudf-spark issue 1576
  [
    'jvm-fatal-error',
    'C  [cudf_io5390148209696334138.so+0x170830]  cudf::io::detail::parquet::reader::impl::decode_page_data(hostdevice_vector<cudf::io::parquet::gpu::ColumnChunkDesc>&)+0x4b0',
  ],
  ['jvm-fatal-error', '# SIGSEGV (0xb) at pc=0x00007f3c2c1e0830, pid=12345, tid=0x00007f3b5d7fe700'],
  // alphacep/vosk-api issue 148
  [
    'vosk-error',
    "ERROR (VoskAPI:KaldiRecognizer():build-libkaldiwrap/kaldi_recognizer.cc:82) Can't create decoding graph.",
  ],
  // k2-fsa/k2 issue 934
  [
    'k2-fatal',
    '**[F] /export/c07/draj/k2/k2/csrc/ragged.cu:116:k2::Array1<int>& k2::RaggedShape::RowIds(int32_t) Check failed: axis < NumAxes() (1 vs. -472640871)**',
  ],
  // abgulati/LARS issue 1
  [
    'cmake-error',
    'CMake Error at C:/Program Files/CMake/share/cmake-3.30/Modules/CMakeTestCUDACompiler.cmake:59 (message):',
  ],
  // ggml-org/llama.cpp issue 9376
  ['nvcc-errors-detected', '1 error detected in the compilation of "llama.cpp/ggml/src/ggml-cuda/sum.cu".'],
  // invoke-ai/InvokeAI issue 1845
  ['cmd-not-recognized', "'conda' is not recognized as an internal or external command,"],
  // microsoft/tensorflow-directml-plugin issue 359
  [
    'hresult-failed',
    'F tensorflow/c/logging.cc:43] HRESULT failed with 0x887a0001: dml_device_->GetDeviceRemovedReason()',
  ],
  // vladmandic/sdnext issue 1526 and ggml-org/ggml issue 1072
  [
    'sycl-native-api-failed',
    '23:58:13-803766 ERROR    Exception: Native API failed. Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES) -5',
  ],
  ['sycl-native-api-failed', 'Native API failed. Native API returns: 40 (UR_RESULT_ERROR_OUT_OF_RESOURCES)'],
  // immich-app/immich issue 13674 and openvinotoolkit/openvino issue 25141
  ['openvino-gpu-resources', '[GPU] out of GPU resources'],
  [
    'openvino-gpu-resources',
    '"Due to the driver bug any subsequent OpenCL API call will cause application hang, so GPU plugin can\'t finish correctly."',
  ],
  [
    'ort-error-log',
    '2024-10-22 11:55:32.645913931 [E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel] Non-zero status code returned while running OpenVINO-EP-subgraph_2 node.',
  ],
  // HabanaAI/hccl_demo issue 44
  [
    'synapse-error',
    'HCCL demo error: In function initDevice(): synDeviceAcquire(&resources.deviceHandle, nullptr) failed with synapse error: 20',
  ],
  // allenai/OLMo issue 552
  [
    'bracketed-logger-error',
    '[2024-04-18 19:10:41] CRITICAL [olmo.util:158, rank=0] Uncaught OLMoThreadError: generator thread data thread 3 failed',
  ],
  // Lightning-AI/litgpt issue 1797
  [
    'argparse-error',
    "error: argument subcommand: invalid choice: 'finetune_lora' (choose from 'download', 'chat', 'finetune')",
  ],
  // huggingface/trl issue 1829
  ['elastic-script-failed', '`/trl/trl/commands/scripts/sft.py FAILED`'],
  // InternLM/xtuner issue 734
  [
    'xtuner-command-error',
    "05/30 17:18:49 - mmengine - WARNING - WARNING: command error: 'cannot import name 'packaging' from 'pkg_resources''!",
  ],
  // mani-skill/ManiSkill issue 1102
  [
    'spdlog-error',
    '[2025-05-30 10:34:42.052] [SAPIEN] [critical] Contact buffer overflow detected, please increase its size to at least 217068 in the scene desc!',
  ],
  // TimDettmers/bitsandbytes issue 332
  ['bnb-cuda-setup', 'CUDA SETUP: WARNING! libcuda.so not found! Do you have a CUDA driver installed?'],
  // valeoai/ConfidNet issue 12
  [
    'jupyter-kernel-for',
    'The kernel for ConfidNet/confidnet/notebook/success_errors_histogram.ipynb appears to have died. It will restart automatically',
  ],
  // THUDM/ChatGLM-6B issue 2
  ['torchscript-traceback', 'Traceback of TorchScript (most recent call last):'],
  ['torchscript-traceback', 'RuntimeError: The following operation failed in the TorchScript interpreter.'],
  // TTRL issue 12
  [
    'ray-task-error',
    'ray.exceptions.RayTaskError(RuntimeError): ray::WorkerDict.actor_rollout_generate_sequences() (pid=1033325, ip=10.141.3.2, actor_id=2043fdf32e4922deaa07336301000000)',
  ],
  // vllm-project/vllm#5477, its colour codes' escapes lost when copied from a web page
  [
    'vllm-logger-error',
    '\ufffd[36m(RayWorkerWrapper pid=4183, ip=10.3.32.122)\ufffd[0m ERROR 06-03 23:13:39 worker_base.py:148] Error executing method start_worker_execution_loop. This might cause deadlock in distributed execution.',
  ],
  // huggingface/trl#2718
  [
    'exception-after-error-word',
    "I have a similar problem: AttributeError: 'AutoModelForCausalLMWithValueHead' object has no attribute 'generation_config'. Have you solved it?",
  ],
  // QwenLM/Qwen3-Coder issue 228
  [
    'python-frame-told',
    '  File "/home/wang/anaconda3/envs/python311/lib/python3.11/site-packages/torch/optim/adamw.py", line 606, in _multi_tensor_adamw',
  ],
  // a Faster R-CNN tutorial's thread: a traceback pasted with its newlines lost
  [
    'frames-run-on',
    '  File "/opt/conda/lib/python3.10/site-packages/albumentations/core/bbox_utils.py", line 405, in convert_bboxes_to_albumentations     return [convert_bbox_to_albumentations(bbox) for bbox in bboxes]   File "/opt/conda/lib/python3.10/site-packages/albumentations/core/bbox_utils.py", line 405, in <listcomp>     return [x]',
  ],
  [
    'frame-then-exception-run-on',
    'File "/opt/conda/lib/python3.10/site-packages/albumentations/core/bbox_utils.py", line 432, in check_bbox     raise ValueError(f"Expected {name} for bbox") ValueError: Expected x_min for bbox to be in the range [0.0, 1.0], got -0.0015625000232830644.',
  ],
  // pytorch/vision#2915
  ['torchscript-unknown-op', 'Unknown builtin op: torchvision::nms.'],
  // marcoslucianops/DeepStream-Yolo#164 (retyped)
  ['core-dumped-line', 'Invalid instruction (Core dumped)'],
  // bigscience-workshop/Megatron-DeepSpeed#400
  [
    'exception-got-quoted',
    'I got an `AssertionError: Mask is silently ignored due to the use of a custom kernel` when training GPT-2 with `examples/pretrain_gpt.sh`.',
  ],
  // jingyaogong/minimind#115 (a full-width colon)
  [
    'exception-after-error-word',
    'Error： RuntimeError: use_libuv was requested but PyTorch was build without libuv support',
  ],
  // microsoft/onnxruntime#20566
  [
    'ntstatus-pair-told',
    'I receive the error -1073740791 (0xC0000409) whenever I try to test the onnxruntime object detection',
  ],
  // triton-inference-server/server#3688
  [
    'triton-creating-server-quoted',
    'the server closes and print "error: creating server: Internal - failed to load all models" in the end.',
  ],
  // LostRuins/koboldcpp#1362 (syslog)
  [
    'kernel-segfault',
    'Mar  7 09:36:48 tuxaio kernel: [57889.986583] koboldcpp[96830]: segfault at 215003fcc ip 00007f78774f9c97 sp 00007f69217f67f0 error 4 in libcuda.so.570.86.15',
  ],
  // jax-ml/jax#15628 and #17399
  [
    'xla-replica-failed',
    '2023-04-16 15:44:18.280050: E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2432] Execution of replica 1 failed: INTERNAL: Failed to execute XLA Runtime executable',
  ],
  [
    'xla-status-error',
    'INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error',
  ],
  ['xla-intercepted', 'W external/xla/xla/service/gpu/runtime/support.cc:58] Intercepted XLA runtime error:'],
  // ggml-org/llama.cpp#21724
  [
    'radv-context-lost',
    '[38593] radv/amdgpu: The CS has been cancelled because the context is lost. This context is innocent.',
  ],
  // oobabooga/text-generation-webui#3803
  [
    'exception-after-error-word',
    "When try to load the model in the UI, getting error: AttributeError: 'LlamaCppModel' object has no attribute 'model'",
  ],
  // Mozilla-Ocho/llamafile#273
  [
    'fatal-error-quoted',
    'When I specify --gpu nvidia, I get "fatal error: support for --gpu nvidia was explicitly requested, but it wasn\'t available".',
  ],
  // d8ahazard/sd_dreambooth_extension#1079
  [
    'unexpected-keyword',
    "Exception initializing accelerator: Accelerator.__init__() got an unexpected keyword argument 'project_dir'",
  ],
  // google-ai-edge/mediapipe#2963, huggingface/transformers.js#214, ngxson/wllama#241: WebAssembly runtimes' aborts.
  ['emscripten-abort', 'RuntimeError: abort(undefined) at Error'],
  ['emscripten-abort', 'RuntimeError: Aborted(native code called abort())'],
  ['emscripten-abort', 'Aborted()'],
  [
    'ggml-assert-wrapped',
    'GGML_ASSERT(ctx->webgpu_global_ctx->adapter.HasFeature(wgpu::FeatureName::ShaderF16)) failed',
  ],
  // microsoft/onnxruntime#15719, transformers.js#410: the console's uncaught error, after its place too.
  ['js-uncaught', "Uncaught (in promise) TypeError: Cannot read properties of undefined (reading 'apply')"],
  ['js-uncaught', "](env.js:60 Uncaught TypeError: Cannot read properties of undefined (reading 'wasm'))"],
  // microsoft/webnn-developer-preview#69, mlc-ai/web-llm#37, #22, #517: the browser's own failures.
  [
    'dom-failed-to-execute',
    "`Failed to execute 'dispatch' on 'MLContext': Invalid inputs: The context of MLGraph doesn't match`",
  ],
  [
    'chromium-error-log',
    '[664695:1:0418/134935.864585:ERROR:gpu_device.cc(253)] GPUDevice: [Invalid CommandBuffer] is invalid.',
  ],
  [
    'd3d-device-removed',
    'OperationError: D3D12 create command queue failed with DXGI_ERROR_DEVICE_REMOVED (0x887A0005) at CheckHRESULTImpl',
  ],
  ['webgl-context-lost', 'WebGL: CONTEXT_LOST_WEBGL: loseContext: context lost'],
  [
    'webllm-device-lost',
    'Device was lost during reload. This can happen due to insufficient memory or other GPU constraints.',
  ],
  // transformers.js#732, hans00/react-native-transformers-example#15, tensorflow/tfjs#6670.
  ['ort-call-failed', 'Error transcribing audio: Error: failed to call OrtRun(). error code = 6.'],
  [
    'android-alloc-failed',
    'Could not invoke Onnxruntime.run. Failed to allocate a 54000015 byte allocation with 25165824 free bytes and 41MB until OOM',
  ],
  ['npm-error', 'npm ERR! command failed'],
  ['npm-error', 'npm error code 1'],
  // sokrypton/ColabFold#532, YoshitakaMo/localcolabfold#209, jwohlwend/boltz#575, bowang-lab/scGPT#69.
  [
    'jaxlib-operation-failed',
    'INTERNAL: CustomCall failed: jaxlib/gpu/prng_kernels.cc:33: operation gpuGetLastError() failed: cudaGetErrorString symbol not found.',
  ],
  ['colabfold-not-enough-memory', 'Not Enough GPU memory? INTERNAL: RET_CHECK failure (ex'],
  ['colabfold-no-gpu', '`WARNING: no GPU detected, will be using CPU`'],
  [
    'oom-skipping-batch',
    'Predicting DataLoader 0:   0%|   | 0/1 [00:00<?, ?it/s]| WARNING: ran out of memory, skipping batch',
  ],
  [
    'ipython-frame',
    'File ~/GitHub/scGPT/tutorials/../scgpt/model/model.py:109, in TransformerModel.__init__(self, ntoken, d_model)',
  ],
  // held72b's threads: GoogleCloudPlatform/vertex-ai-samples#1898, kubeflow/pipelines#5663, aws/sagemaker-python-sdk#362,
  // ansible-collections/azure#2209, apache/airflow#56693.
  [
    'vertex-replica-exited',
    'message: "The replica workerpool0-0 exited with a non-zero status of 128. Termination reason: StartError. \\n Termination',
  ],
  [
    'daemon-error-told',
    'This step is in Error state with this message: failed to save outputs: Error response from daemon: No such container: b715c336e667',
  ],
  [
    'flask-error-in',
    "All I get from the cloud watch logs though is this: `ERROR in serving: 'AssertionError' object has no attribute 'message'`.",
  ],
  [
    'api-error-json',
    '"code":"ClusterMinNodesExceedCoreQuota","message":"The specified subscription has a Standard DSv2 family vCPU quota of 6"',
  ],
  ['airflow-error-line', '[2025-10-15, 09:48:22] ERROR - Task failed with exception: source="task"'],
  [
    'airflow-logger-error',
    '[2021-05-18 13:07:09,123] {taskinstance.py:1455} ERROR - Task failed with exception',
  ],
  // OpenTalker/video-retalking#61, cardenluo/ComfyUI-Apt_Preset#8.
  ['shell-not-found', '/bin/sh: 1: ffmpeg: not found'],
  ['shell-not-found', 'bash: line 1: nvcc: command not found'],
  ['apt-unable-to-locate', 'E: Unable to locate package ffmpeg'],
  [
    'tagged-error-line',
    "[AnimateDiffEvo] - ERROR - No motion models found. Please download one and place in: ['E:\\ComfyUI\\models']",
  ],
  // Corpus misses read later: google-research/timesfm#41, an IPython traceback that lost its newlines
  // (held61b), huggingface/transformers.js#937, abhigyanpatwari/GitNexus#288, tori29umai0123/ComfyUI-FramePackWrapper_PlusOne#4.
  ['python-logging-error', 'ERROR:absl:For checkpoint version > 1.0, we require users to provide'],
  [
    'ipython-traceback',
    '--------------------------------------------------------------------------- TypeError Traceback (most recent call last) Cell In[10], line 1',
  ],
  [
    'chromium-error-log',
    'showing the following error:[25268:0919/170604.315:ERROR:crashpad_client_win.cc(868)] not connected',
  ],
  [
    'ort-source-path',
    'Error: /onnxruntime_src/onnxruntime/core/session/provider_bridge_ort.cc:1695 onnxruntime::Provider& onnxruntime::Proy',
  ],
  [
    'torch-oom-class',
    'the new version crashes directly during the Load FramePackModel step。torch.OutOfMemoryError',
  ],
  // held73b's threads: zylon-ai/private-gpt#853, ollama/ollama#10411, lunamidori5/Midori-AI#18, crewAIInc/crewAI#3609,
  // crewAIInc/crewAI-tools#7, langflow-ai/langflow#687, PromtEngineer/localGPT#438.
  ['ggml-assert', 'LLAMA_ASSERT: C:\\Users\\x\\vendor\\llama.cpp\\llama.cpp:875: false'],
  ['ggml-assert-told', 'it immediately raises an error `GGML_ASSERT(talloc->buffer_id >= 0) failed`'],
  [
    'bracketed-level-after-logger',
    '[2024-05-22 13:32:07,032] [forge.sdk.routes.agent_protocol] [ERROR]     ❌  Error whilst trying to execute a task step',
  ],
  [
    'error-module-exception',
    'Error: litellm.APIConnectionError: OllamaException - [Errno 65] No route to host',
  ],
  [
    'crewai-tool-error',
    '"**_It seems we encountered an unexpected error while trying to use the tool. This was the error: \'OPENAI_API_KEY\'_**"',
  ],
  [
    'pydantic-validation-count',
    'getting the error message as "Error building node LlamaCpp: 1 validation error for LlamaCpp',
  ],
  [
    'ggml-context-pool',
    "`ggml_new_object: not enough space in the context's memory pool (needed 18503312, available 10650320)`",
  ],
  // held74a's threads: openai/guided-diffusion#88, NVlabs/stylegan2-ada-pytorch#37.
  ['mpi-init-error', '*** An error occurred in MPI_Init_thread'],
  [
    'pmix-error',
    '[hticimage-pc:3252493] PMIX ERROR: OUT-OF-RESOURCE in file ../../../src/server/pmix_server.c at line 3408',
  ],
  ['stylegan-plugin-failed', 'Setting up PyTorch plugin "upfirdn2d_plugin"... Failed!'],
  // held74b's threads: microsoft/onnxruntime#11488, #5260, pytorch/pytorch#31589, google-ai-edge/mediapipe#6083,
  // tensorflow/tensorflow#56545, asus4/tf-lite-unity-sample#280, mlc-ai/mlc-llm#112.
  [
    'logcat-brief-error',
    'E/onnxruntime:  [E:onnxruntime:, inference_session.cc:1587 operator()] Exception during initialization',
  ],
  [
    'logcat-studio-error',
    '13268-13268/com.play.onnxruntime E/OperationsUtils: NN_RET_CHECK failed (frameworks/ml/nn/common/OperationsUtils.cpp:111)',
  ],
  [
    'logcat-threadtime-error',
    '01-05 02:52:50.746 28769 28769 F DEBUG   : signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0',
  ],
  ['android-fatal-exception', 'E AndroidRuntime: FATAL EXCEPTION: main'],
  ['android-tombstone-signal', 'signal 6 (SIGABRT), code -1 (SI_QUEUE), fault addr --------'],
  [
    'ort-java-exception',
    'W/System.err: ai.onnxruntime.OrtException: Error code - ORT_RUNTIME_EXCEPTION - message: Exception during initialization',
  ],
  [
    'tflite-gpu-delegate-unsupported',
    '2022-06-23 22:29:14.326 4381-4381/com.naver.papago.artranslator E/tflite: Following operations are not supported by GPU delegate:',
  ],
  ['gradle-task-failed', "Execution failed for task ':launcher:mergeReleaseNativeLibs'."],
  ['gradle-build-failed', 'BUILD FAILED in 12s'],
  [
    'cpp-terminate-logcat',
    'E libc++abi: terminating with uncaught exception of type tvm::runtime::InternalError:',
  ],
  // held75's and held76's threads: nihui/realsr-ncnn-vulkan#20, chaiNNer-org/chaiNNer#1474, cvat-ai/cvat#2585, #877,
  // JeffreyCA/spleeter-web#1403, ace-step/ACE-Step-1.5#822, pytorch/TensorRT#923, openvinotoolkit/openvino#18649.
  ['ncnn-vulkan-failed', 'error : vkQueueSubmit failed -4'],
  ['ncnn-vulkan-failed', 'vkEnumeratePhysicalDevices failed -3'],
  ['chainner-node-error', 'An error occurred in a NCNN Upscale Image node:'],
  [
    'requests-http-error',
    'Error: Inference status for the task 5 is failed. requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: http://nuclio:8070/api/function_invocations',
  ],
  [
    'rq-work-horse-killed',
    '> Error: Inference status for the task 4 is failed. Work-horse process was terminated unexpectedly (waitpid returned 9)',
  ],
  [
    'celery-error-line',
    '2025-02-12 09:32:50 [2025-02-12 14:32:50,257: ERROR/Process-1:5] Process Process-1:5',
  ],
  [
    'loguru-error-line',
    '2026-03-12 18:20:16.006 | ERROR    | acestep.core.generation.handler.generate_music:generate_music:85 - generation failed',
  ],
  [
    'torch-tensorrt-error',
    'ERROR: [Torch-TensorRT - Debug Build] - Unsupported operator: aten::max.dim(Tensor self, int dim, bool keepdim=False)',
  ],
  ['openvino-internal-error', '> [ ERROR ]  ----------------- INTERNAL ERROR ----------------'],
  // held77b's threads: inducer/pycuda#284, etrommer/torch-approx#18, pytorch/pytorch#31714; held78b's:
  // JuliaGPU/AMDGPU.jl#591, FluxML/Flux.jl#1045, JuliaGPU/CUDA.jl#2898.
  [
    'pytest-failures-section',
    '================================================================== FAILURES ===================================================================',
  ],
  [
    'pytest-progress-failed',
    'test_driver.py .......F.F.F.F................FF.                                                                                        [100%]',
  ],
  [
    'pytest-progress-failed',
    'EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE                             [ 37%]',
  ],
  ['unittest-failed-summary', 'Dec 30 22:42:58 FAILED (failures=1, skipped=4) '.trimEnd()],
  ['julia-error', '*ERROR: HIPError(code hipErrorOutOfMemory, out of memory)*'],
  [
    'julia-error',
    'ERROR: LoadError: LoadError: Failed to precompile NNlib [872c559c-99b0-510c-b3b7-b6c96a88d5cd]',
  ],
  ['julia-error', 'ERROR: Out of GPU memory'],
  // held79b's threads: pykeio/ort#559, #290, peteonrails/voxtype#30, and a libtorch app's link.
  ['rust-panic', "thread 'main' (38920920) panicked at src/bin/load.rs:8:67:"],
  [
    'rust-panic',
    'thread ... panicked at /home/beda/.cargo/registry/src/index.crates.io-6f17d22bba15001f/ort-2.0.0-rc.6/src/lib.rs:130:33:',
  ],
  ['rust-fatal-runtime', 'fatal runtime error: Rust cannot catch foreign exceptions, aborting'],
  [
    'linker-undefined-reference',
    "main.cpp:(.text+0x4b): undefined reference to `at::_ops::empty_memory_format::call(c10::ArrayRef<long>)'",
  ],
];

describe('crash markers', () => {
  it.each(MARKED)('GIVEN a %s line THEN it is marked', (id, line) => {
    expect(findMarkers([line]).map((m) => m.id)).toContain(id);
  });

  it('GIVEN Go source under an "Error - " line THEN it is marked; GIVEN the source line alone THEN not', () => {
    // cvat-ai/cvat#2127
    const lines = [
      'Error - exec: "/bin/sh": file does not exist',
      '    /nuclio/pkg/cmdrunner/cmdrunner.go:124',
    ];
    expect(findMarkers(lines).map((m) => m.id)).toContain('go-error-source');
    expect(findMarkers([lines[1]!]).map((m) => m.id)).not.toContain('go-error-source');
  });

  it("GIVEN VS Code's linked IPython arrows, two frames THEN they are IPython's arrows", () => {
    // Nixtla/neuralforecast#1099
    const lines = [
      '--> [357](file:///C:/Users/.venv/lib/site-packages/neuralforecast/common/_base_model.py:357) trainer.fit(model, datamodule=datamodule)',
      '--> [543](file:///C:/Users/.venv/lib/site-packages/pytorch_lightning/trainer/trainer.py:543) call._call_and_handle_interrupt(',
    ];
    expect(findMarkers(lines).map((m) => m.id)).toContain('ipython-arrow');
  });

  it("GIVEN an exception under Python 3.11's carets THEN it is raised; GIVEN it alone THEN not", () => {
    // google-research/timesfm#171
    const lines = [
      '    loaded_checkpoint = torch.load(checkpoint_path, weights_only=False)',
      '                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      'ValueError: unregistered extension code 175',
    ];
    expect(findMarkers(lines).map((m) => m.id)).toContain('exception-after-carets');
    expect(findMarkers([lines[2]!]).map((m) => m.id)).not.toContain('exception-after-carets');
  });

  it("GIVEN an exception under IPython's one arrow THEN it is raised; GIVEN the exception alone THEN not", () => {
    // RUCAIBox/RecBole issue 1783
    const lines = [
      '---> 48             [torch.full_like(hist_iid, i) for i, hist_iid in enumerate(history_item)]',
      "TypeError: full_like(): argument 'input' (position 1) must be Tensor, not NoneType",
    ];
    expect(findMarkers(lines).map((m) => m.id)).toContain('ipython-raised');
    expect(findMarkers([lines[1]!]).map((m) => m.id)).not.toContain('ipython-raised');
  });

  it('GIVEN one JavaScript frame THEN it is no stack; GIVEN three, as V8 or DevTools print them, THEN it is', () => {
    // microsoft/onnxruntime#15719, tensorflow/tfjs#1657, huggingface/transformers.js#487.
    const v8 = [
      'at Ga (ort.js:22426:361)',
      'at ort-wasm-simd.wasm:0x8c2802',
      'at Pa.b.<computed> (ort.js:22436:150)',
      'at process.func [as dlopen] (node:electron/js2c/asar_bundle:2:1869)',
      'at async constructSession (models.js:91:16)',
      'at gn (tf-core.esm.js:17)',
    ];
    for (const frame of v8) expect(findMarkers([frame])).toEqual([]);
    expect(findMarkers(v8).map((m) => m.id)).toEqual(['js-frame']);
    const devtools = [
      't.initializeBackend @ engine.ts:303',
      'get @ engine.ts:179',
      '(匿名) @ backend-impl.js:87',
    ];
    expect(findMarkers(devtools).map((m) => m.id)).toEqual(['devtools-frame']);
    // Java's frames have no space before their place: they are the managed stack's.
    expect(
      findMarkers(['at org.a.B.c(B.java:1)', 'at org.a.B.d(B.java:2)', 'at org.a.B.e(B.java:3)']).map(
        (m) => m.id,
      ),
    ).toEqual(['managed-frame']);
  });

  it('GIVEN one frame of an Android tombstone THEN it is no stack; GIVEN three THEN it is', () => {
    // alibaba/MNN#3571
    const frames = [
      '#00 pc 0000000000063fec  /apex/com.android.runtime/lib64/bionic/libc.so (abort+156)',
      '#01 pc 0000000002cfe5b8  /vendor/lib64/egl/libGLES_mali.so (llvm::report_fatal_error(llvm::Twine const&, bool)+408)',
      '#02 pc 0x280276 libGLESv2_adreno.so',
    ];
    expect(findMarkers([frames[0]!])).toEqual([]);
    expect(findMarkers(frames).map((m) => m.id)).toEqual(['android-frame']);
  });

  it("GIVEN one frame of a Julia stack THEN it is no stack; GIVEN three, in either of Julia's forms, THEN it is", () => {
    // JuliaGPU/CUDA.jl#2898, FluxML/Flux.jl#1045
    const places = [
      '@ CUDA D:\\.julia\\packages\\CUDA\\Wfi8S\\lib\\cudadrv\\libcuda.jl:28',
      '@ D:\\.julia\\packages\\GPUToolbox\\XaIIx\\src\\ccalls.jl:33 [inlined]',
      '@ CUDA D:\\.julia\\packages\\CUDA\\Wfi8S\\lib\\cudadrv\\graph.jl:174',
    ];
    expect(findMarkers([places[0]!])).toEqual([]);
    expect(findMarkers(places).map((m) => m.id)).toEqual(['julia-frame-place']);
    const old = [
      ' [1] include at ./boot.jl:328 [inlined]',
      ' [2] include_relative(::Module, ::String) at ./loading.jl:1105',
      ' [3] include at ./Base.jl:31 [inlined]',
    ];
    expect(findMarkers(old).map((m) => m.id)).toEqual(['julia-frame']);
  });

  it('GIVEN one gdb frame THEN it is no stack; GIVEN three THEN it is', () => {
    expect(findMarkers(['#0  0x00007ffff7de76ba in call_init (l=<optimized out>)'])).toEqual([]);
    const frames = [
      '#0  0x00002260 in ?? ()',
      '#1  0x00007ffff7de76ba in call_init ()',
      '#2  0x00007ffff7de77cb in _dl_init ()',
    ];
    expect(findMarkers(frames).map((m) => m.id)).toEqual(['gdb-frame']);
  });

  it("GIVEN a Python traceback's frames behind a launcher's tag THEN three are a traceback, one is not", () => {
    // vllm-project/vllm#17939: a worker's frames, pasted without the header or the exception.
    const frames = [
      '(VllmWorker rank=1 pid=2445156)   File "/opt/envs/torch/lib/python3.10/site-packages/vllm/v1/executor/multiproc_executor.py", line 381, in shutdown',
      '(VllmWorker rank=1 pid=2445156)     destroy_model_parallel()',
      '(VllmWorker rank=1 pid=2445156)   File "/opt/envs/torch/lib/python3.10/site-packages/vllm/distributed/parallel_state.py", line 1085, in destroy_model_parallel',
      '(VllmWorker rank=1 pid=2445156)     _TP.destroy()',
      '(VllmWorker rank=1 pid=2445156)   File "/opt/envs/torch/lib/python3.10/site-packages/vllm/distributed/parallel_state.py", line 750, in destroy',
    ];
    // (Each frame is also one the writer may have told: whether it counts depends on the message's layout.)
    const own = (lines: string[]) => findMarkers(lines).filter((m) => !m.told);
    expect(own(frames).map((m) => m.id)).toEqual(['python-frames']);
    expect(own(frames.slice(0, 2))).toEqual([]);
  });

  it('GIVEN an exception line after a frame THEN it is raised; GIVEN one alone or first THEN not', () => {
    // vllm-project/vllm#27508: the API server's last frame and its exception.
    const raised = [
      '(APIServer pid=223598)   File "/opt/conda/envs/vllm_env/lib/python3.13/site-packages/vllm/v1/engine/utils.py", line 785, in wait_for_engine_startup',
      '(APIServer pid=223598)     raise RuntimeError("Engine core initialization failed. "',
      '(APIServer pid=223598) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}',
    ];
    expect(findMarkers(raised).map((m) => m.id)).toContain('python-raised');
    expect(findMarkers([raised[2]!, raised[0]!]).map((m) => m.id)).not.toContain('python-raised');
    expect(findMarkers(['RuntimeError: CUDA error: out of memory']).map((m) => m.id)).not.toContain(
      'python-raised',
    );
  });

  it("GIVEN vLLM's engine or DeepSpeed's launcher saying its workers died THEN it is marked, alone too", () => {
    // vllm-project/vllm#27508 and #21882; deepspeedai/DeepSpeed#3456's launcher line
    expect(
      findMarkers([
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_0': 1}",
      ]).map((m) => m.id),
    ).toEqual(['vllm-engine-died']);
    expect(
      findMarkers([
        '[2023-04-27 06:46:11,394] [ERROR] [launch.py:434:sigkill_handler] exits with return code = -9',
      ]).map((m) => m.id),
    ).toEqual(['deepspeed-sigkill-handler']);
    expect(
      findMarkers(['RuntimeError                              Traceback (most recent call last)']).map(
        (m) => m.id,
      ),
    ).toEqual(['ipython-traceback']);
    expect(findMarkers(['The engine core initialization is slow on the first start'])).toEqual([]);
    // vllm-project/vllm#1364: the async engine's loop died.
    expect(
      findMarkers([
        'Task finished unexpectedly. This should never happen! Please open an issue on Github. See stack trace above for the actual cause.',
      ]).map((m) => m.id),
    ).toEqual(['vllm-task-finished']);
  });

  it("GIVEN an exception whose message is the GPU runtime's own error THEN it is marked, alone too; in a sentence THEN as told", () => {
    // ZhengZerong/PaMIR#17, chenyuntc/pytorch-book#198, zai-org/ChatGLM-6B#39
    for (const line of [
      'RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable. ',
      'RuntimeError: cublas runtime error : the GPU program failed to execute at /opt/conda/conda-bld/pytorch_1549628766161/work/aten/src/THC/THCBlas.cu:258',
      'RuntimeError: Library cudart is not initialized',
    ])
      expect(findMarkers([line]).map((m) => m.id)).toEqual(['gpu-runtime-error']);
    // In a sentence it is marked as told: judged by the words around it (classify/crash-report).
    expect(findMarkers(['I got RuntimeError: cuda runtime error (710) during training.'])).toEqual([
      { line: 1, id: 'gpu-runtime-error-told', told: true },
    ]);
    expect(findMarkers(['ValueError: CUDA_VISIBLE_DEVICES is not a valid device list'])).toEqual([]);
  });

  it("GIVEN a native library's fatal assert (llama.cpp's GGML_ASSERT, ROCm's guarantee) THEN it is marked, alone too", () => {
    // abetlen/llama-cpp-python#1694 and ROCm/hip#2187: the whole paste is the one line.
    expect(
      findMarkers([
        'D:\\a\\llama-cpp-python\\vendor\\llama.cpp\\ggml\\src\\ggml.c:6399: GGML_ASSERT(c->ne[0] >= n_dims / 2) failed',
      ]).map((m) => m.id),
    ).toEqual(['ggml-assert']);
    expect(
      findMarkers([
        '/src/external/hip-on-vdi/rocclr/hip_code_object.cpp:120: guarantee(false && "hipErrorNoBinaryForGpu: Coudn\'t find binary for current devices!")',
      ]).map((m) => m.id),
    ).toEqual(['rocclr-guarantee']);
    // abetlen/llama-cpp-python#812: an older release's form, after the loader's progress dots.
    expect(
      findMarkers([
        '................................................GGML_ASSERT: D:\\a\\llama-cpp-python\\vendor\\llama.cpp\\ggml-cuda.cu:5925: false',
      ]).map((m) => m.id),
    ).toEqual(['ggml-assert']);
    // The macro named in code or in a sentence is not its output.
    expect(findMarkers(['    GGML_ASSERT(ctx != NULL);'])).toEqual([]);
    expect(findMarkers(['Is GGML_ASSERT(n_dims) compiled out in release builds?'])).toEqual([]);
  });

  it('GIVEN a marker behind a log prefix THEN it is marked, and one that holds its prefix still is', () => {
    expect(findMarkers(['[rank0]: Fatal Python error: Segmentation fault']).map((m) => m.id)).toEqual([
      'fatal-python-error',
    ]);
    expect(
      findMarkers(['Apr 13 10:51:39 omnixps systemd-oomd[3562]: Killed /user.slice/app.slice/x.scope']).map(
        (m) => m.id,
      ),
    ).toEqual(['systemd-oomd']);
  });

  it("GIVEN three frames of glibc's backtrace_symbols THEN they are a native stack; GIVEN one THEN not", () => {
    // NVIDIA/nccl#529: a crash handler's frames, and NVIDIA/nccl#291: Open MPI's.
    const handler = [
      '0: /opt/sdc/lib/libassert_for_preload.so(_ZN6yandex3sdc15assert_details_6PanicVEPKclS3_S3_bS3_P13__va_list_tag+0x296)[0x7f9030c7fd06]',
      '3: /lib/x86_64-linux-gnu/libc.so.6(+0x3f040)[0x7f90306d6040]',
      '4: /usr/lib/x86_64-linux-gnu/libnccl.so.2(+0x44a73)[0x7f8fe3f21a73]',
    ];
    expect(findMarkers(handler).map((m) => m.id)).toEqual(['glibc-frame']);
    const mpi = [
      '[tb2b03210:78142] [ 0] /lib64/libpthread.so.0(+0x115d0)[0x7f8eaaf0e5d0]',
      '[tb2b03210:78142] [ 1] /usr/local/cuda-10.0/targets/x86_64-linux/lib/libnccl.so.2(+0x3533c)[0x7f8eab35933c]',
      '[tb2b03210:78142] [ 2] /usr/local/cuda-10.0/targets/x86_64-linux/lib/libnccl.so.2(+0x2508e)[0x7f8eab34908e]',
    ];
    expect(findMarkers(mpi).map((m) => m.id)).toEqual(['glibc-frame']);
    expect(findMarkers(handler.slice(0, 1))).toEqual([]);
    // A list of libraries the loader found is no stack.
    expect(
      findMarkers([
        'libcudart.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libcudart.so.12',
        'libcudnn.so.8 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcudnn.so.8',
        'libnccl.so.2 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libnccl.so.2',
      ]),
    ).toEqual([]);
  });

  it('GIVEN words that only name an event THEN nothing is marked', () => {
    const lines = [
      'Enable OOMKillStep in slurm config by default',
      'the kernel died when I ran it yesterday',
      'oomd kills and only kills high memory usage cgroups, and nothing more.',
      'Running Asan on a Python extension module is challenging.',
      'Exception Type: see the crash report',
      'zsh: command not found: killed',
      'PyTorch dumps debug info before terminating the process when the watchdog times out.',
      'It fails with an Uncaught TypeError when the page loads',
      'The WebGL backend may lose its context (CONTEXT_LOST_WEBGL) on big models.',
      'at least 3 GB at 2:30 (see the notes)',
      'the thread panicked at some point, I think',
      'ERROR: something went wrong, see above',
      '[100%] of the tests pass',
      'An error occurred in the node graph we talked about',
      'E/F sharpness matters less than the signal 6 of the notes',
      'torch.cuda.OutOfMemoryError',
      'Error: see the TypeError Traceback section of the docs',
      'OpenCV errors are printed by its logger at the error level',
      'Exit code: 0. Reason: none',
      'Error in the docs: the example (line 12) is wrong',
      'caught segfault in my own code, fixed now',
      'The level=error setting makes it quieter',
      'F tensorflow is what the F in the log means',
      'E is the column pytest uses for the error',
      'exec: run the trainer from the notebook instead',
      'Begin stack trace printing with the flag set',
      'Triton raises OutOfResources when the block is too big',
      'the cuMemAlloc call failed, I think',
      'Scalar indexing is disallowed on GPU arrays, so use broadcasting',
      '2024-09-09 11:39:22.069  9575-9575  DEBUG  pid-9575  I  Build fingerprint ok',
      '段错误是什么意思？',
      'If AllocateTensors() fails, make the arena bigger',
      'Error in the TFile docs: the example is wrong',
      '2022-11-15 19:26:36,618\tINFO tune.py:773 -- Trials completed',
      '2025-03-19 04:28:52,017 - lmdeploy - INFO - async_engine.py:777 - session 85 finished',
      'System.OutOfMemoryException is what .NET throws then',
      'ERROR: something went wrong again',
      'Unhandled exception: see the log above',
      'E and F are the levels we log at',
      'ERROR: see the note (line 12) above',
      'Caused by: a missing backend, as far as I can tell',
      '[ WARN:0] global /opencv/modules/videoio/src/cap_msmf.cpp (435) anonymous-namespace::SourceReaderCB::~SourceReaderCB terminating async callback',
    ];
    expect(findMarkers(lines)).toEqual([]);
  });
});

describe('listening on a marker', () => {
  it('GIVEN a pasted WER problem signature with no known cause THEN it is a crash report', () => {
    const msg =
      'Problem signature:\n  Problem Event Name:\tAPPCRASH\n  Application Name:\ting2ofx.exe\n  Fault Module Name:\tntdll.dll';
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it('GIVEN a systemd-oomd kill pasted in a block THEN it is a crash report', () => {
    const msg =
      'Just a data point:\n```\nDec 18 19:34:56 user-desktop systemd-oomd[840]: Killed /user.slice/app.slice/vte.scope due to memory pressure\n```';
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it('GIVEN a marker quoted as inline code in a sentence THEN it is the program speaking, a crash report', () => {
    const msg =
      'Trying to run fragpipe on the cluster and the job seems to have been killed due to oom `in StepId=5770797.batch. Some of your processes may have been killed by the cgroup out-of-memory handler`';
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it("GIVEN a program's dialog quoted whole THEN its own words do not make it talk", () => {
    const msg =
      '"The kernel has died, and the automatic restart has failed. It is possible the kernel cannot be restarted. If you are not able to restart the kernel, you will still be able to save the notebook."\nthis is the message I get';
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
    const answer =
      'If you see "The kernel appears to have died" your notebook ran out of memory, so restart it with a smaller batch.';
    expect(diagnoseText(answer, kb).crashReport).toBe(false);
  });

  it("GIVEN a reviewer's note on a quoted Xid line THEN it is not; GIVEN someone who got it THEN it is", () => {
    expect(
      diagnoseText(
        'note: this should duplicate `NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus`',
        kb,
      ).crashReport,
    ).toBe(false);
    for (const msg of [
      'note: I get `NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus` every night',
      'this should not happen: `NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus`',
      'the node dropped out with `NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus`, could this be the riser?',
    ])
      expect(diagnoseText(msg, kb).crashReport, msg).toBe(true);
  });

  it("GIVEN a vLLM engine's traceback pasted without its last line THEN it is a crash report", () => {
    // noonghunna/club-3090#58
    const msg = [
      '```bash',
      '(APIServer pid=1) ERROR 05-05 12:36:59 [serving.py:1173] vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.',
      '(EngineCore pid=104) Process EngineCore:',
      '(EngineCore pid=104) Traceback (most recent call last):',
      '(EngineCore pid=104)   File "/usr/lib/python3.12/multiprocessing/process.py", line 314, in _bootstrap',
      '(EngineCore pid=104)     self.run()',
      '(EngineCore pid=104)   File "/usr/lib/python3.12/multiprocessing/process.py", line 108, in run',
      '(EngineCore pid=104)     self._target(*self._args, **self._kwargs)',
      '(EngineCore pid=104)   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 1140, in run_engine_core',
      '(EngineCore pid=104)     raise e',
      '```',
    ].join('\n');
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it("GIVEN PyTorch's watchdog message cut at the terminal's width THEN it is a crash report", () => {
    // om-ai-lab/VLM-R1#257
    const msg = [
      "[rank6]:[E429 13:55:49.384372190 ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank 6] ProcessGroupNCCL'",
      's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indi',
      'cates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread ',
      'holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect ',
      '[rank6]:[F429 14:03:49.385461578 ProcessGroupNCCL.cpp:1554] [PG ID 0 PG GUID 0(default_pg) Rank 6] [PG ID 0 PG GUID ',
      '0(default_pg) Rank 6] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL',
    ].join('\n');
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
    const answer =
      'If you see "Terminating the process after attempting to dump debug info", your ranks usually hung in a collective, so raise TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC.';
    expect(diagnoseText(answer, kb).crashReport).toBe(false);
  });

  it('GIVEN a pull request that pastes the traceback it fixes THEN it is still a change, not a report', () => {
    const msg = [
      'This PR fixes the crash below when the engine shuts down.',
      '',
      '```',
      '  File "/usr/lib/python3.12/multiprocessing/process.py", line 314, in _bootstrap',
      '  File "/usr/lib/python3.12/multiprocessing/process.py", line 108, in run',
      '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 1140, in run_engine_core',
      '```',
    ].join('\n');
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
  });

  it('GIVEN a sentence that explains what an OOM kill is THEN it is not', () => {
    const msg =
      'I think the kernel appears to have died because you ran out of RAM; it would restart if you had more.';
    expect(diagnoseText(msg, kb).crashReport).toBe(false);
  });

  it('GIVEN "press any key to continue" in a sentence THEN it is no marker', () => {
    // deepfakes/Deep-Live-Cam#1134, in the writer's own words
    expect(findMarkers(['when i press any key to continue it exits and nothing more happens'])).toEqual([]);
  });

  it("GIVEN a traceback's header glued to the end of a line that lost its newlines THEN the frames under it are a traceback", () => {
    // CheshireCC/faster-whisper-GUI#48
    const lines = [
      '-prompt_reset_on_temperature : 0.5create transcribe process with 1 workersstart transcribe processTraceback (most recent call last):',
      '  File "D:\\FASTER~1\\faster_whisper_GUI\\transcribe.py", line 353, in run',
    ];
    expect(findMarkers(lines).map((m) => m.id)).toContain('traceback-frame');
    expect(
      findMarkers(['see the Traceback (most recent call last): above', lines[1]!]).filter((m) => !m.told),
    ).toEqual([]);
  });

  it("GIVEN a traceback behind Docker Compose's service tags THEN it is a crash report", () => {
    // menloresearch/ichigo-demo#16
    const msg = [
      'When I run the docker-compose up command, I get an error during startup.',
      '```bash',
      'docker-fish-speech-1     | Process SpawnProcess-1:',
      'docker-fish-speech-1     | Traceback (most recent call last):',
      'docker-fish-speech-1     |   File "/usr/local/lib/python3.12/multiprocessing/process.py", line 314, in _bootstrap',
      'docker-fish-speech-1     |     self.run()',
      '```',
    ].join('\n');
    expect(diagnoseText(msg, kb).crashReport).toBe(true);
  });

  it('GIVEN a traceback that kept its HTML escapes, or lost the name after "in" THEN its frames are a traceback', () => {
    // ARISE-Initiative/robosuite#102
    const escaped = [
      'Traceback (most recent call last):',
      '  File &quot;run_gaifo_robosuite.py&quot;, line 134, in &lt;module&gt;',
    ];
    expect(findMarkers(escaped).map((m) => m.id)).toContain('traceback-frame');
    // DLR-RM/stable-baselines3#1890
    const cut = [
      'Traceback (most recent call last):',
      'File "/home/u/scripts/train.py", line 168, in',
      'model.learn(',
    ];
    expect(findMarkers(cut).map((m) => m.id)).toContain('traceback-frame');
    expect(findMarkers(['File "train.py", line 168, increase the batch'])).toEqual([]);
  });

  it.each([
    {
      what: 'a .NET stack, in Russian too',
      id: 'managed-frame',
      // dotnet/machinelearning-modelbuilder#707
      frames: [
        'Ошибка:',
        '   в System.Linq.Enumerable.Select[TSource,TResult](IEnumerable`1 source, Func`2 selector)',
        '   в Microsoft.ML.ModelBuilder.AutoMLService.Experiments.AutoMLExperiment`3.<ExecuteAsync>d__23.MoveNext() в E:\\A\\AutoMLExperiment.cs:строка 117',
        '   в System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw()',
      ],
    },
    {
      what: 'a Java 9+ stack, each frame with its module',
      id: 'managed-frame',
      // pytorch/serve#1234: TorchServe's frontend when its Python worker died.
      frames: [
        'java.lang.InterruptedException',
        '        at java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1668)',
        '        at java.base/java.util.concurrent.ArrayBlockingQueue.poll(ArrayBlockingQueue.java:435)',
        '        at org.pytorch.serve.wlm.WorkerThread.run(WorkerThread.java:188)',
      ],
    },
    {
      what: "Boost's stack trace",
      id: 'boost-frame',
      // triton-inference-server/server#3613
      frames: [
        '0# 0x0000564B4B89F8A9 in tritonserver',
        '1# 0x00007F631496D210 in /usr/lib/x86_64-linux-gnu/libc.so.6',
        '2# abort in /usr/lib/x86_64-linux-gnu/libc.so.6',
      ],
    },
  ])('GIVEN three frames of $what THEN they are a stack; GIVEN two THEN not', ({ id, frames }) => {
    expect(findMarkers(frames).map((m) => m.id)).toEqual([id]);
    expect(findMarkers(frames.slice(0, -1))).toEqual([]);
  });

  it("GIVEN TorchServe's log prefix before a worker's frames THEN the frames are read behind it", () => {
    // pytorch/serve#515
    const lines = [
      '2020-07-10 15:29:38,027 [INFO ] W-9000-segment_batch_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle -   File "/env/lib/python3.8/site-packages/ts/model_service_worker.py", line 175, in <module>',
      '2020-07-10 15:29:38,028 [INFO ] W-9000-segment_batch_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle -     worker.run_server()',
      '2020-07-10 15:29:38,028 [INFO ] W-9000-segment_batch_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle -   File "/env/lib/python3.8/site-packages/ts/model_service_worker.py", line 147, in run_server',
      '2020-07-10 15:29:38,028 [INFO ] W-9000-segment_batch_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle -     self.handle_connection(cl_socket)',
      '2020-07-10 15:29:38,028 [INFO ] W-9000-segment_batch_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle -   File "/env/lib/python3.8/site-packages/ts/model_service_worker.py", line 111, in handle_connection',
    ];
    expect(findMarkers(lines).map((m) => m.id)).toContain('python-frames');
  });

  it('GIVEN "ERROR:" opening a line that is no error report THEN it is no marker', () => {
    expect(findMarkers(['ERROR: this is how the tool starts its lines, see the docs'])).toEqual([]);
  });

  it('GIVEN a Japanese failure dialog named in a conditional THEN it is no marker', () => {
    expect(
      findMarkers(['「再生に失敗しました。」と表示される場合は、エンジンを再起動してください。']),
    ).toEqual([]);
  });
});
