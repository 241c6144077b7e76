// Lines that are crash output by themselves, whatever cause is behind them: a crash
// dialog's report, a kill by an out-of-memory daemon, a sanitizer's report, a native
// stack. Listening answers a message that pastes one even when no cause rule knows it;
// the same words inside a sentence are judged by classify/crash-report (isTalk), not here.
// A line is read as written and after the log prefixes the rules' reader strips
// (timestamps, rank and launcher tags) and TensorFlow's logger tag, so a launcher's child
// output is read as printed.
import { NeedleFinder } from '../classify/needle-finder.js';
import { decodeEntities, stripAnsi, stripPrefixes } from '../text/normalize.js';
import { literalNeedles } from '../text/regex-literals.js';

export interface Marker {
  /** 1-based line. */
  line: number;
  id: string;
  /** Found inside the line, after words that may be the writer's (MarkerDef.told). */
  told?: true;
}

interface MarkerDef {
  id: string;
  re: RegExp;
  /** How many lines must match for one to count (a native stack is several frames). */
  run?: number;
  /** The line counts only after an earlier line that matches this (an exception after its frames). */
  after?: RegExp;
  /**
   * Found anywhere in the line, also after the writer's own words ("When I tried to train, it
   * showed that RuntimeError: cublas runtime error : ..."): such a line counts when it is output
   * or the writer's own account of their run, not talk, advice or code around the quote
   * (classify/crash-report's tellsOwnOutput).
   */
  told?: true;
}

/**
 * TensorFlow's logger tag after its timestamp, or alone as TF 1.x printed it ("E tensorflow/
 * stream_executor/cuda/cuda_dnn.cc:81] CUDNN_STATUS_EXECUTION_FAILED"). Taken off here only:
 * the rules' reader keeps it, for the framework it names.
 */
export const TF_LOGGER = /^[IWEF] [\w./-]+\.(?:cc|cpp|h|cu|c):\d+\] */;

/** A frame of a Python traceback, as Python prints it. */
const PYTHON_FRAME = /^File "[^"]+", line \d+, in(?: \S|$)/;
/** IPython's arrow at the line that raised ("--> 593 ...", in some releases "-> 1102"). */
export const IPYTHON_ARROW = /^-{1,6}> ?(?:\d{1,6} |\[\d{1,6}\]\(file:)/;
/** An exception's own line with its message, as Python prints it last ("TypeError: full_like(): ..."). */
const EXCEPTION_WITH_MESSAGE = /^[\w.]*(?:Error|Exception): \S/;

/** Markup that may start a pasted line in chat: quotes, bold, inline code, a list bullet. */
export const LEAD = /^[\s>*_`~|]*/;

/** How the GPU runtime's own error messages open, as exceptions carry them ("RuntimeError: CUDA error: ..."). */
const GPU_RUNTIME_MESSAGE =
  'CUDA error|CUDA Error|CUDA driver error|cuda runtime error|CUDA unknown error|cuDNN error|cublas runtime error|cuBLAS failed|CUBLAS_STATUS_|CUDNN_STATUS_|HIP error';

const WER_EVENT = '(?:APPCRASH|BEX64|BEX|CLR20r3|MoAppCrash|MoAppCrashPlus)';

export const MARKERS: readonly MarkerDef[] = [
  // Windows Error Reporting's "Problem signature": the event name in any language, then its
  // value ("Problem Event Name:\tAPPCRASH", "Problemereignisname: APPCRASH", "EventType=APPCRASH").
  { id: 'wer-problem-event', re: new RegExp(`^[^:=\\t]+[:=][ \\t]*${WER_EVENT}[ \\t]*$`) },
  {
    id: 'wer-faulting-application',
    re: /^(?:Faulting application name|Name der fehlerhaften Anwendung|Nom de l’application défaillante|Имя сбойного приложения|错误应用程序名称|障害が発生しているアプリケーション名)[ \t]*[:：]/,
  },
  // Slurm's cgroup out-of-memory notice, old ("oom-kill event(s) in step") and new.
  { id: 'slurm-oom', re: /\b(?:oom-kill|oom_kill) event\(?s?\)? in (?:step|StepId)\b/i },
  { id: 'slurm-oom-handler', re: /\bkilled by the cgroup out-of-memory handler\b/ },
  // srun's own line for a task the cgroup killed ("srun: error: nid001277: tasks 1-3: Out Of Memory").
  { id: 'srun-oom', re: /^srun: error: (?:[\w.-]+: )?(?:tasks? [\d,-]+: )?Out Of Memory\b/ },
  // systemd-oomd's kills.
  { id: 'systemd-oomd', re: /\bsystemd-oomd\[\d+\]: Killed \// },
  { id: 'systemd-oomd-unit', re: /\bsystemd-oomd killed \d+ process\(es\)/ },
  { id: 'oomd-attempt', re: /\boomd attempting to kill\b/ },
  { id: 'systemd-oom-unit', re: /: A process of this unit has been killed by the OOM killer\./ },
  // The kernel's OOM killer (its report and its call trace).
  {
    id: 'kernel-oom',
    re: /\b(?:invoked oom-killer|Out of memory: Kill(?:ed)? process \d|oom-kill:constraint=|oom_kill_process\b|Memory cgroup out of memory: Kill)/,
  },
  // Jupyter and VS Code notebooks when the kernel process dies.
  {
    id: 'jupyter-kernel-died',
    re: /\b[Tt]he [Kk]ernel (?:appears to have died|died unexpectedly|crashed while executing code|has died, and the automatic restart has failed)\b/,
  },
  // (The notebook's path may be a folder's too: "The kernel for ConfidNet/confidnet/notebook/x.ipynb appears to have died.")
  { id: 'jupyter-kernel-for', re: /\bThe kernel for [\w./-]+ appears to have died\b/ },
  { id: 'jupyter-kernel-restarting', re: /^Kernel (?:Restarting|died, restarting)\b/ },
  // Sanitizers.
  {
    id: 'sanitizer',
    re: /\bERROR: (?:Address|Leak|Memory|Thread|UndefinedBehavior|Hardware)Sanitizer: \S|^SUMMARY: (?:Address|Thread|Memory|UndefinedBehavior)Sanitizer: /,
  },
  // macOS crash reports and their thread states.
  { id: 'macos-exception-type', re: /^Exception Type:[ \t]+EXC_[A-Z_]+/ },
  // The same report cut before its exception, known by its header's aligned "Code Type:
  // ARM-64 (Native)", and macOS's loader refusing a library ("dyld[61912]: Library not loaded:
  // /usr/local/opt/openssl@3/lib/libssl.3.dylib").
  { id: 'macos-crash-header', re: /^Code Type: {2,}(?:ARM-64|X86-64)\b/ },
  { id: 'dyld-not-loaded', re: /\bdyld(?:\[\d+\])?: Library not loaded: \S/ },
  { id: 'macos-crashed-thread', re: /^Thread \d+ (?:Crashed|crashed with)\b|^Crashed Thread:[ \t]+\d/ },
  {
    id: 'macos-termination',
    re: /^Termination (?:Reason|Signal):[ \t]+(?:Namespace SIGNAL|Segmentation fault|Abort trap|Killed|Bus error|Illegal instruction)/,
  },
  { id: 'macos-ips-termination', re: /"termination" : \{"flags":\d+,"code":\d+,"namespace":"SIGNAL"/ },
  // zsh's notice for a job it saw killed, also without the command after it ("zsh:killed").
  { id: 'zsh-killed', re: /^zsh: ?killed(?:\s|$)/ },
  // C++ and its runtimes ending a process.
  {
    id: 'cpp-terminate',
    re: /^terminate called (?:after throwing an instance of '|without an active exception|recursively)|^libc\+\+abi(?:\.dylib)?: terminating\b/,
  },
  // ... and as logcat shows it on Android ("E libc++abi: terminating with uncaught exception of type
  // tvm::runtime::InternalError:").
  { id: 'cpp-terminate-logcat', re: /^[EF] libc\+\+abi *: terminating (?:due to|with) uncaught exception\b/ },
  // The same, told after the writer's words ("Here is the error: libc++abi: terminating due to
  // uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: ...").
  {
    id: 'cpp-terminate-told',
    re: /[^\w.]terminate called after throwing an instance of '|[^\w.]libc\+\+abi(?:\.dylib)?: terminating due to uncaught exception\b/,
    told: true,
  },
  // The kernel's report of a GPU error by its Xid ("kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, ...").
  { id: 'nvrm-xid', re: /\bNVRM: Xid \(PCI:[\w:.]+\): \d+/ },
  // An exception whose message carries a CUDA library's failed status, any but SUCCESS ("runtimeError: error doing
  // operation:CUDNN_STATUS_EXECUTION_FAILED", "RuntimeError: cuSOLVER error: CUSOLVER_STATUS_EXECUTION_FAILED").
  {
    id: 'exception-with-cuda-status',
    re: /^[\w.]*(?:Error|Exception): .*\b(?:CUDNN|CUBLAS|CUSOLVER|CUFFT|CURAND|CUSPARSE)_STATUS_(?:[A-RT-Z]|S[A-TV-Z]|SUB)/i,
  },
  // glog and absl failure signal handlers, TensorFlow's stack trace handler (their leading
  // "*** " is taken off with the chat markup).
  { id: 'glog-signal', re: /\bSIG[A-Z]{2,6} \(@0x[0-9a-f]+\) received by PID \d/ },
  { id: 'glog-aborted', re: /^Aborted at \d+ \(unix time\)/ },
  { id: 'glog-check-trace', re: /^Check failure stack trace: \*\*\*/ },
  { id: 'glog-check', re: /^F\d{4} [\d:.]+ +\d+ [\w.-]+:\d+\] Check failed: / },
  // A CHECK macro's failure once its logger's prefix is off (Ray's "[2025-02-11 18:42:15,859 C
  // 30797 30797] resource_instance_set.cc:374:  Check failed: RAY_PREDICT_TRUE(...)", Paddle's
  // "Check failed: (cudnn_cuh_major < 4 ...)"), and Ray's stack trace header under it.
  { id: 'check-failed', re: /^(?:Check|CHECK) failed: \S/ },
  { id: 'ray-stack-trace', re: /^(?:\*\*\* )?StackTrace Information \*+$/ },
  // gunicorn's arbiter killing a worker that did not answer in time (a model server's worker
  // stuck loading or predicting): "[2022-07-18 10:41:28 +0000] [459] [CRITICAL] WORKER TIMEOUT (pid:472)".
  { id: 'gunicorn-worker-timeout', re: /\[CRITICAL\] WORKER TIMEOUT \(pid:\d+\)/ },
  // Triton's Python backend after its stub process died (a crash or the OOM killer in the model's
  // code): "E1025 09:40:38.075506 9121 python_be.cc:2066] Stub process is unhealthy and it will be restarted."
  { id: 'triton-stub-unhealthy', re: /\bStub process is unhealthy and it will be restarted\b/, told: true },
  // cmd's `pause` after a launcher's Python exited, on its own line as cmd prints it ("Press any
  // key to continue . . ."; Chinese, Portuguese and Korean consoles): a Windows web UI that died
  // with no traceback (an access violation, the memory running out while loading a model).
  {
    id: 'cmd-pause-after-exit',
    // (Also glued after a progress bar that had no newline: "Loading checkpoint shards:  50%|███ | 2/4
    // [00:00<00:00,  6.11it/s]请按任意键继续. . .".)
    re: /(?:^|\])(?:Press any key to continue|请按任意键继续|按任意键继续|Pressione qualquer tecla para continuar|계속하려면 아무 키나 누르십시오) ?(?:\. ?){2,3}["'`]?$/,
  },
  // tcmalloc's report of a huge allocation, which on Colab comes just before the runtime runs out of
  // RAM ("tcmalloc: large alloc 1684217856 bytes == 0x14e26c000 @  0x7f80cc4a21e7 ..."), and a
  // console's lone "^C" where the notebook's runtime stopped the process ("Loading weights [3a17d0deff]
  // from ... .ckpt" over "^C").
  { id: 'tcmalloc-large-alloc', re: /^tcmalloc ?: large alloc \d+ +bytes ={1,2} ?0x[0-9a-f]+/ },
  { id: 'console-interrupted', re: /^\^C$/ },
  // Ray's worker that died under its task: "(raylet) A worker died or was killed while executing a task by an unexpected system error."
  {
    id: 'ray-worker-died',
    re: /^A worker died or was killed while executing a task by an unexpected system error\b/,
  },
  // Ray's driver on a node daemon that died: "Raylet is terminated: ip=10.0.35.88, id=976b... Termination is unexpected."
  { id: 'ray-raylet-terminated', re: /\bRaylet is terminated: ip=[\d.]+, id=[0-9a-f]{8}/ },
  // A logger's line at an error level under its clock, as Python's logging and most services
  // print it: "2025/11/22 12:53:43 ERROR mlflow.cli: (sqlite3.OperationalError) near ...".

  {
    id: 'logger-error-line',
    re: /(?:^|[`'"(])\[?(?:\d{4}[-/]\d\d[-/]\d\d|\d\d\/\d\d\/\d{4})[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?\]? (?:-+ )?\[?(?:ERROR|CRITICAL|FATAL)\]? [\w.]+:? \S/,
    told: true,
  },
  // A program's error line in capitals, as C and C++ tools print it ("ERROR: GLEW initalization
  // error: Missing GL version" from mujoco-py's renderer).
  { id: 'error-caps-line', re: /^ERROR: [A-Z][\w ]{1,40}(?: error|failed)\b/ },
  // A command-line tool's own error line: "clearml_agent: ERROR: expected SCALAR, ...", "wandb: ERROR Error while calling W&B API: ...".
  { id: 'tool-error-line', re: /(?:^|[`'"(])[a-z][\w.-]{1,30}: (?:ERROR|FATAL|CRITICAL):? \S/, told: true },
  // An exception whose message is the GPU runtime's own error, pasted as its line ("RuntimeError:
  // CUDA error: all CUDA-capable devices are busy or unavailable", "RuntimeError: cublas runtime
  // error : the GPU program failed to execute at ...", "RuntimeError: Library cudart is not
  // initialized"): what a run prints when the GPU fails it, whatever the cause behind.
  {
    id: 'gpu-runtime-error',
    re: new RegExp(
      `^[\\w.]*(?:Error|Exception): ?(?:${GPU_RUNTIME_MESSAGE}|CUDNN error|Library cu\\w+ is not)`,
    ),
  },
  // The same error printed without an exception around it, as C++ and CUDA programs and
  // torch's message lines do ("CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling
  // `cublasSgemm( handle, ...)`", "CUDA Error: unknown error", "CUDNN_STATUS_EXECUTION_FAILED").
  {
    id: 'gpu-runtime-error-bare',
    re: /^(?:CUDA [Ee]rror: |cuDNN error: |HIP error: |CUBLAS_STATUS_[A-Z]|CUDNN_STATUS_[A-Z]|cuda runtime error \(\d|(?:CUDA|CUBLAS|CUDNN|CURAND|CUSPARSE) failure \d+: |cuDNN failed with status CUDNN_STATUS_)/,
  },
  // The exception told inside the writer's sentence ("it showed that RuntimeError: cublas
  // runtime error : the GPU program failed to execute at ..."), after some other text.
  {
    id: 'gpu-runtime-error-told',
    re: new RegExp(`[^\\w.]\\b[A-Z]\\w*(?:Error|Exception):[ \`]{0,3}(?:${GPU_RUNTIME_MESSAGE})`),
    told: true,
  },
  // Native libraries' own fatal asserts, printed as "file:line: macro(condition)" before
  // they abort: llama.cpp's GGML_ASSERT ("ggml.c:6399: GGML_ASSERT(c->ne[0] >= n_dims / 2)
  // failed", in older releases "GGML_ASSERT: ...ggml-cuda.cu:5925: false" and "LLAMA_ASSERT: ...llama.cpp:875:
  // false") and ROCm's
  // runtime ("hip_code_object.cpp:120: guarantee(false && ...)").
  // (Not the macro's own format string, "GGML_ASSERT: %s:%d: %s\n", quoted from its source.)
  { id: 'ggml-assert', re: /:\d+: GGML_ASSERT\(|\b(?:GGML|LLAMA)_ASSERT: [^\s%]/ },
  // ... and quoted in the writer's sentence ("it immediately raises an error `GGML_ASSERT(talloc->buffer_id >= 0) failed`").
  { id: 'ggml-assert-told', re: /\bGGML_ASSERT\([^)`\n]{1,200}\) failed\b/, told: true },
  // The same assert with its file and line wrapped onto the line above (wllama's WebGPU build).
  { id: 'ggml-assert-wrapped', re: /^GGML_ASSERT\(.+\) failed$/ },
  // glibc's allocator aborting on a corrupted heap ("double free or corruption (!prev)",
  // "free(): invalid pointer", "malloc(): corrupted top size"), also quoted in the writer's sentence.
  {
    id: 'glibc-heap-abort',
    re: /\b(?:double free or corruption \((?:!prev|fasttop|out|top)\)|free\(\): invalid (?:pointer|size|next size)|malloc\(\): (?:corrupted top size|memory corruption|unaligned tcache chunk detected)|corrupted size vs\. prev_size|munmap_chunk\(\): invalid pointer)/,
    told: true,
  },
  // The CUDA runtime's or driver's error told in the writer's sentence, with or without the
  // exception around it ("I keep getting this error when training 'CUDA_ERROR_INVALID_HANDLE'",
  // "The CUDA error: no kernel image is available for execution on the device was reported",
  // "I run the training like below, but is throught out an Erro: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED",
  // Caffe's failed check 'the logs say that "status == CUDNN_STATUS_SUCCESS (4 vs. 0) CUDNN_STATUS_INTERNAL_ERROR"').
  {
    id: 'cuda-error-told',
    re: /\bCUDA_ERROR_[A-Z_]{4,}\b|[^\w.]CUDA error: [a-z]|[^\w.]cublas runtime error ?:|[^\w.]cuDNN error: CUDNN_STATUS_[A-Z]|\bstatus == CUDNN_STATUS_SUCCESS \(\d+ vs\. 0\)|\bcuDNN failed with status CUDNN_STATUS_[A-Z]/,
    told: true,
  },
  // TensorRT's logger reporting an error, in TensorRT 7 ("[TensorRT] ERROR: ../rtSafe/cuda/
  // cudaConvolutionRunner.cpp (483) - Cudnn Error in executeConv: 8 (CUDNN_STATUS_EXECUTION_FAILED)")
  // and 8 ("[TRT] [E] 1: [defaultAllocator.cpp::allocate::20] Error Code 1: Cuda Runtime (out of memory)").
  {
    id: 'tensorrt-error',
    re: /\[TensorRT\] ERROR: \S|\[TRT\] \[E\] \S|\bERROR: \[TRT\]: \d+: \S/,
    told: true,
  },
  // TensorRT's ONNX parser and trtexec's error lines: "ERROR: ModelImporter.cpp:124 In function
  // parseGraph:", "[03/09/2021-10:37:07] [E] Failure while parsing ONNX file".
  {
    id: 'tensorrt-onnx-parser',
    re: /^ERROR: (?:ModelImporter|builtin_op_importers|onnx2trt_utils)\.cpp:\d+ In function \w+:/,
  },
  { id: 'trtexec-error', re: /^\[\d\d\/\d\d\/\d{4}-\d\d:\d\d:\d\d\] \[E\] \S/ },
  // ... and the parser's node error: "In node -1 (parseGraph): UNSUPPORTED_NODE: Assertion failed: convertOnnxWeights(...)".
  {
    id: 'onnx-tensorrt-node',
    re: /\bIn node -?\d+ \(\w+\): (?:UNSUPPORTED_NODE|INVALID_NODE|INVALID_GRAPH|INTERNAL_ERROR|INVALID_VALUE|MODEL_DESERIALIZE_FAILED): \S/,
    told: true,
  },
  // Rockchip's RKNN runtime at its error level: "E RKNN: [07:13:44.229] rknn_query, info_len(372) < ...",
  // "E RKNNAPI: rknn_init,  server connect fail!".
  { id: 'rknn-error', re: /^E RKNN(?:API)?: \S/ },
  // HailoRT's log at its error levels: "[HailoRT] [critical] Executing pipeline terminate failed with status HAILO_RPC_FAILED(77)".
  { id: 'hailort-error', re: /\[HailoRT\] \[(?:error|critical)\] \S/, told: true },
  // Android's libc on a native crash, as logcat prints it: "F/libc    (25506): Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0".
  { id: 'android-fatal-signal', re: /\bFatal signal \d{1,2} \(SIG[A-Z]{2,6}\), code -?\d+/ },
  // Kaldi's and ESPnet's job runners when their parallel jobs failed ("run.pl: 32 / 32 failed,
  // log is in exp/lm_stats_en_bpe30/logdir/stats.*.log").
  { id: 'kaldi-jobs-failed', re: /^(?:run|queue|slurm|ssh)\.pl: \d+ \/ \d+ failed, log is in \S/ },
  // glibc's assert() failing, whatever the program ("darknet: ./src/cuda.c:36: check_error:
  // Assertion `0' failed."), also glued after other output or quoted in a sentence.
  { id: 'glibc-assert', re: /\.\w+:\d+: [\w:~<> *&]+: Assertion `[^`'\n]*' failed\./, told: true },
  // The same from C++, the function named with its parameters ("hip::FatBinaryInfo** hip::StatCO::addFatBinary(const void*, bool): Assertion ...").
  // Either without its opening backtick, which chat markup takes when the line is pasted in code marks
  // ("`loadtrt: engine.cpp:868: bool nvinfer1::rt::Engine::deserialize(...): Assertion size >= bsize && ...' failed.`").
  { id: 'glibc-assert-cxx', re: /\)(?: const)?: Assertion `?[^`'\n]{1,200}' failed\./, told: true },
  // Old PyTorch's CUDA check failing ("THCudaCheck FAIL file=.../THCGeneral.cpp line=405 error=11 : invalid argument").
  { id: 'thcudacheck-fail', re: /^THCudaCheck FAIL file=\S+ line=\d+ error=\d+ : / },
  // torchrun's summary of a worker that failed ("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:").
  { id: 'torchrun-child-failed', re: /\b[Cc]hildFailedError\b/, told: true },
  // onnxruntime's CUDA provider failing a call ("RuntimeError: ...\cuda_call.cc:121 onnxruntime::CudaCall").
  { id: 'ort-cuda-call', re: /\bonnxruntime::CudaCall\b/, told: true },
  // llama.cpp's CUDA backend failing a call: older releases print "CUDA error 2 at
  // ggml-cuda.cu:5509: out of memory", newer ones end on "ggml-cuda.cu:73: CUDA error".
  { id: 'ggml-cuda-error', re: /^CUDA error \d+ at \S+\.cu:\d+: \w/ },
  { id: 'ggml-cuda-error-told', re: /ggml-cuda\.cu:\d+: CUDA error\b/, told: true },
  // ollama when its llama.cpp runner died ("Error: llama runner process has terminated: exit
  // status 0xc0000409", "... error loading model: unable to allocate backend buffer").
  {
    id: 'ollama-runner-terminated',
    re: /\bllama runner process (?:has terminated|no longer running)\b/,
    told: true,
  },
  // Cosmopolitan libc's crash report, as llamafile prints it ("error: Uncaught SIGSEGV
  // (SEGV_MAPERR) at 0x8 on home pid 25983 tid 26011").
  { id: 'cosmo-uncaught-signal', re: /\bUncaught SIG[A-Z]{3,6} \([A-Z_]+\) at 0x[0-9a-f]+ on \S+ pid \d/ },
  // bitsandbytes when it could not load its CUDA library.
  { id: 'bnb-cuda-setup', re: /^CUDA Setup failed despite GPU being available\b/ },
  { id: 'rocclr-guarantee', re: /\.cpp:\d+: guarantee\(/ },
  // PyTorch's NCCL watchdog taking its process down after a collective timed out or hung.
  {
    id: 'nccl-watchdog-abort',
    re: /\b(?:Terminating the process after attempting to dump debug info|we are taking the entire process down|Process group watchdog thread terminated with exception)\b/,
  },
  // Launchers reporting that their workers died: vLLM's engine ("RuntimeError: Engine core
  // initialization failed. See root cause above."), DeepSpeed's launcher killing the rest
  // ("[ERROR] [launch.py:434:sigkill_handler] ... exits with return code = -9").
  {
    id: 'vllm-engine-died',
    re: /\bEngine ?[Cc]ore (?:initialization failed|proc \w+ died unexpectedly|failed to start)\b/,
  },
  // vLLM's async engine when its background loop died ("Task finished unexpectedly. This
  // should never happen! Please open an issue on Github.").
  { id: 'vllm-task-finished', re: /\bTask finished unexpectedly\. This should never happen!/ },
  { id: 'deepspeed-sigkill-handler', re: /\[launch\.py:\d+:sigkill_handler\]/ },
  // Ray when an actor's worker process died under it ("ray.exceptions.ActorDiedError: The actor
  // died unexpectedly before finishing this task.", "The actor is dead because its worker process
  // has died.").
  {
    id: 'ray-actor-died',
    re: /\bThe actor (?:died unexpectedly before finishing this task|is dead because its worker process has died)\b/,
  },
  // Ray's memory monitor killing workers ("1 Workers (tasks / actors) killed due to memory pressure (OOM)").
  { id: 'ray-memory-monitor', re: /\b\d+ Workers \(tasks \/ actors\) killed due to memory pressure \(OOM\)/ },
  // IPython's and Jupyter's traceback header, which names the exception before the frames
  // ("RuntimeError                              Traceback (most recent call last)"), also after its
  // rule of dashes where a paste lost its newlines ("------ TypeError Traceback (most recent call last)").
  {
    id: 'ipython-traceback',
    re: /^(?:-{20,} )?[\w.]*(?:Error|Exception|Interrupt)\s+Traceback \(most recent call last\)/,
  },
  // rich's tracebacks (Typer, accelerate, kohya_ss), drawn in a box: its header, and the arrow
  // at the line each frame stopped on ("│ ❱ 20 │   │   raise RuntimeError('''").
  { id: 'rich-traceback', re: /^╭─+ Traceback \(most recent call last\) ─+╮|^│ ❱ +\d+ │/ },
  // Slurm's commands reporting their own failure ("srun: error: Task launch for 36.0 failed on
  // node cn131: Job credential expired", "sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu
  // are mutually exclusive.").
  {
    id: 'slurm-command-error',
    re: /^(?:srun|sbatch|salloc|sbcast|sattach|slurmstepd(?:-[\w.-]+)?): (?:error|fatal): \S/,
  },
  // Slurm's daemons and their logs ("slurmd[57977]: fatal: gres.conf duplicate records for gpu",
  // "slurmctld: error: Setting node nodegpu1 state to INVAL ...", slurmd.log's "[2023-10-16T10:42:01.139]
  // error: Unable to initialize cgroup plugin"), and a node drained for its GPUs ("Reason=gres/gpu
  // count reported lower than configured (0 < 8)").
  { id: 'slurm-daemon-error', re: /\bslurm(?:d|ctld|dbd)(?:\[\d+\])?: (?:error|fatal): \S/ },
  { id: 'slurm-log-error', re: /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?\] (?:error|fatal): \S/ },
  { id: 'slurm-gres-count', re: /\bgres\/gpu count reported lower than configured \(\d+ < \d+\)/ },
  // NVML failing under nvidia-smi, a device plugin or an exporter ("Failed to initialize NVML: N/A",
  // nvidia-smi's "Failed to display compute instances: Insufficient Permissions",
  // "Cannot init NVML library; err: ERROR_LIBRARY_NOT_FOUND", "Error: nvmlDeviceGetHandleByIndex():
  // Unknown Error", "Unable to detect the device handle for GPU0000:B1:00.0: Unknown Error").
  {
    id: 'nvml-failed',
    re: /\bFailed to initialize NVML: \S|\bFailed to (?:display|create|destroy) (?:GPU|compute) instances?: [A-Z]|\bCannot init NVML library\b|\bnvml[A-Z]\w{2,60}\(\): [A-Z]|\bUnable to (?:detect|determine) the device handle for GPU ?[\dA-Fa-f:.]{6,20}: [A-Z]/,
  },
  // CUDA's samples' check macro (helper_cuda.h), copied into many projects ("CUDA error at
  // .../NativeOps.cu:1903  code=77(<unknown>) "dZ""), and WSL's own error code under its message
  // ("Error code: Wsl/Service/E_UNEXPECTED", "错误代码: Wsl/Service/CreateInstance/E_FAIL").
  { id: 'cuda-check-helper', re: /\bCUDA error at [^\s:]+:\d+ {1,2}code=\d+\(/ },
  { id: 'wsl-error-code', re: /\bWsl\/[A-Z][A-Za-z]{1,30}\/[A-Z]/ },
  // Test runners' failures as CI prints them: pytest's short summary ("FAILED tests/test_x.py::test_y
  // - RuntimeError: ...", "==== 2 failed, 1110 passed ... ===="), unittest's header ("FAIL:
  // test_triangular_solve (__main__.TestCuda)").
  { id: 'pytest-failed', re: /^(?:FAILED|ERROR) [\w./-]{1,200}\.py::\S/ },
  { id: 'pytest-summary-failed', re: /^=+ \d+ (?:failed|errors?)\b/ },
  { id: 'unittest-failed', re: /^(?:FAIL|ERROR): \w+ \([\w.]+\)$/ },
  // pytest's own sections and progress where a test failed: "=========== FAILURES ===========",
  // "==== ERRORS ====", and a test file's line of results holding an F or an E
  // ("test_driver.py .......F.F.F.F........FF.   [100%]", its continuation "EEEEEEEE   [ 27%]"); and
  // unittest's end ("FAILED (failures=1, skipped=4)").
  { id: 'pytest-failures-section', re: /^=+ (?:FAILURES|ERRORS) =+$/ },
  { id: 'pytest-progress-failed', re: /^(?:[\w./-]+\.py )?[.sxX]*[FE][.sxXFE]* *\[ {0,2}\d{1,3}%\]$/ },
  {
    id: 'unittest-failed-summary',
    re: /^FAILED \((?:failures|errors)=\d+(?:, (?:errors|failures|skipped|expected failures|unexpected successes)=\d+)*\)$/,
  },
  // Unreal Engine's crash handlers (CARLA, AirSim): "Signal 11 caught.", "CommonUnixCrashHandler:
  // Signal=11", "Unhandled Exception: EXCEPTION_ACCESS_VIOLATION reading address 0x9bafe000",
  // "Crash in runnable thread TaskGraphThreadNP 0".
  { id: 'unreal-crash', re: /^Signal \d{1,2} caught\.$|^Crash in runnable thread \S/ },
  {
    id: 'unreal-crash-handler',
    re: /\bCommonUnixCrashHandler: Signal=\d|\bUnhandled Exception: EXCEPTION_[A-Z]/,
  },
  // Omniverse's (Isaac Sim's) crash reporter ("[carb.crashreporter-breakpad.plugin] [crash] A crash has occurred.").
  { id: 'omniverse-crash', re: /\[carb\.crashreporter-breakpad\.plugin\] \[crash\]/ },
  // A GPU simulator or renderer that got no OpenGL or EGL context on a headless machine (Habitat's
  // "cannot initialize EGL: EGL_NOT_INITIALIZED" and "Unable to create windowless context", GLFW's
  // "EGL: Failed to get EGL display", MuJoCo's "gladLoadGL error").
  {
    id: 'gl-context-failed',
    re: /\bcannot (?:initialize EGL|get default EGL display): EGL_[A-Z_]{3,30}|\bUnable to create windowless context\b|\bEGL: Failed to get EGL display\b|\bgladLoadGL error\b/,
  },
  // glibc aborting on a damaged heap ("malloc(): invalid size (unsorted)", "free(): invalid pointer",
  // "double free or corruption (out)", "corrupted size vs. prev_size").
  {
    id: 'glibc-heap-abort',
    re: /\b(?:malloc|free|realloc|munmap_chunk|malloc_consolidate)\(\): (?:invalid|corrupted|unaligned|memory corruption)\b|\bdouble free or corruption \((?:out|!prev|fasttop|top)\)|\bcorrupted (?:size vs\. prev_size|double-linked list)\b/,
    told: true,
  },
  // PyTorch's C++ exception under its frames ("Exception raised from operator() at
  // third_party/op-plugin/.../CastKernelNpuOpApi.cpp:33 (most recent call first):"), Ascend's CANN
  // error code ("call aclnnCast failed, detail:EZ9999: Inner Error!"), ROCm's hipBLASLt ("rocblaslt
  // error: Could not load .../TensileLibrary_lazy_gfx942.dat").
  { id: 'c10-exception-raised', re: /^Exception raised from \S+ at \S+:\d+ \(most recent call first\):/ },
  { id: 'cann-error-code', re: /\bE[A-Z]\d{4}: Inner Error!|\bcall aclnn\w{2,60} failed, detail:/ },
  { id: 'rocblaslt-error', re: /^rocblaslt error: \S/ },
  // A gRPC backend that died under its server (LocalAI: "rpc error: code = Unavailable desc = error
  // reading from server: EOF"), and the kernel's note of a process stopped by an instruction its
  // processor lacks ("traps: python[3788580] trap invalid opcode ip:7f47dac751ea sp:7f47b37fcd50 error:0").
  {
    id: 'grpc-backend-died',
    re: /\brpc error: code = Unavailable desc = error reading from server: EOF\b/,
    told: true,
  },
  { id: 'kernel-trap-invalid-opcode', re: /\btrap invalid opcode ip:[0-9a-f]{4,16} sp:[0-9a-f]{4,16}/ },
  // InvokeAI's log at error level ("[2024-04-02 22:35:41,216]::[InvokeAI]::ERROR --> Error while invoking session ...").
  { id: 'invokeai-error', re: /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\]::\[[\w.]{2,60}\]::ERROR --> \S/ },
  // The kubelet's event for a container that keeps failing ("Back-off 20s restarting failed
  // container=nvidia-driver-installer pod=...: CrashLoopBackOff").
  { id: 'kubelet-backoff', re: /\bBack-off (?:\d{1,3}[smh]){1,3} restarting failed container\b/, told: true },
  // Singularity's and Apptainer's fatal notice, its level padded to the width of the others
  // ("FATAL:   container creation failed: exec: "/usr/bin/nvidia-container-cli": stat ...").
  { id: 'singularity-fatal', re: /^FATAL: {3}\S/ },
  // NVIDIA's NGC containers starting where they see no GPU.
  { id: 'ngc-no-gpu', re: /^ERROR: No supported GPU\(s\) detected to run this container\b/ },
  // Cloud training services reporting a failed job: Google's AI Platform ("The replica worker 0
  // exited with a non-zero status of 1."), Azure ML ("AzureMLCompute job failed. JobFailed:
  // ..."), Databricks ("The spark driver has stopped unexpectedly and is restarting.").
  {
    id: 'cloud-job-failed',
    re: /\bThe replica \w+ \d+ exited with a non-zero status of -?\d+|\bAzureMLCompute job failed\. \w+:|\bThe spark driver has stopped unexpectedly\b/,
  },
  // NCCL's warnings after their source ("misc/ibvwrap.cc:212 NCCL WARN Call to ibv_reg_mr
  // failed", "[3] NCCL WARN ...", "register_rail_mr_buffer:617 NCCL WARN NET/OFI Unable to register memory").
  { id: 'nccl-warn', re: /(?:\]|:\d+) NCCL WARN \S/ },
  // MPI ending a job ("application called MPI_Abort(comm=0xC4000001, 1) - process 2047",
  // "MPICH ERROR [Rank 2047] [job id 57638547.0] ...").
  { id: 'mpi-abort', re: /\bapplication called MPI_Abort\(|^MPICH ERROR \[Rank \d+\]/ },
  // Jupyter's kernel restarter ("KernelRestarter: restarting kernel (1/5)"), and VS Code's
  // notices ("The Kernel crashed while executing code in the current cell or a previous cell.", and
  // after it "Cannot execute code, session has been disposed. Please try restarting the Kernel."), also
  // as a user retyped one ("Kernel crashes when executing code in the current or previous cell.").
  {
    id: 'jupyter-restarter',
    re: /\bKernelRestarter: restarting kernel \(\d+\/\d+\)|^Kernel crashe[sd] (?:when|while) executing code in the current or (?:a )?previous cell\b/,
  },
  {
    id: 'vscode-kernel-crashed',
    re: /\bThe Kernel crashed while executing code in the (?:the )?current cell or a previous cell\b|^Cannot execute code, session has been disposed\b/,
  },
  // ROCm's runtime when a kernel touched memory it may not ("Memory access fault by GPU node-1
  // (Agent handle: 0x561401550ed0) on address 0x7f8942626000. Reason: Page not present ...").
  { id: 'rocm-memory-fault', re: /\bMemory access fault by GPU node-\d+ \(Agent handle: 0x/, told: true },
  { id: 'hsa-status-error', re: /\bHSA_STATUS_ERROR_[A-Z_]{4,}/, told: true },
  // Colab ending a session, and Jupyter's server log when a kernel restarted under it
  // ("WARNING:root:kernel 64d26b43-8b7c-4bf4-a3a3-cb7c4a4b1a2d restarted").
  {
    id: 'colab-session-crashed',
    re: /\bYour session crashed (?:after using all available RAM|for an unknown reason)\b/,
    told: true,
  },
  {
    id: 'jupyter-kernel-restarted',
    re: /\bkernel [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} restarted\b/,
  },
  // ollama's client when the runner under it died mid-answer ("Error: POST predict: Post
  // "http://127.0.0.1:40453/completion": EOF", older "Error: error reading llm response: unexpected EOF").
  {
    id: 'ollama-runner-eof',
    re: /\bError: (?:POST predict: Post "[^"\s]{1,200}": EOF|error reading llm response: unexpected EOF)/,
    told: true,
  },
  // HIP's API trace (AMD_LOG_LEVEL=3) showing a call that failed ("hipLaunchKernel: Returned hipErrorInvalidDeviceFunction").
  { id: 'hip-trace-error', re: /: Returned hipError[A-Z]\w+/ },
  // A traceback cut before its exception: a frame under its header is what Python printed.
  // The header may end a line it was glued onto when the newlines before it were lost ("...start
  // transcribe processTraceback (most recent call last):").
  {
    id: 'traceback-frame',
    re: PYTHON_FRAME,
    after: /^Traceback \(most recent call last\):|[a-z]Traceback \(most recent call last\):$/,
  },
  // UCX's and Open MPI's crash handler ("Caught signal 11 (Segmentation fault: address not mapped
  // to object at address (nil))", then "==== backtrace (tid:  10213)").
  {
    id: 'ucx-caught-signal',
    re: /\bCaught signal \d+ \((?:Segmentation fault|Bus error|Illegal instruction|Aborted|Floating point exception)\b|^==== backtrace \(tid: *\d+\) ====/,
  },
  // A Rust program's backtrace ("   0: anyhow::error::<impl ...>::from" over "at /home/...").
  { id: 'rust-frame', re: /^\d{1,3}: (?:<|[a-z_]\w*::)\S/, run: 3 },
  // A Rust program's panic ("thread 'main' panicked at src/main.rs:2:5:", older "thread '<unnamed>'
  // panicked at 'msg', src/lib.rs:10:5", newer with the thread's id "thread 'main' (38920920) panicked
  // at ...", and the thread's name left out by the writer, "thread ... panicked at ...").
  { id: 'rust-panic', re: /^thread (?:'[^'\n]{0,100}'(?: \(\d{1,12}\))?|\.\.\.) panicked at \S/ },
  // Rust's runtime aborting ("fatal runtime error: Rust cannot catch foreign exceptions, aborting", a
  // C++ library's exception through whisper-rs), and a linker's unresolved symbol ("undefined reference
  // to `at::_ops::empty_memory_format::call(...)'" building tch-rs or a libtorch app).
  { id: 'rust-fatal-runtime', re: /^fatal runtime error: [A-Z]/ },
  { id: 'linker-undefined-reference', re: /\bundefined reference to [`'][\w:~<>]/ },
  // kubectl's pod listing with a pod that keeps failing ("pytorchjob-example-master-0   0/2
  // CrashLoopBackOff   8   2m32s").
  {
    id: 'kubectl-pod-failing',
    re: /^[\w.-]+ +\d+\/\d+ +(?:Init:)?(?:CrashLoopBackOff|OOMKilled|Error) +\d+/,
  },
  // ONNX Runtime's status ("[ONNXRuntimeError] : 1 : FAIL : CUDA error executing cudaMemcpy(...)").
  { id: 'onnxruntime-error', re: /\[ONNXRuntimeError\] : \d+ : [A-Z_]{4,} : \S/ },
  // ... and a node that failed while a session ran ("Non-zero status code returned while running
  // MemcpyToHost node. Name:'Memcpy_token_27' Status Message: ...").
  {
    id: 'onnxruntime-node-failed',
    re: /\bNon-zero status code returned while running \w+ node\. Name:'/,
    told: true,
  },
  // A Japanese writer quoting the program's failure dialog and saying it was shown: "「再生に失敗しました。
  // エンジンを再起動してください。」と表示される", "「音声合成エンジンが異常終了しました…」のエラーダイアログが現れます".
  {
    id: 'ja-quoted-failure-shown',
    re: /「[^」]{0,200}(?:失敗しました|異常終了しました|できませんでした|エラーが発生しました)[^」]{0,200}」(?:と表示され(?:る。|る$|ます|た|ました)|というエラーが|のエラーダイアログが)/,
  },
  // loguru's line at an error level ("2024-05-01 12:00:00.123 | ERROR    | gradio_tabs.train:style_gen:246 - Step 5: style_gen failed.").
  { id: 'loguru-error', re: /(?:^|\| )(?:ERROR|CRITICAL) +\| [\w.]+:[\w<>]+:\d+ - \S/ },
  // DXGI's device removed, as DirectML and Direct3D report it (Windows' text, in English or Japanese):
  // "The GPU device instance has been suspended. Use GetDeviceRemovedReason to determine the appropriate action."
  {
    id: 'dxgi-device-removed',
    re: /(?:instance has been suspended|インスタンスが中断されています)[.。] ?(?:Use )?GetDeviceRemovedReason\b/,
    told: true,
  },
  // VS Code's Jupyter extension when the kernel process ended ("error 18:24:45.920: Raw kernel process exited code: 3").
  // Killed by a signal, it has no code ("Raw kernel process exited code: undefined"), and the
  // extension says why it drops the session ("Disposing session as kernel process died ExitCode: undefined").
  {
    id: 'vscode-raw-kernel-exited',
    re: /\bRaw kernel process exited code: (?:-?[1-9]\d*|undefined)|\bDisposing session as kernel process died\b/,
  },
  // NVIDIA's Kubernetes device plugin marking a GPU unhealthy ("XidCriticalError: Xid=79 on Device=GPU-...").
  { id: 'device-plugin-xid', re: /\bXidCriticalError: Xid=\d+/ },
  // A Go program's panic: where the goroutine came from, and the registers it died with
  // ("created by github.com/ollama/ollama/llama/runner.Execute in goroutine 1", "rip    0x77f67e49eb1c").
  { id: 'go-created-by', re: /^created by [\w./-]+ in goroutine \d+$/ },
  // Its header ("panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV:
  // segmentation violation code=0x1 addr=0x30 pc=0x1413457]", "goroutine 346 [running]:").
  {
    id: 'go-panic',
    re: /^panic: runtime error: \w|^\[signal SIG(?:SEGV: segmentation violation|BUS: bus error|FPE: floating-point exception|ILL: illegal instruction|ABRT: abort) code=|^goroutine \d+ \[running\]:$/,
  },
  // Go's structured logger at the error level, as ollama writes it ('time=2025-03-12T12:14:22.015Z level=ERROR
  // source=sched.go:456 msg="error loading llama server" error="llama runner process has terminated: signal: killed"').
  { id: 'go-slog-error', re: /\blevel=(?:ERROR|FATAL) source=[\w./-]{1,80}:\d{1,6} msg=\S/ },
  { id: 'go-registers', re: /^(?:r[a-d]x|r[sd]i|r[sb]p|r\d{1,2}|rip|rflags|cs|fs|gs) +0x[0-9a-f]+$/, run: 3 },
  // torch.distributed.elastic's agent ending the other ranks once one has failed.
  { id: 'elastic-closing-signal', re: /\bSending process \d+ closing signal SIG[A-Z]{3,4}\b/ },
  // Kaldi's error lines ("ERROR (nnet3-chain-train2[5.5]:AddMatMat():cu-matrix.cc:1329) ...").
  // Vosk's build of it too, without a version and with the source's folder ("ERROR (VoskAPI:KaldiRecognizer():
  // build-libkaldiwrap/kaldi_recognizer.cc:82) Can't create decoding graph."), and k2's fatal check
  // ("[F] /k2/k2/csrc/ragged.cu:116:k2::Array1<int>& k2::RaggedShape::RowIds(int32_t) Check failed: ..."),
  // and Vosk's failed assertion ("ASSERTION_FAILED (VoskAPI:UpdateStatsUntilFrameWeighted():
  // online-ivector-feature.cc:285) Assertion failed: ...").
  { id: 'kaldi-error', re: /^(?:ERROR|ASSERTION_FAILED) +\([\w.-]+(?:\[[^\]\s]+\])?:\w+\(\):[\w.-]+:\d+\)/ },
  { id: 'vosk-error', re: /^ERROR \(VoskAPI:[\w:<>~]+\(\):[\w.\\/-]+:\d+\)/ },
  { id: 'k2-fatal', re: /^\[F\] \/[\w./-]{1,300}\.(?:cu|cc|cpp|h):/ },
  // gunicorn's arbiter when a worker died of a signal ("Worker (pid:54) was sent code 139!", "... was sent SIGKILL!").
  { id: 'gunicorn-worker-signal', re: /\bWorker \(pid:\d+\) was sent (?:code \d+|SIG[A-Z]{3,4})!/ },
  // Google Colab's browser console when the runtime died ("Your session crashed. Automatically restarting.").
  { id: 'colab-session-crashed', re: /^Your session crashed\b/ },
  // A container engine's Go error chain ("Error: setting up CDI devices: failed to inject devices: ...",
  // "Error: preparing container ... for attach: crun: ...: OCI runtime error").
  { id: 'engine-error-chain', re: /^Error: [a-z][\w ]{3,120}: [a-z][\w"/.` -]{1,120}: \S/ },
  // A Go program's own crash report ("SIGSEGV: segmentation violation", "signal arrived during
  // cgo execution", "goroutine 4 gp=0xc0000076c0 m=0 mp=0x55ef197e41c0 [syscall]:").
  { id: 'go-signal', re: /^SIG[A-Z]{3,6}: [a-z][a-z ]{2,40}$/ },
  { id: 'go-cgo-signal', re: /^signal arrived during (?:cgo|external code) execution$/ },
  { id: 'go-goroutine', re: /^goroutine \d+ (?:gp=0x[0-9a-f]+ m=\d+ mp=0x[0-9a-f]+ )?\[[\w ,.]{2,60}\]:$/ },
  // systemd-coredump's report ("           PID: 302990 (python)" ... "        Signal: 11 (SEGV)").
  { id: 'coredump-signal', re: /^Signal: \d{1,2} \((?:SEGV|ABRT|BUS|ILL|FPE|TRAP|SYS)\)$/ },
  // Node.js's native stack trace (Electron apps: ComfyUI Desktop), "----- Native stack trace -----"
  // over frames " 1: 00007FF69739F99A uv_cpumask_size+72474".
  { id: 'node-native-stack', re: /^-{3,6} Native stack trace -{3,6}$/ },
  { id: 'node-native-frame', re: /^\d{1,3}: [0-9A-F]{12,16} \S/, run: 3 },
  // The C runtime's dialog on Windows, retyped ("Microsoft Visual C++ Runtime Library" / "Debug
  // Error!" / "abort() has been called").
  { id: 'msvc-abort', re: /^abort\(\) has been called\b|^\(Press Retry to debug the application\)$/ },
  // Triton Inference Server giving up at start ("error: creating server: Internal - failed to load all models").
  { id: 'triton-creating-server', re: /^error: creating server: \S/ },
  // IPython's traceback: the arrow at the line that raised ("--> 593         steps_name='steps_per_epoch')",
  // in some releases "-> 1102"), and the exception under one such arrow.
  { id: 'ipython-arrow', re: IPYTHON_ARROW, run: 2 },
  { id: 'ipython-raised', re: EXCEPTION_WITH_MESSAGE, after: IPYTHON_ARROW },
  // Python's OSError on Windows, in a log line ("Error stopping training: [WinError 5] Access is denied").
  { id: 'winerror', re: /\[WinError \d{1,5}\] [A-Z][a-z]/ },
  // TurboMind's (lmdeploy's) fatal check ("[TM][FATAL] kernels/apply_token_bitmask_inplace_cuda.cu(212): Check failed: ..."),
  // and its errors ("[TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/core/allocator.cc:49").
  { id: 'turbomind-fatal', re: /\[TM\]\[(?:FATAL|ERROR)\] \S/ },
  // Python's logging in the "time - name - level - place - message" format many projects set
  // ("2025-03-19 04:28:52,017 - lmdeploy - ERROR - async_engine.py:777 - session 85 finished, reason
  // "error""), at its error levels, also inside the writer's line.
  {
    id: 'python-logging-dashes-error',
    re: /\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} - [\w.-]+ - (?:ERROR|CRITICAL|FATAL) - \S/,
  },
  // A segmentation fault as a Chinese console prints it, alone on its line ("段错误", "段错误 (核心已转储)").
  { id: 'segfault-zh', re: /^段错误(?: ?[(（]核心已转储[)）])?\r?$/ },
  // nuclio's tools (CVAT's serverless functions): their logger at the error level ("22.12.04 09:45:41.159
  // nuctl (E) ...") and the Go source under an error ("Error - exec: "/bin/sh": file does not exist" over
  // "/nuclio/pkg/cmdrunner/cmdrunner.go:124").
  { id: 'nuclio-logger-error', re: /^\d\d\.\d\d\.\d\d \d\d:\d\d:\d\d\.\d{3} +[\w.-]+ \(E\) \S/ },
  { id: 'go-error-source', re: /^(?:\.\.\.)?\/[\w./-]+\.go:\d{1,6}\r?$/, after: /^Error - \S/ },
  // loguru's columns over a traceback ("2025-04-23 21:46:15.923 | DEBUG    | __main__:write:23 - Traceback
  // (most recent call last):"), as Labelme logs what it catches.
  {
    id: 'loguru-traceback',
    re: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \| [A-Z]+ +\| \S+ - Traceback \(most recent call last\):/,
  },
  // A .NET or Java stack: "   at System.Linq.Enumerable.Select[TSource,TResult](IEnumerable`1 source, ...)",
  // in a localized .NET too ("в ...", "bei ..."), and Java's "at org.pytorch.serve.wlm.WorkerThread.run(WorkerThread.java:100)",
  // with the module before the class since Java 9 ("at java.base/java.lang.Thread.run(Thread.java:831)").
  { id: 'managed-frame', re: /^(?:at|в|bei|à|en|em) [\w.`<>[\],+$/]{3,200}\([^()\n]{0,300}\)/, run: 3 },
  // JavaScript's stack, as V8 prints it in a browser's console, Node.js and Electron ("    at
  // InferenceSession.run (inference-session-impl.ts:108:1)", "at Module._load
  // (node:internal/modules/cjs/loader:937:12)", "at Generator.next (<anonymous>)", a WebAssembly frame
  // "at ort-wasm-simd.wasm:0x8c2802"; older Chrome gave the line alone, "at gn (tf-core.esm.js:17)"),
  // and the frames DevTools copies as "t.initializeBackend @ engine.ts:303".
  {
    id: 'js-frame',
    re: /^at (?:async |new )?(?:\S{1,200} (?:\[as [\w$.]{1,80}\] )?\((?:[^\s()]{1,300}:\d{1,7}(?::\d{1,7})?|<anonymous>)\)|[^\s()]{1,300}:\d{1,7}:\d{1,7}|[^\s()]{1,200}\.wasm:0x[0-9a-f]{1,10})$/,
    run: 3,
  },
  { id: 'devtools-frame', re: /^\S{1,200} @ [^\s@]{1,300}:\d{1,7}$/, run: 3 },
  // The console's line for an error nothing caught ("Uncaught (in promise) TypeError: Cannot read
  // properties of undefined (reading 'apply')", after its place: "env.js:60 Uncaught TypeError: ..."),
  // and Electron's dialog ("Uncaught Exception:").
  { id: 'js-uncaught', re: /\bUncaught (?:\(in promise\) )?(?:[A-Z][a-zA-Z]{0,40})?(?:Error|Exception):/ },
  // An Emscripten build's abort, as WebAssembly runtimes (onnxruntime-web, MediaPipe, wllama) print
  // it ("RuntimeError: Aborted(native code called abort())", "abort(undefined) at Error", "Aborted()").
  {
    id: 'emscripten-abort',
    re: /^(?:RuntimeError: )?(?:Aborted\([^()\n]{0,200}(?:\([^()\n]{0,100}\))?\)|abort\([^()\n]{0,200}\) at Error)/,
  },
  // The browser's own failures: a DOM call that failed ("Failed to execute 'dispatch' on 'MLContext':
  // Invalid inputs: ..."), Chromium's log line at error level ("[664695:1:0418/134935.864490:ERROR:
  // gpu_device.cc(253)] GPUDevice: [Invalid BindGroup] is invalid.", after the writer's colon too:
  // "showing the following error:[25268:0919/170604.315:ERROR:crashpad_client_win.cc(868)] not connected"),
  // the GPU process losing its device
  // ("D3D12 create command queue failed with DXGI_ERROR_DEVICE_REMOVED (0x887A0005)", WebGL's
  // "CONTEXT_LOST_WEBGL: loseContext: context lost"), and WebLLM's "Device was lost during reload.
  // This can happen due to insufficient memory ...".
  { id: 'dom-failed-to-execute', re: /\bFailed to execute '\w{1,60}' on '\w{1,60}': [A-Z]/ },
  {
    id: 'chromium-error-log',
    re: /(?:^|[\s:])\[\d{1,7}(?::\d{1,7})?:\d{4}\/\d{6}\.\d{3,6}:(?:ERROR|FATAL):[\w.-]{1,80}\(\d{1,6}\)\] \S/,
  },
  { id: 'd3d-device-removed', re: /\bDXGI_ERROR_DEVICE_(?:REMOVED|HUNG|RESET) \(0x887A000[5-7]\)/ },
  { id: 'webgl-context-lost', re: /\bCONTEXT_LOST_WEBGL: \w{1,60}: context lost\b/ },
  {
    id: 'webllm-device-lost',
    re: /\bDevice was lost during \w{1,40}\. This can happen due to insufficient memory\b/,
  },
  // onnxruntime-web and -node's failed call ("Error: failed to call OrtRun(). error code = 6."),
  // Android's runtime out of memory under a React Native model ("Failed to allocate a 54000015 byte
  // allocation with 25165824 free bytes and 41MB until OOM"), and npm's failed install script
  // ("npm ERR! command failed", newer npm's "npm error code 1").
  { id: 'ort-call-failed', re: /\bfailed to call Ort[A-Z]\w{2,40}\(\)\. error code = -?\d{1,4}\b/ },
  {
    id: 'android-alloc-failed',
    re: /\bFailed to allocate a \d{1,12} byte allocation with \d{1,12} free bytes and \d{1,9}[KMG]?B until OOM\b/,
  },
  { id: 'npm-error', re: /^npm (?:ERR!|error) (?:code [A-Z0-9_]{1,40}|command failed|errno -?\d{1,5})$/ },
  // jaxlib's failed GPU call, as its custom calls raise it ("INTERNAL: CustomCall failed:
  // jaxlib/gpu/prng_kernels.cc:33: operation gpuGetLastError() failed: ...", "jaxlib/cusolver_kernels.cc:44:
  // operation cusolverDnCreate(&handle) failed: cuSolver internal error"), ColabFold's question before
  // any XLA error ("Not Enough GPU memory? INTERNAL: RET_CHECK failure ..."), its notice when JAX finds
  // no GPU ("WARNING: no GPU detected, will be using CPU"), and Boltz skipping a batch that did not fit
  // ("WARNING: ran out of memory, skipping batch").
  { id: 'jaxlib-operation-failed', re: /\bjaxlib\/[\w/]{1,60}\.cc:\d{1,6}: operation \w{1,60}\(/ },
  { id: 'colabfold-not-enough-memory', re: /^Not Enough GPU memory\? [A-Z_]{3,30}: / },
  { id: 'colabfold-no-gpu', re: /^WARNING: no GPU detected, will be using CPU$/ },
  { id: 'oom-skipping-batch', re: /\bWARNING: ran out of memory, skipping batch\b/ },
  // IPython 8's frame header ("File ~/GitHub/scGPT/scgpt/model/model.py:109, in TransformerModel.__init__(self, ...)").
  { id: 'ipython-frame', re: /^File \[?(?:~|\/|[A-Za-z]:\\)\S{0,300}\.py:\d{1,6}, in [\w<]/ },
  // Managed training and pipelines: Vertex AI's failed replica ("The replica workerpool0-0 exited with
  // a non-zero status of 128. Termination reason: StartError."), the Docker daemon refusing a call
  // (Kubeflow's "failed to save outputs: Error response from daemon: No such container: ...", RunPod's
  // "error starting container: Error response from daemon: ..."), Flask's log of a request that raised
  // ("ERROR in serving: 'AssertionError' object has no attribute 'message'", a SageMaker endpoint's),
  // and a cloud API's error body pasted ('"code":"ClusterMinNodesExceedCoreQuota","message":"The
  // specified subscription has a Standard DSv2 family vCPU quota of 6 ...').
  {
    id: 'vertex-replica-exited',
    re: /\bThe replica \w{1,40}-\d{1,4} exited with a non-zero status of \d{1,3}\b/,
  },
  { id: 'daemon-error-told', re: /\bError response from daemon: [A-Za-z]/, told: true },
  // Airflow's task log at an error level, with its comma after the date ("[2025-10-15, 09:48:22]
  // ERROR - Task failed with exception") or its logger's file before the level ("{taskinstance.py:1455}
  // ERROR - ...").
  { id: 'airflow-error-line', re: /^\[\d{4}-\d\d-\d\d, \d\d:\d\d:\d\d\] (?:ERROR|CRITICAL) - \S/ },
  { id: 'airflow-logger-error', re: /\{[\w.-]+:\d+\} (?:ERROR|CRITICAL) - \S/ },
  { id: 'flask-error-in', re: /\bERROR in [\w.]{1,60}: [A-Z'"]/, told: true },
  { id: 'api-error-json', re: /"code": ?"[A-Z][A-Za-z]{3,60}", ?"message": ?"[A-Z]/ },
  // A script's shell not finding a command ("/bin/sh: 1: ffmpeg: not found", "bash: line 1: nvcc:
  // command not found"; not zsh's "command not found: killed", typed by a person), and apt failing
  // in an image's build ("E: Unable to locate package ffmpeg").
  {
    id: 'shell-not-found',
    re: /^(?:\/(?:usr\/)?bin\/)?(?:ba|da)?sh: (?:line )?\d{1,6}: [\w./+-]{1,80}: (?:command )?not found$/,
  },
  { id: 'apt-unable-to-locate', re: /^E: Unable to locate package \S/ },
  // Python's logging in its default format ("ERROR:absl:For checkpoint version > 1.0, we require
  // ..."), PyTorch's out-of-memory exception glued after a Chinese full stop ("... during the Load
  // FramePackModel step。torch.OutOfMemoryError"; alone on its line, a bare name is writing, see
  // listen/layout), and onnxruntime's error with the place in its sources ("Error: /onnxruntime_src/
  // onnxruntime/core/session/provider_bridge_ort.cc:1695 onnxruntime::Provider& ...").
  { id: 'python-logging-error', re: /^(?:ERROR|CRITICAL):[\w.]{1,60}:\S/ },
  { id: 'torch-oom-class', re: /[。：]torch\.(?:cuda\.)?OutOfMemoryError$/ },
  { id: 'ort-source-path', re: /\/onnxruntime_src\/onnxruntime\/[\w/]{1,200}\.(?:cc|h):\d{1,6} / },
  // LLM app frameworks' own failure lines: a logger's level in brackets after its clock and logger
  // ("[2024-05-22 13:32:07,032] [forge.sdk.routes.agent_protocol] [ERROR] ..."), an exception shown
  // with its module under "Error: " (CrewAI's "Error: litellm.APIConnectionError: OllamaException -
  // ..."), CrewAI's tool failure ("It seems we encountered an unexpected error while trying to use the
  // tool. This was the error: ..."), pydantic's count of validation errors ("1 validation error for
  // LlamaCpp", in Langflow's and CrewAI's messages), and ggml running out of its context's pool
  // ("ggml_new_object: not enough space in the context's memory pool (needed 18503312, ...)").
  {
    id: 'bracketed-level-after-logger',
    re: /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[.,]\d{3}\] \[[\w.-]{1,80}\] \[(?:ERROR|CRITICAL|FATAL)\] /,
  },
  {
    id: 'error-module-exception',
    re: /^Error: [a-z_][\w]{0,40}\.(?:[\w]{1,40}\.)?[A-Z]\w{0,60}(?:Error|Exception): \S/,
  },
  {
    id: 'crewai-tool-error',
    re: /It seems we encountered an unexpected error while trying to use the tool\. This was the error: /,
  },
  { id: 'pydantic-validation-count', re: /\b\d{1,3} validation errors? for [A-Z]\w{1,60}\b/, told: true },
  { id: 'ggml-context-pool', re: /\bggml_new_object: not enough space in the context's memory pool\b/ },
  // Open MPI giving up at start (guided-diffusion's samplers run under mpiexec): "*** An error occurred in
  // MPI_Init_thread" (its stars are taken off with the lead's markup), PMIx's "PMIX ERROR: OUT-OF-RESOURCE in file ../src/server/pmix_server.c at line
  // 3408"; and StyleGAN's custom CUDA ops failing to build ("Setting up PyTorch plugin "upfirdn2d_plugin"...
  // Failed!").
  { id: 'mpi-init-error', re: /^An error occurred in MPI_[A-Z][a-z_]{2,40}\b/ },
  { id: 'pmix-error', re: /\bPMIX ERROR: [A-Z][A-Z_-]{2,40} in file \S/ },
  { id: 'stylegan-plugin-failed', re: /^Setting up PyTorch plugin "\w{1,60}"\.\.\. Failed!/ },
  // Android: logcat's lines at error and fatal level, in its brief form ("E/onnxruntime: ...",
  // "F/libc: Fatal signal 11"), after the process and thread Android Studio writes behind the clock
  // ("13268-13268/com.play.onnxruntime E/OperationsUtils: NN_RET_CHECK failed ..."), and in its
  // threadtime form ("01-05 02:52:50.746 28769 28769 F DEBUG   : signal 11 (SIGSEGV) ..."); the
  // runtime's "FATAL EXCEPTION: main"; a tombstone's signal line ("signal 11 (SIGSEGV), code 1
  // (SEGV_MAPERR), fault addr 0x0") and its frames ("#00 pc 0x0000000000095204 /apex/.../libc.so
  // (abort+180)"); ONNX Runtime's Java exception ("Error code - ORT_RUNTIME_EXCEPTION - message: ...");
  // TensorFlow Lite's GPU delegate refusing operations; and Gradle's failed build ("Execution failed for
  // task ':launcher:mergeReleaseNativeLibs'.", "BUILD FAILED in 12s").
  { id: 'logcat-threadtime-error', re: /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [EF] [\w./-]+ *: \S/ },
  { id: 'logcat-brief-error', re: /^[EF]\/[\w./-]+(?:\( *\d+\))?: +\S/ },
  { id: 'logcat-studio-error', re: /^\d+-\d+(?:\/[\w.]+)? [EF]\/[\w./-]+: \S/ },
  { id: 'android-fatal-exception', re: /\bFATAL EXCEPTION: [\w #-]{1,60}$/ },
  // Android Studio's newer Logcat columns (date, pid-tid, tag, package, level) at the error, fatal
  // and assert levels, as a tombstone prints through it ("2024-09-09 11:39:22.069  9575-9575  DEBUG
  // pid-9575  A  signal 6 (SIGABRT), code -1 (SI_QUEUE), fault addr --------").
  {
    id: 'logcat-columns-error',
    re: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+-\d+ +\S+ +\S+ +[EFA] +\S/,
  },
  { id: 'android-tombstone-signal', re: /^signal \d{1,2} \(SIG[A-Z]{3,6}\), code -?\d{1,3} \(/ },
  { id: 'android-frame', re: /^#\d{2} +pc (?:0x)?[0-9a-f]{4,16} +\S/, run: 3 },
  { id: 'ort-java-exception', re: /\bError code - ORT_[A-Z_]{3,40} - message: / },
  { id: 'tflite-gpu-delegate-unsupported', re: /\bFollowing operations are not supported by GPU delegate:/ },
  { id: 'gradle-task-failed', re: /\bExecution failed for task ':[\w:.-]{1,120}'\./ },
  {
    id: 'gradle-build-failed',
    re: /^BUILD FAILED in \d{1,5}(?:m \d{1,2})?s$|^FAILURE: Build failed with an exception\.$/,
  },
  // ncnn's Vulkan calls failing, as its upscalers print them (waifu2x, Real-ESRGAN, RealSR and RIFE
  // ncnn-vulkan, Upscayl, Video2X): "vkQueueSubmit failed -4", "vkEnumeratePhysicalDevices failed -3",
  // and chaiNNer's error dialog ("An error occurred in a NCNN Upscale Image node:").
  { id: 'ncnn-vulkan-failed', re: /\bvk[A-Z]\w{2,40} failed -\d{1,2}\b/ },
  { id: 'chainner-node-error', re: /^An error occurred in an? [\w -]{1,60} node:/ },
  // Services behind a labeling tool: requests' HTTPError with its status ("requests.exceptions.HTTPError:
  // 500 Server Error: Internal Server Error for url: http://nuclio:8070/api/function_invocations"), RQ's
  // worker killed ("Work-horse process was terminated unexpectedly (waitpid returned 9)"), and Celery's
  // log at an error level ("[2025-02-12 14:32:50,257: ERROR/Process-1:5] Process Process-1:5").
  { id: 'requests-http-error', re: /\b[45]\d\d (?:Server|Client) Error: [A-Z][\w ]{2,40} for url: / },
  {
    id: 'rq-work-horse-killed',
    re: /\bWork-horse process was terminated unexpectedly \(waitpid returned -?\d{1,3}\)/,
  },
  {
    id: 'celery-error-line',
    re: /\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}: (?:ERROR|CRITICAL)\/[\w:-]{1,40}\] /,
  },
  // loguru's line at an error level ("2026-03-12 18:20:16.006 | ERROR    | acestep.core...:85 - ..."),
  // Torch-TensorRT's ("ERROR: [Torch-TensorRT - Debug Build] - Unsupported operator: aten::max.dim"), and
  // OpenVINO's converter's banner ("[ ERROR ]  ----------------- INTERNAL ERROR ----------------").
  { id: 'loguru-error-line', re: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \| (?:ERROR|CRITICAL) +\| \S/ },
  { id: 'torch-tensorrt-error', re: /^ERROR: \[Torch-TensorRT[\w -]{0,30}\] - \S/ },
  {
    id: 'openvino-internal-error',
    re: /^\[ ERROR \] +(?:-{5,} INTERNAL ERROR -{5,}|Unexpected exception happened\.)/,
  },
  // Julia's errors and stack traces (Flux, CUDA.jl, AMDGPU.jl): "ERROR: LoadError: ...", "ERROR: MethodError:
  // no method matching ...", "ERROR: HIPError(code hipErrorOutOfMemory, out of memory)", "ERROR: Out of GPU
  // memory"; frames as Julia 1.6 and newer print them (" [1] throw_api_error(res::CUDA.cudaError_enum)" over
  // "    @ CUDA D:\.julia\packages\CUDA\Wfi8S\lib\cudadrv\libcuda.jl:28") and as older ones did (" [1] include
  // at ./boot.jl:328 [inlined]"), two or more; GPUArrays' "ERROR: Scalar indexing is disallowed." and
  // KernelAbstractions' and CUDA.jl's "ERROR: a exception was thrown during kernel execution.".
  {
    id: 'julia-error',
    re: /^ERROR: (?:LoadError: )?(?:Out of GPU memory|Scalar indexing is disallowed\b|an? exception was thrown during kernel execution\b|[A-Z]\w*(?:Error|Exception)(?:\(|: ))/,
  },
  {
    id: 'julia-scalar-indexing',
    re: /^Invocation of \w{1,40}(?:\([^()\n]{0,200}\))? resulted in scalar indexing of a GPU array\b/,
  },
  { id: 'julia-frame-place', re: /^@ (?:[\w.]{1,100} )?\S{1,300}\.jl:\d{1,6}(?: \[inlined\])?/, run: 2 },
  { id: 'julia-frame', re: /^\[\d{1,3}\] [^\n]{1,300}\.jl:\d{1,6}(?: \[inlined\])?$/, run: 2 },
  // Boost's stack trace, as Triton Inference Server prints it after "Signal (11) received.": "0# 0x000055E8DF741EB9
  // in tritonserver", "2# abort in /usr/lib/x86_64-linux-gnu/libc.so.6".
  { id: 'boost-frame', re: /^\d{1,3}# (?:0x[0-9A-Fa-f]{6,16}|[\w:~<>]{1,200}) in \S/, run: 3 },
  { id: 'signal-received', re: /^Signal \(\d{1,2}\) received\.?$/ },
  // The kernel's oops, however it reaches the paste ("reason: BUG: unable to handle kernel NULL pointer
  // dereference at 0000000000000170" in abrt's report, "BUG: kernel NULL pointer dereference, address: ...").
  {
    id: 'kernel-oops',
    re: /\bBUG: (?:unable to handle (?:kernel )?(?:NULL pointer dereference|paging request|page fault)|kernel NULL pointer dereference)\b/,
  },
  // DeepStream's reference app failing to build its pipeline ("** ERROR: <create_primary_gie_bin:120>:
  // Failed to create 'primary_gie'"), TensorFlow Lite's interpreter failing a node ("ERROR: Node number 13
  // (FlexSplitV) failed to prepare."), the Edge TPU compiler's "Internal compiler error. Aborting!", and
  // Jetson's memory manager failing to start ("NvRmMemInitNvmap failed with No such file or directory").
  { id: 'deepstream-error', re: /^(?:\*\* )?ERROR: <\w{1,80}:\d{1,6}>: \S/ },
  { id: 'tflite-node-failed', re: /^ERROR: Node number \d{1,6} \(\w{1,80}\) failed to (?:prepare|invoke)\b/ },
  { id: 'edgetpu-compiler-error', re: /^Internal compiler error\. Aborting!/ },
  { id: 'jetson-nvrm-failed', re: /\bNvRmMemInit(?:Nvmap)? failed\b/ },
  // Simulators' own failure lines: PhysX's error report, with the SDK's build path and the error's kind
  // ("/buildAgent/work/99bede84aa0a52c2/source/foundation/FdFoundation.cpp (166) : invalid operation :
  // Foundation object exists already."), its GPU allocator failing ("PxgCudaDeviceMemoryAllocator fail to
  // allocate memory 100663296 bytes!! Result = 2"), and MuJoCo's "Nan, Inf or huge value in QACC at DOF 80.
  // The simulation is unstable." and "OpenGL error 0x502 in or before mjr_makeContext".
  {
    id: 'physx-error',
    re: /\.(?:cpp|h) \(\d{1,6}\) : (?:invalid operation|invalid parameter|internal error|abort|out of memory) : \S/,
  },
  { id: 'physx-gpu-alloc-failed', re: /\bPxgCudaDeviceMemoryAllocator fail to allocate memory\b/ },
  {
    id: 'mujoco-unstable',
    re: /\bNan, Inf or huge value in Q(?:ACC|VEL|POS) at DOF \d{1,6}\. The simulation is unstable/,
  },
  { id: 'mujoco-opengl-error', re: /\bOpenGL error 0x[0-9a-fA-F]{1,4} in or before mjr_[a-zA-Z]/ },
  // A launcher's level in brackets before its error ("[ERROR] UnityEnvironment worker 0: environment raised
  // an unexpected exception.", with a component's tag after it: "[ERROR] [nvimgcodec] Could not create
  // decoder"), Hydra's line when the job it ran failed ("Error executing job with
  // overrides: ['algorithm.adv_estimator=grpo', ...]"), Ray's raylet on a worker that died starting ("Some
  // workers of the worker process(26154) have not registered within the timeout. The process is dead,
  // probably it crashed during start."), and a Mellanox NIC's failed work request under NCCL ("mlx5:
  // host_unknown: got completion with error:").
  {
    id: 'bracketed-error-level',
    re: /^\[(?:ERROR|FATAL|CRITICAL|error|critical)\] (?:\[[\w.-]+\] )?[A-Z]\w/,
  },
  // spdlog's default pattern at its error levels, the clock first, as Dorado logs ("[2024-08-07
  // 09:02:23.427] [error] CUDA error: out of memory").
  {
    id: 'spdlog-timestamped-error',
    re: /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[(?:error|critical)\] \S/,
  },
  { id: 'hydra-job-failed', re: /^Error executing job with overrides: \[/ },
  // Hydra's instantiate() when the class it builds raised ("Error in call to target
  // 'huggingface_hub.hub_mixin.ModelHubMixin.from_pretrained':" over the exception), also in a sentence.
  { id: 'hydra-call-to-target', re: /\bError in call to target '[\w.]{1,200}':/, told: true },
  // An exception under Python 3.11's carets that mark the failing expression ("
  // ^^^^^^^^^^^^^^^^" over "ValueError: unregistered extension code 175").
  { id: 'exception-after-carets', re: EXCEPTION_WITH_MESSAGE, after: /^[~^]{3,}\r?$/ },
  { id: 'ray-worker-dead', re: /\bThe process is dead, probably it crashed during start\b/ },
  { id: 'mlx5-completion-error', re: /\bmlx5: [\w.-]{1,64}: got completion with error\b/ },
  // Kubernetes telling why a pod did not run or was killed: an event row of `kubectl describe` ("Warning
  // FailedScheduling  77s   volcano  0/1 nodes are unavailable: 1 no enough gpu cards on node ."), the
  // kubelet's device manager ("Pod Allocate failed due to requested number of devices unavailable for
  // nvidia.com/gpu"), and its node event ("System OOM encountered, victim process: python, pid: 585821").
  {
    id: 'k8s-warning-event',
    re: /\bWarning +(?:FailedScheduling|UnexpectedAdmissionError|BackOff|FailedMount|FailedCreatePodSandBox|OOMKilling|Evicted) +\d+[smhd]/,
  },
  {
    id: 'k8s-device-allocate-failed',
    re: /\bPod Allocate failed due to requested number of devices unavailable\b/,
  },
  { id: 'k8s-system-oom', re: /\bSystem OOM encountered, victim process: / },
  // The container runtime's own error ("nvidia-container-cli: initialization error: nvml error: driver not
  // loaded"), TensorFlow's failed status check ("Non-OK-status: GpuLaunchKernel(...) status: Internal: out
  // of memory"), and botocore's error for a failed AWS call ("An error occurred (ModelError) when calling
  // the InvokeEndpoint operation: Received server error (0) from model ...").
  {
    id: 'nvidia-container-cli-error',
    re: /\bnvidia-container-cli: (?:initialization|mount|detection|requirement|ldcache|container) error: /,
    told: true,
  },
  { id: 'tf-non-ok-status', re: /\bNon-OK-status: [\w:]{2,80} ?\(/ },
  {
    id: 'botocore-client-error',
    re: /\bAn error occurred \(\w{2,60}\) when calling the \w{2,60} operation\b/,
  },
  // Writing GPU code: compute-sanitizer's and cuda-memcheck's report ("========= Invalid __global__ read of
  // size 4 bytes", "========= ERROR SUMMARY: 1 error"), ptxas refusing a kernel ("ptxas error   : Entry
  // function '...' uses too much shared data"), and a compiler the OOM killer ended ("gcc: fatal error:
  // Killed signal terminated program cc1plus").
  {
    id: 'compute-sanitizer',
    re: /^={5,} +(?:Invalid __(?:global|shared|local)__ (?:read|write|atomic)|Program hit \w|Address 0x[0-9a-f]+ is out of bounds|ERROR SUMMARY: [1-9])/,
  },
  { id: 'ptxas-error', re: /^ptxas (?:error|fatal) +: \S/ },
  { id: 'compiler-killed', re: /\bfatal error: Killed signal terminated program \w/ },
  // The JVM's fatal error log when native code crashed under it (Spark RAPIDS, TorchServe's frontend):
  // "# SIGSEGV (0xb) at pc=0x00007f..., pid=123, tid=456" and a native frame, "C  [cudf_io5390148209696334138.so+0x170830]".
  {
    id: 'jvm-fatal-error',
    re: /^# (?:SIGSEGV|SIGBUS|SIGILL|SIGFPE|EXCEPTION_ACCESS_VIOLATION) \(0x[0-9a-f]{1,8}\) at pc=0x|^C {1,2}\[[\w.+-]{1,200}\+0x[0-9a-f]{1,16}\]/,
  },
  // Builds and launchers on Windows: CMake stopping ("CMake Error at C:/Program Files/CMake/share/cmake-3.30/
  // Modules/CMakeTestCUDACompiler.cmake:59 (message):"), nvcc's count of errors ("1 error detected in the
  // compilation of "llama.cpp/ggml/src/ggml-cuda/sum.cu"."), cmd's "'conda' is not recognized as an internal
  // or external command", and a failed HRESULT in DirectML's fatal log ("F tensorflow/c/logging.cc:43]
  // HRESULT failed with 0x887a0001: dml_device_->GetDeviceRemovedReason()").
  { id: 'cmake-error', re: /^CMake Error at \S.{0,300}:\d{1,6} \(\w{1,40}\):$/ },
  { id: 'nvcc-errors-detected', re: /\b\d{1,4} errors? detected in the compilation of "/, told: true },
  { id: 'cmd-not-recognized', re: /\bis not recognized as an internal or external command\b/, told: true },
  { id: 'hresult-failed', re: /\bHRESULT failed with 0x[0-9a-fA-F]{8}\b/ },
  // Intel's and Habana's runtimes: SYCL's failed call ("Native API failed. Native API returns: -5
  // (PI_ERROR_OUT_OF_RESOURCES)", "40 (UR_RESULT_ERROR_OUT_OF_RESOURCES)"), OpenVINO's GPU plugin out of
  // resources ("[GPU] out of GPU resources", "Due to the driver bug any subsequent OpenCL API call will cause
  // application hang"), ONNX Runtime's error log ("[E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel]
  // Non-zero status code returned while running ..."), and Gaudi's SynapseAI ("synDeviceAcquire(...) failed
  // with synapse error: 20").
  {
    id: 'sycl-native-api-failed',
    re: /\bNative API failed\. Native API returns: -?\d{1,4} \((?:PI|UR_RESULT)_ERROR_\w{2,60}\)/,
  },
  {
    id: 'openvino-gpu-resources',
    re: /^\[GPU\] out of GPU resources|\bDue to the driver bug any subsequent OpenCL API call will cause application hang\b/,
  },
  { id: 'ort-error-log', re: /\[E:onnxruntime:[\w, ]{0,40}[\w.]{1,60}:\d{1,6} \w{1,60}\] \S/ },
  { id: 'synapse-error', re: /\bfailed with synapse error: \d{1,4}\b/ },
  // A logger that puts the module and line in brackets after the level, as rich's handler and OLMo's
  // trainer do ("CRITICAL [olmo.util:158, rank=0] Uncaught OLMoThreadError: generator thread data thread 3
  // failed"), and a command line refused by argparse or jsonargparse ("error: argument subcommand: invalid
  // choice: 'finetune_lora'", "model_service_worker.py: error: unrecognized arguments: --sock-type unix").
  { id: 'bracketed-logger-error', re: /^(?:ERROR|CRITICAL) +\[[\w.]+:\d+(?:, rank=\d+)?\] \S/ },
  {
    id: 'argparse-error',
    re: /^(?:[\w.-]{1,60}: )?error: (?:argument [\w/-]{1,60}: (?:invalid choice|expected one argument|invalid \w{1,20} value)|unrecognized arguments: |the following arguments are required: )/,
  },
  // torch.distributed.elastic's summary of a failed launch, the script and FAILED alone on a line
  // ("/trl/trl/commands/scripts/sft.py FAILED"), and xtuner's CLI when the command it ran failed
  // ("05/30 17:18:49 - mmengine - WARNING - WARNING: command error: 'cannot import name ...'!").
  { id: 'elastic-script-failed', re: /^[\w./-]{1,200}\.py FAILED$/ },
  { id: 'xtuner-command-error', re: /- WARNING: command error: '/ },
  // spdlog's error levels after the program's name, as SAPIEN (ManiSkill's simulator) prints them
  // ("[2025-05-30 10:34:42.052] [SAPIEN] [critical] Contact buffer overflow detected, ..."); HailoRT's
  // has its own marker above, which also reads it inside a sentence.
  { id: 'spdlog-error', re: /^\[(?!HailoRT\])[\w .-]{1,40}\] \[(?:critical|error)\] \S/ },
  // A traceback kept inside a string of a structured log, its newlines escaped ('"exc_info":
  // "Traceback (most recent call last):\n  File \"/usr/lib/python3.10/runpy.py\", ...', Paddle's
  // '"detail":"...C++ Traceback (most recent call last):\n-----...'): nobody types that by hand.
  { id: 'escaped-traceback', re: /Traceback \(most recent call last\):\\n(?: {0,4}File \\?"|-{5})/ },
  // Model export and runtimes refusing an operator, told or pasted: torch.onnx's "Exporting the operator
  // 'aten::randint' to ONNX opset version 14 is not supported", ONNX Runtime's "No Op registered for
  // FakeQuantize with domain_version of 9", and TensorFlow Lite's "Failed to load delegate from libedgetpu.so.1".
  {
    id: 'onnx-export-unsupported',
    re: /\bExporting the operator '?[\w:.]{1,80}'? to ONNX opset version \d{1,3} is not supported/,
    told: true,
  },
  { id: 'ort-no-op-registered', re: /\bNo Op registered for \w{1,80} with domain_version of \d/, told: true },
  {
    id: 'tflite-delegate-failed',
    re: /\bFailed to load delegate from [\w.-]{1,80}\.(?:so|dll|dylib)\b/,
    told: true,
  },
  // The dynamic loader's refusal, told or pasted ("it yields `ie_api.so: cannot open shared object file:
  // No such file or directory`", "./app: error while loading shared libraries: libfoo.so.1: ..."); not
  // TensorFlow's notice that an optional library is absent ("Could not load dynamic library
  // 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object file: ...").
  {
    id: 'loader-cannot-open',
    re: /(?:^|[`'"]|error while loading shared libraries: )[\w.+-]{1,100}\.so(?:\.[\d.]{1,20})?: cannot open shared object file: No such file or directory/,
    told: true,
  },
  // Triton Inference Server's state of a model it could not load, in its model table or told
  // ("| tensorrt_llm | 1 | UNAVAILABLE: Internal: unexpected error when creating modelInstanceState: ...",
  // "the following error is thrown UNAVAILABLE: Internal: unable to create TensorRT engine"), and
  // TensorRT-LLM's own error tag ("[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp").
  {
    id: 'triton-model-unavailable',
    re: /\bUNAVAILABLE: (?:Internal|Invalid argument|Not found|Unknown|Unsupported|Unavailable|Already exists): \S/,
    told: true,
  },
  { id: 'trtllm-error', re: /\[TensorRT-LLM\]\[(?:ERROR|FATAL)\] \S/ },
  // A program's own tag before its error line ("[AllTalk ENG] Error: You currently have no TTS model
  // loaded.", "[ComfyUI-Manager] Error: ...", "[AnimateDiffEvo] - ERROR - No motion models found.").
  { id: 'tagged-error-line', re: /^\[[A-Za-z][\w .-]{1,30}\] (?:- )?(?:Error|ERROR|FATAL|Fatal)(?::| \S)/ },
  // TensorRT's logger when CUDA cannot start ("[TRT] [W] CUDA initialization failure with error: 100").
  { id: 'tensorrt-cuda-init', re: /\bCUDA initialization failure with error:? \d+/ },
  // TorchServe's and Multi Model Server's worker dying ("org.pytorch.serve.wlm.WorkerLifeCycle -
  // Backend worker process died.", "com.amazonaws.ml.mms.wlm.BatchAggregator - Load model failed:
  // model, error: Worker died.").
  {
    id: 'model-server-worker-died',
    re: /\b(?:org\.pytorch\.serve|com\.amazonaws\.ml\.mms)\.wlm\.\w+ - (?:Backend worker process died\b|Backend worker error\b|Load model failed: \S)/,
  },
  // Triton's start-up failure quoted in a sentence ('print "error: creating server: Internal - failed to load all models"').
  { id: 'triton-creating-server-quoted', re: /["'`]error: creating server: \S/, told: true },
  // A Windows exit status as consoles print it, the signed number with its NTSTATUS in hex,
  // told in the writer's sentence ("I receive the error -1073740791 (0xC0000409) whenever I
  // try to test ..."): a person writes one of the two, a program both.
  { id: 'ntstatus-pair-told', re: /(?<![\w.])-10737\d{5} \(0x[Cc]0000[0-9A-Fa-f]{3}\)/, told: true },
  // The kernel's report of a process that segfaulted, in dmesg or syslog ("koboldcpp[96830]:
  // segfault at 215003fcc ip 00007f78774f9c97 sp 00007f69217f67f0 error 4 in libcuda.so.570.86.15", "obs[42954]
  // general protection fault ip:7f8914256efb sp:7f88e2b013c0 error:0 in libonnxruntime.so.1.10.0").
  {
    id: 'kernel-segfault',
    re: /\b[\w.-]{1,40}\[\d{1,10}\]:? (?:segfault at [0-9a-f]{1,16} ip [0-9a-f]{1,16} sp [0-9a-f]{1,16} error \d|general protection fault ip:[0-9a-f]{1,16} sp:[0-9a-f]{1,16} error:\d)/,
    told: true,
  },
  // NPU toolchains' own errors: Rockchip's logger, the level before the module, over the traceback it
  // caught ("E load_onnx: Traceback (most recent call last):", "E Catch exception when loading onnx
  // model: ...", "E RKNN: [15:47:03.156] failed to allocate handle", "E rkllm: matmul(w8a8) run
  // failed"); Intel's Level Zero status ("L0 pfnCreate2 result: ZE_RESULT_ERROR_INVALID_ARGUMENT, code
  // 0x78000004"); Qualcomm QNN's "[ ERROR ] ..." after its clock; HailoRT's status codes
  // ("HAILO_INVALID_SERVICE_VERSION"); Android's loader ('dlopen failed: library "libQnnHtp.so" not
  // found'); and a kernel driver that failed to probe its PCI device ("[  172.770617] hailo1x
  // 0000:02:00.0: probe with driver hailo1x failed with error -22").
  {
    id: 'rknn-logger-error',
    re: /^E (?:(?:[a-z_]{2,30}: )?(?:Traceback \(most recent call last\):|Catch exception when \S|[\w.]{0,60}(?:Error|Exception): \S)|(?:RKNN|rkllm|RKNPU|rknn): \S)/,
  },
  { id: 'level-zero-error', re: /\bresult: ZE_RESULT_ERROR_[A-Z_]{3,40}, code 0x[0-9a-f]{8}/, told: true },
  { id: 'qnn-log-error', re: /^(?:[\d.]{1,12}ms )?\[ ERROR \] \S/ },
  {
    id: 'hailo-status-code',
    re: /\bHAILO_(?:INVALID|OUT_OF|TIMEOUT|DRIVER|NOT_|INTERNAL|RPC|PCIE|FILE|UNSUPPORTED)[A-Z_]{0,40}\b/,
    told: true,
  },
  { id: 'android-dlopen-failed', re: /\bdlopen failed: library "[^"\n]{1,200}" not found/, told: true },
  {
    id: 'kernel-device-probe-failed',
    re: /^\[ *\d{1,8}\.\d{6}\] [\w-]{2,30} [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d: probe with driver [\w-]{1,60} failed with error -\d{1,4}\r?$/,
  },
  // Molecular dynamics codes' own errors: LAMMPS's, with its source file ("ERROR: Pair style NEQUIP
  // requires newton pair off (src/pair_nequip.cpp:108)"), its GPU library's ("Cuda driver error 4 in
  // call at file '.../geryon/nvd_device.h' in line 429."), GROMACS's fatal error box ("Source file:
  // src/gromacs/pulling/pull.cpp (line 525)" over "Fatal error:") and NAMD's "FATAL ERROR: ...".
  {
    id: 'lammps-error',
    re: /^ERROR(?: on proc \d{1,6})?: [^()\n]{1,300} \([\w/-]{1,200}\.(?:cpp|h):\d{1,6}\)\r?$/,
  },
  { id: 'lammps-gpu-driver-error', re: /^Cuda driver error \d{1,4} in call at file / },
  { id: 'gromacs-fatal-error', re: /^Source file: [\w/.-]{1,200} \(line \d{1,6}\)\r?$/ },
  { id: 'namd-fatal-error', re: /^FATAL ERROR: \S/ },
  // Databases' own words for a failed statement or a server that died: psql's "ERROR:  " (two
  // spaces) and "server closed the connection unexpectedly / This probably means the server
  // terminated abnormally", DBeaver's "SQL Error [XX000]: ", ClickHouse's "<Fatal> BaseDaemon: ",
  // DuckDB's "INTERNAL Error: " and its other kinds, and Rust's env_logger at the error level as
  // pgvecto.rs logs ("[2024-04-18T08:01:19Z ERROR vectors::bgworker] Panickied. ...").
  { id: 'psql-error', re: /^(?:psql:[^\n:]{0,200}:\d{1,6}: )?ERROR: {2}\S/ },
  {
    id: 'postgres-connection-lost',
    re: /\bserver closed the connection unexpectedly|\bThis probably means the server terminated abnormally/,
  },
  { id: 'dbeaver-sql-error', re: /^SQL Error \[[0-9A-Z]{5}\]: \S/ },
  { id: 'clickhouse-fatal', re: /<Fatal> BaseDaemon: \S/ },
  {
    id: 'duckdb-error',
    re: /^(?:INTERNAL|Invalid Input|Catalog|Binder|Parser|Conversion|Out of Memory|IO|Constraint|Dependency|Serialization|Transaction|Not implemented|Fatal) Error: \S/,
  },
  {
    id: 'env-logger-error',
    re: /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z (?:ERROR|FATAL) [\w:]{1,100}\] \S/,
  },
  // OBS Studio's crash report ("Unhandled exception: c000001d" over "Fault address: ..."), and an
  // app that hands on ComfyUI's or PyTorch's error as its own (Krita AI Diffusion's "Server
  // execution error: ...", c10's "[enforce fail at alloc_cpu.cpp:116] data. DefaultCPUAllocator:
  // not enough memory", also told in a sentence).
  { id: 'obs-crash-report', re: /^Unhandled exception: [0-9a-fA-F]{8}\s*$/ },
  { id: 'server-execution-error', re: /\bServer execution error: \S/, told: true },
  {
    id: 'c10-enforce-fail',
    re: /\[enforce fail at [\w./\\-]{1,200}\.(?:cpp|cc|h|hpp):\d{1,6}\]/,
    told: true,
  },
  // XLA's status errors: a replica's failure under its logger's tag ("E external/xla/xla/pjrt/
  // pjrt_stream_executor_client.cc:2432] Execution of replica 1 failed: INTERNAL: ..."), a status
  // line naming its source ("INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL
  // operation ncclCommInitRank(...) failed"), and "Intercepted XLA runtime error:".
  { id: 'xla-replica-failed', re: /^Execution of replica \d+ failed: [A-Z_]{4,30}: / },
  {
    id: 'xla-status-error',
    re: /^(?:INTERNAL|RESOURCE_EXHAUSTED|FAILED_PRECONDITION|UNAVAILABLE|ABORTED|DEADLINE_EXCEEDED): [\w/-]{1,100}(?:\.[\w/-]{1,100}){1,4}:\d{1,6}: \S/,
  },
  { id: 'xla-intercepted', re: /\bIntercepted XLA runtime error:/ },
  // Mesa's RADV driver when the GPU's context is gone ("radv/amdgpu: The CS has been cancelled because the context is lost.").
  { id: 'radv-context-lost', re: /\bThe CS has been cancelled because the context is lost\b/ },
  // A Python exception named after "error:" in the writer's sentence ("When try to load the model
  // in the UI, getting error: AttributeError: 'LlamaCppModel' object has no attribute 'model'").
  // (A Chinese writer's full-width colon too: "Error： RuntimeError: use_libuv was requested ...";
  // and "I have a similar problem: AttributeError: ...".)
  {
    id: 'exception-after-error-word',
    re: /\b(?:[Ee]rror|[Pp]roblem|[Ii]ssue) ?[:：] ?[A-Z][A-Za-z]{1,40}(?:Error|Exception): \S/,
    told: true,
  },
  // An exception quoted as what the writer got ("I got an `AssertionError: Mask is silently ignored
  // ...` when training", "with the error `RuntimeError: Tensors must be CUDA and dense` being thrown"),
  // or as what their run gave ('`modal run dreambooth_app.py` generates "ValueError: Could not find
  // the operator torchvision::nms ..."').
  {
    id: 'exception-got-quoted',
    re: /\b(?:error|got|get|getting|receive[ds]?|receiving|hit|hitting|generates|generated|throws|threw|gives|gave|shows|showed|says|said|outputs|prints|printed|returns|returned|raises|raised)(?: me)?(?: an?| the| this)?(?: error)?:? {0,6}(?:[`"“']|``) ?[A-Z][A-Za-z]{1,40}(?:Error|Exception): \S/,
    told: true,
  },
  // A program's fatal error quoted in a sentence ('I get "fatal error: support for --gpu nvidia was
  // explicitly requested, but it wasn't available"').
  { id: 'fatal-error-quoted', re: /["'`“]fatal error: \S/, told: true },
  // A traceback pasted with its newlines lost: a frame and, further on the same line, the next
  // frame or the exception ('File ".../bbox_utils.py", line 405, in convert_bboxes_to_albumentations
  // return [...]   File ".../bbox_utils.py", line 349, in ...'). A person writes neither run.
  {
    id: 'frames-run-on',
    re: /\bFile "[^"]{1,300}", line \d{1,6}, in [<\w][\w<>.-]{0,80} .{0,600}?\bFile "[^"]{1,300}", line \d{1,6}, in [<\w]/,
  },
  {
    id: 'frame-then-exception-run-on',
    re: /\bFile "[^"]{1,300}", line \d{1,6}, in [<\w][\w<>.-]{0,80} .{0,600}? [A-Z]\w{0,40}(?:Error|Exception): \S/,
  },
  // TorchScript's loader on an operator it does not have ("Unknown builtin op: torchvision::nms.",
  // then "Could not find any similar ops to torchvision::nms. This op may not exist ...").
  {
    id: 'torchscript-unknown-op',
    re: /^Unknown builtin op: \w+::\w+|^Could not find any similar ops to \w+::\w+/,
  },
  // A shell's job line for a process that dumped core, alone on its line, in any wording a
  // console or a retyping gives it ("Invalid instruction (Core dumped)").
  { id: 'core-dumped-line', re: /^[A-Z][a-z]+(?: [a-z/]+){0,3} \([Cc]ore dumped\)\.?$/ },
  // TorchScript's own traceback, under the exception it raised ("RuntimeError: The following
  // operation failed in the TorchScript interpreter." over "Traceback of TorchScript (most recent call last):").
  {
    id: 'torchscript-traceback',
    re: /^Traceback of TorchScript(?:, original code)? \(most recent call last\):|^[\w.]*Error: The following operation failed in the TorchScript interpreter\./,
  },
  // Ray's error for a task or actor method that raised, as the driver prints it:
  // "ray.exceptions.RayTaskError(RuntimeError): ray::WorkerDict.actor_rollout_generate_sequences() (pid=1033325, ...".
  { id: 'ray-task-error', re: /\bRay(?:Task|Actor)Error\([\w.]{1,60}\): ray::[\w.]/ },
  // Ray's header of a remote call that failed, wherever the error carries it ("original exception:
  // ray::ServeReplica:app:LLMServer:qwen3.handle_request_with_rejection() (pid=5538, ip=10.233.99.205, ..."),
  // a colour code's remains after the call too; and an actor that died ("ray.exceptions.ActorDiedError:
  // The actor died because of an error raised in its creation task, ...").
  { id: 'ray-remote-call', re: /ray::[\w.:]{1,200}\(\)(?:\[\d{1,2}m)? \(pid=\d{1,10}, ip=\d/ },
  { id: 'ray-actor-died', re: /\bActorDiedError: The actor died\b/ },
  // vLLM's logger at the error level, under the Ray worker's tag that carries it: "(RayWorkerWrapper
  // pid=4183, ip=10.3.32.122) ERROR 06-03 23:13:39 worker_base.py:148] Error executing method ...",
  // also over the traceback's indented frames ("ERROR 02-23 18:00:53 engine.py:400]   File ...").
  {
    id: 'vllm-logger-error',
    re: /^(?:\([^()]{1,80}\) )?(?:ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? \[?\w[\w-]{0,59}\.py:\d{1,6}\] {1,8}\S/,
  },
  // ComfyUI's line for a node that raised, before its traceback ("!!! Exception during processing
  // !!! Inference tensors do not track version counter.").
  { id: 'comfyui-exception', re: /^!!! Exception during processing !!!/ },
  // Older ComfyUI's header over the error of the node that failed ("Error occurred when executing
  // DownloadAndLoadFlorence2Model:" over "No module named 'flash_attn_2_cuda'").
  { id: 'comfyui-node-error', re: /^Error occurred when executing [\w.-]{1,80}:\s*$/ },
  // An exception under the `raise` line that raised it, as a traceback's last lines are pasted
  // without the frame above ("    raise ConfigCompositionException(" over "hydra.errors.
  // ConfigCompositionException: Could not override 'lr'.").
  {
    id: 'raised-after-raise-line',
    re: EXCEPTION_WITH_MESSAGE,
    after: /^raise [\w.]*(?:Error|Exception)\(/,
  },
  // pip failing to install, in its own words ("ERROR: Could not find a version that satisfies the
  // requirement cumm<0.5.0,>=0.4.5 (from spconv) (from versions: ...)", "ERROR: No matching
  // distribution found for spconv-cu114", "ERROR: Failed building wheel for flash-attn").
  {
    id: 'pip-error',
    re: /^ERROR: (?:Could not find a version that satisfies the requirement|No matching distribution found for|Failed building wheel for|Could not build wheels for) \S/,
  },
  // A compiler's error under its file and line, as gcc, clang, nvcc and MSVC print it ("/home/u/cumm/
  // include/tensorview/cuda/nvrtc.h:25:10: fatal error: nvrtc.h: No such file or directory",
  // "kernel.cu(42): error: identifier \"__expf\" is undefined", "x.cpp(12): error C2065: ...").
  {
    id: 'compiler-error-line',
    re: /\.(?:cu|cuh|c|cc|cpp|cxx|h|hpp)(?:\(\d{1,6}\)|:\d{1,6}(?::\d{1,4})?): (?:fatal )?error(?: C\d{4})?: \S/,
  },
  // OpenCV's own error line and its terminate handler, as C++ programs print them ("OpenCV(4.3.0)
  // Error: The function/feature is not implemented (...) in throw_no_cuda, file ...", "OpenCV:
  // terminate handler is called! The last OpenCV error is:").
  {
    id: 'opencv-error',
    re: /^(?:OpenCV(?:\(\d{1,2}\.\d{1,2}\.\d{1,3}[\w.-]{0,20}\))? Error: \S|OpenCV: terminate handler is called!)/,
  },
  // R's own errors: a call that failed, in R's spacing before the colon, also in the languages R
  // speaks ("Error in py_call_impl(callable, dots$args, dots$keywords) :", "Erro em f(x) : ...",
  // rlang's "Error in `check_supported_version()`:"), also after reprex's "#> ".
  {
    id: 'r-error-call',
    re: /^(?:#> )?(?:Error|Erro|Erreur|Fehler|Errore) (?:in|em|dans|en) (?:`[^`\n]{1,120}`|[\w.$:[\]]{1,80}\([^\n]{0,200}\)) ?:(?: |$)/,
  },
  // R's error around what Python raised under reticulate, or reticulate's own ("Error:
  // ModuleNotFoundError: No module named 'tensorflow'", "Erro: Python module tensorflow.keras was not
  // found.", "Error: Installation of TensorFlow not found.").
  {
    id: 'r-reticulate-error',
    re: /^(?:#> )?(?:Error|Erro|Erreur|Fehler|Errore): (?:[A-Z]\w{0,40}(?:Error|Exception): \S|Python module [\w.]{1,80} was not found\.|Installation of TensorFlow not found\.)/,
  },
  // R's handler for a fatal signal ("*** caught segfault ***" over "address 0x2d180, cause 'memory
  // not mapped'"), and RStudio's word for a session that died ("R encountered a fatal error", "The
  // previous R session was abnormally terminated due to an unexpected crash", 'an error "R session
  // aborted"').
  {
    id: 'r-caught-signal',
    re: /^(?:\*{3} )?caught (?:segfault|illegal operation|bus error|abort|floating point exception) \*{1,3}$/,
  },
  {
    id: 'rstudio-session-died',
    re: /\bR encountered a fatal error|\bThe previous R session was abnormally terminated|["'‘“]R [Ss]ession [Aa]borted["'’”]/,
    told: true,
  },
  // MATLAB's error and the stack under it ("Error using vl_compilenn>nvcc_compile (line 535)",
  // "Error in dagnn.Conv/forward (line 11)").
  { id: 'matlab-error-line', re: /^Error (?:in|using) \S[^\n]{0,200} \(line \d{1,6}\)$/ },
  // Loggers that put the level after the time in their own columns: rich's handler ("[01/05/24
  // 04:12:47] ERROR    Exception in worker process"), a logger's name padded before the level
  // (Frigate's "[2023-08-26 19:10:57] detector.tensorrt   ERROR   : ..."), NestJS ("[Nest] 7  -
  // 12/06/2024, 2:12:41 PM   ERROR [Microservices:JobService] Unable to run job ..."), and logfmt at
  // the error level (PhotoPrism's 'time="..." level=fatal msg="can't create ..."', ollama's
  // "level=ERROR source=sched.go:443 msg=...").
  { id: 'rich-log-error', re: /^\[\d\d\/\d\d\/\d\d \d\d:\d\d:\d\d\] (?:ERROR|CRITICAL) {2,}\S/ },
  {
    id: 'padded-name-level-error',
    re: /^(?:\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] )?[\w.-]{1,60} {1,40}(?:ERROR|CRITICAL|FATAL) {1,8}: \S/,
  },
  {
    id: 'nestjs-error',
    re: /^\[Nest\] \d{1,7} {1,4}- [\d/.-]{8,10},? \d{1,2}:\d\d:\d\d(?: [AP]M)? {1,8}ERROR \[[\w:.-]{1,80}\] \S/,
  },
  {
    id: 'logfmt-error',
    re: /(?:^|\s)level=(?:fatal|panic|error|FATAL|PANIC|ERROR) (?:source=\S{1,200} )?msg=/,
  },
  // A shell script's own failure ("/entrypoint.sh: line 104: audit.sh: command not found", its
  // exec of a program that is not there ("/opt/nvidia/nvidia_entrypoint.sh: line 67: exec: docker:
  // not found"), "./run.sh:
  // /./00-banner.sh: /usr/bin/with-contenv: bad interpreter: No such file or directory").
  {
    id: 'shell-script-error',
    re: /^[\w./-]{1,200}: line \d{1,6}: [^\n]{1,200}: (?:command not found|No such file or directory|Permission denied)$|^[\w./-]{1,200}: line \d{1,6}: exec: [\w./-]{1,200}: not found$|: bad interpreter: No such file or directory$/,
  },
  // Java's uncaught exception and the cause under it ('Exception in thread "main" java.lang.
  // UnsatisfiedLinkError: ...', "Caused by: org.nd4j.linalg.factory.Nd4jBackend$NoAvailableBackendException:
  // ...", also quoted in a sentence), and Spark's failed job ("Job aborted due to stage failure: Task
  // 33 in stage 1303.0 failed 4 times, ...").
  { id: 'java-uncaught', re: /^Exception in thread "[^"\n]{1,100}" [a-z][\w$]{0,60}\.[\w.$]{1,200}/ },
  { id: 'java-caused-by', re: /^Caused by: [a-z][\w$]{0,60}(?:\.[\w$]{1,80}){1,12}(?:Exception|Error)\b/ },
  {
    id: 'java-caused-by-quoted',
    re: /["'“`]Caused by: [a-z][\w$]{0,60}(?:\.[\w$]{1,80}){1,12}(?:Exception|Error)\b/,
    told: true,
  },
  {
    id: 'spark-stage-failure',
    re: /\bJob aborted due to stage failure: Task \d{1,9} in stage [\d.]{1,20} failed \d{1,4} times/,
    told: true,
  },
  // .NET's exception, as a console prints it ("System.AccessViolationException: Attempted to read or
  // write protected memory", "Unhandled exception. System.DllNotFoundException: ..."), as Visual
  // Studio's exception window copies it ("HResult=0x80004003" under the exception's name), and as
  // ONNX Runtime's C# API words it, also quoted ('we got an exception "[ErrorCode:Fail] CUDA execution
  // provider is not enabled in this build"').
  {
    id: 'dotnet-exception',
    re: /^(?:Unhandled [Ee]xception\. )?System\.(?:\w{1,40}\.){0,4}\w{0,60}Exception: \S/,
  },
  { id: 'visual-studio-exception', re: /^HResult=0x[0-9A-Fa-f]{8}\s*$/ },
  { id: 'onnxruntime-error-code', re: /\[ErrorCode:\w{2,30}\] \S/, told: true },
  // Unity's frames under an exception, with the source file or the assembly's id ("Unity.Barracuda.
  // ONNX.ONNXModelConverter.Err (Unity.Barracuda.Model model, ...) (at Library/PackageCache/.../
  // ONNXModelConverter.cs:3434)"), and its editor's failed import ('Asset import failed,
  // "Assets/Model/m.onnx" > OnnxImportException: Unknown type FusedConv ...').
  {
    id: 'unity-frame',
    re: /^[\w.`<>+[\],]{3,200} \([^()\n]{0,400}\) \(at (?:<[0-9a-f]{32}>|(?:[A-Za-z]:)?[^()\n:]{1,300}):\d{1,6}\)\r?$/,
  },
  {
    id: 'unity-import-failed',
    re: /Asset import failed, ["'][^"'\n]{1,300}["'] ?> ?\w{1,60}Exception:/,
    told: true,
  },
  // OpenCV's logger at the error level, or a GStreamer pipeline that OpenCV could not start, which
  // it logs as a warning ("[ WARN:0] global /opencv/modules/videoio/src/cap_gstreamer.cpp (888) open
  // OpenCV | GStreamer warning: unable to start pipeline").
  {
    id: 'opencv-log-failure',
    re: /^\[ ?(?:ERROR:\d{1,3}(?:@[\d.]{1,20})?\] global \S|WARN:\d{1,3}(?:@[\d.]{1,20})?\] global \S.{0,300} OpenCV \| GStreamer warning: (?:unable to start pipeline|Embedded video playback halted|Error opening bin|cannot find appsink|GStreamer: pipeline have not been created))/,
  },
  // A hosted app's page when its container stopped: a Hugging Face Space's "Runtime error" over
  // "Memory limit exceeded (16Gi)" (also quoted in a sentence), "Scheduling failure: not enough
  // hardware capacity" or "Exit code: 137. Reason: ...", and ZeroGPU's "ZeroGPU worker error".
  {
    id: 'space-memory-limit',
    re: /\b(?:CPU )?Memory limit exceeded \(\d{1,4}(?:\.\d{1,2})? ?(?:Gi|G|GB|Mi|MB)\)/,
    told: true,
  },
  {
    id: 'space-runtime-error',
    re: /^(?:Scheduling failure: \S|Exit code: (?:\d{1,3}|\?)\. Reason:)/,
    after: /^runtime error$/i,
  },
  { id: 'zerogpu-worker-error', re: /\bZeroGPU worker error\b/, told: true },
  // nvcc's own fatal error, which stops a CUDA extension's build ("nvcc fatal   : Value 'c++17' is
  // not defined for option 'std'", "nvcc fatal : Unsupported gpu architecture 'compute_89'").
  { id: 'nvcc-fatal', re: /^nvcc(?:\.exe)? fatal\s*: \S/ },
  // LLVM's fatal error, from the compilers inside MPS, jax-metal, Triton and Numba ("LLVM ERROR:
  // Failed to infer result type(s).").
  { id: 'llvm-error', re: /^LLVM ERROR: \S/ },
  // macOS's exception for a bad memory access as Xcode shows it ("Thread 16: EXC_BAD_ACCESS (code=2,
  // address=0x16b5a7c40)"), or the exception's name alone on its line.
  {
    id: 'macos-exc-bad-access',
    re: /\bEXC_BAD_(?:ACCESS|INSTRUCTION) \(code=\d+, address=0x[0-9a-f]+\)|^EXC_(?:BAD_ACCESS|BAD_INSTRUCTION|CRASH|ARITHMETIC)$|^Attempted to dereference garbage pointer 0x[0-9a-f]+/,
  },
  // Metal's and MPS's validation asserts, quoted in sentences too ('a console error
  // "validateComputeFunctionArguments:1056: failed assertion `Compute Function(kernel_soft_max_4): ..."',
  // "MPSNDArray.mm:124: failed assertion `[MPSNDArrayDescriptor sliceDimension:withSubrange:] error: ...").
  { id: 'metal-failed-assertion', re: /\b\w+(?:\.mm?)?:\d{1,6}: failed assertion [`'‘]\S/, told: true },
  // C's assert as macOS's libc prints it ("Assertion failed: (ctx != NULL), function
  // ggml_backend_metal_device_acq, file ggml-metal.m, line 53.").
  { id: 'macos-assert', re: /^Assertion failed: \([^()\n]{1,300}\), function [\w:~]{1,100}, file / },
  // ggml's, llama.cpp's and whisper.cpp's functions reporting their failure ("ggml_metal_get_buffer:
  // error: buffer is nil", "whisper_init_state: failed to load Core ML model from '...'").
  { id: 'ggml-error-line', re: /^(?:ggml|llama|whisper|gguf|clip)_\w{1,60}: (?:error: |failed to )\S/ },
  // MLX's errors, with the source line that raised them ("MLX error: float64 is not supported on the
  // GPU at .../mlx-c/mlx/c/ops.cpp:643"), and its Metal device's ("RuntimeError: [metal::Device] Unable
  // to build metal library from source").
  { id: 'mlx-error', re: /\bMLX error: \S/, told: true },
  { id: 'mlx-metal-device-error', re: /^[\w.]*Error: \[metal::\w+\] \S/ },
  // Core ML's runtimes failing to build a model for the Neural Engine ("E5RT encountered an STL
  // exception. msg = MILCompilerForANE error: ...", "[Espresso::handle_ex_plan] exception=ANECF error: ...").
  {
    id: 'coreml-e5rt-espresso',
    re: /^E5RT(?: encountered an STL exception\b|: \S)|\[Espresso::handle_ex_plan\] exception=/,
  },
  // A program started where its file is not: Docker's and Go's "exec: \"train\": executable file
  // not found in $PATH" (SageMaker's training container), tini's '[FATAL tini (18)] exec
  // /workspace/start.sh failed: No such file or directory'.
  { id: 'exec-not-found', re: /\bexec: "[\w./-]{1,200}": executable file not found in \$PATH/ },
  { id: 'tini-fatal', re: /^\[FATAL tini \(\d{1,8}\)\] \S/ },
  // A logger's fatal level, after which the program aborts: TensorFlow's and XLA's ("2023-04-17
  // 19:35:38.550666: F    5184 tensorflow/compiler/xla/xla_client/xrt_computation_client.cc:1362]
  // Non-OK-status: ...", absl's thread id after the level or none), glog's ("F0417 19:35:38.550666
  // 5184 x.cc:1362] ..."), and the stack trace TensorFlow's runtime prints under it.
  {
    id: 'fatal-log-line',
    re: /^(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{1,9}: )?F(?: {1,8}\d{1,8})? [\w./-]{1,200}\.(?:cc|cpp|h|cu|c):\d{1,6}\] {0,4}\S|^F\d{4} \d\d:\d\d:\d\d\.\d{1,9} {1,8}\d{1,8} [\w./-]{1,200}:\d{1,6}\] {0,4}\S/,
  },
  { id: 'tsl-stack-trace', re: /^Begin stack trace \*\*\*/ },
  // pytest's report of a test that raised: the exception after its "E" column ("E
  // OSError: Can't load the configuration of 'bert-base-uncased'. ..."), and the place it was
  // raised ("/opt/.../configuration_utils.py:710: OSError").
  { id: 'pytest-e-exception', re: /^E {2,20}[\w.]{0,100}(?:Error|Exception): \S/ },
  { id: 'pytest-raised-at', re: /^[\w./-]{1,300}\.py:\d{1,6}: [\w.]{0,100}(?:Error|Exception)\r?$/ },
  // Kaggle restarting a notebook that used all of its RAM ("Your notebook tried to allocate more
  // memory than is available. It has restarted.").
  {
    id: 'kaggle-notebook-restarted',
    re: /\bYour notebook tried to allocate more memory than is available\b/,
    told: true,
  },
  // fbgemm_gpu's loader when its library does not load ("File fbgemm_gpu_py.so not found", torchrec's import).
  { id: 'fbgemm-so-not-found', re: /\bFile fbgemm_gpu\w{0,40}\.so not found\b/ },
  // Triton's compiler when a kernel's configuration needs more than the GPU has
  // ("triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware
  // limit: 49152. Reducing block sizes or `num_stages` may help."), also quoted in a sentence.
  { id: 'triton-out-of-resources', re: /\bOutOfResources: out of resource: ?[a-z]/, told: true },
  // The CUDA driver API's failures as PyCUDA words them ("pycuda._driver.LogicError: cuMemHostAlloc
  // failed: OS call failed ...", "cuModuleUnload failed: initialization error", "`cuMemAlloc failed:
  // out of memory`"), PyCUDA's clean-up warning, and its and CuPy's failed kernel compiles ("nvcc
  // compilation of /tmp/tmpx_z62qn1/kernel.cu failed", 'catastrophic error: cannot open source file
  // "stddef.h"').
  { id: 'cuda-driver-call-failed', re: /\bcu[A-Z][A-Za-z0-9_]{2,40} failed: [A-Za-z]/, told: true },
  { id: 'pycuda-cleanup-failed', re: /\bPyCUDA WARNING: a clean-up operation failed\b/ },
  { id: 'nvcc-compilation-failed', re: /\bnvcc compilation of \S{1,300} failed\b/, told: true },
  {
    id: 'nvcc-catastrophic-error',
    re: /\bcatastrophic error: cannot open source file "|^\d{1,4} catastrophic errors? detected in the compilation of "/,
  },
  // Visual Studio's output window on an exception a Windows program threw ("Exception thrown at
  // 0x76B83442 in test1.exe: Microsoft C++ exception: winrt::hresult_error at memory location
  // 0x005BF2A4.", in Chinese "0x750D2CD2 处(位于 SqueezeNetObjectDetectionCPP.exe 中)引发的异常: ..."), WinRT's
  // originate error, and the Windows Implementation Library's failure line (ONNX Runtime's DirectML
  // provider: "...\FusedGraphKernel.cpp(64)\onnxruntime.dll!00007FF806AF4FBD: (caller: 00007FF806AF4578) ...").
  {
    id: 'vs-exception-thrown',
    re: /^Exception thrown at 0x[0-9A-Fa-f]+(?: \([\w.-]+\))? in [\w.-]+: \S/,
  },
  { id: 'vs-exception-thrown-zh', re: /^0x[0-9A-Fa-f]+ 处[(（]位于 [^\s()（）]+ 中[)）]引发的异常: \S/ },
  { id: 'winrt-originate-error', re: /\bWinRT originate error - 0x[0-9A-Fa-f]{8}\b/ },
  {
    id: 'wil-failure',
    re: /\.(?:cpp|h)\(\d{1,6}\)\\[\w.-]+\.dll![0-9A-Fa-f]{8,16}: \(caller: [0-9A-Fa-f]{8,16}\)/,
  },
  // lldb's stop on a crash ("* thread #1, name = 'python3', stop reason = signal SIGILL: illegal
  // instruction"), and Ray's logger at its error level ("2022-11-15 19:26:36,618	ERROR tune.py:773 --
  // Trials did not complete: [TorchTrainer_96bfe_00000]").
  {
    id: 'lldb-stop-reason',
    re: /\bstop reason = (?:signal SIG[A-Z]{3,6}|EXC_(?:BAD_ACCESS|BAD_INSTRUCTION|CRASH|ARITHMETIC))/,
  },
  {
    id: 'ray-logger-error',
    re: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\s(?:ERROR|CRITICAL) [\w.]+\.py:\d+ -- \S/,
  },
  // TensorFlow Lite Micro on a board when the model does not fit its arena ("Arena size is too small for
  // all buffers. Needed 212064 but only 191120 was available." over "AllocateTensors() failed"), and
  // Mbed OS's fault handler ("++ MbedOS Fault Handler ++" over "FaultType: HardFault").
  {
    id: 'tflm-arena-too-small',
    re: /\bArena size is too small for all buffers\. Needed -?\d+ but only \d+ was ava/,
  },
  { id: 'tflm-allocate-failed', re: /^AllocateTensors\(\) failed\b/ },
  { id: 'mbed-fault-handler', re: /^\+\+ MbedOS Fault Handler \+\+/ },
  // FFmpeg when a hardware decoder or encoder cannot start ("Device setup failed for decoder on input
  // stream #0:0 : Cannot allocate memory"), also quoted in a sentence.
  {
    id: 'ffmpeg-device-setup-failed',
    re: /\bDevice setup failed for (?:decoder|encoder) on (?:input|output) stream #\d+:\d+ ?: \S/,
    told: true,
  },
  // ROOT's messages at its error levels ("Error in <TFile::ReadBuffer>: error reading all requested bytes
  // from file ...", "Fatal in <...>", "SysError in <...>").
  { id: 'root-error-message', re: /^(?:Error|Fatal|SysError) in <[\w:~]+>: \S/ },
  // The Docker CLI relaying the daemon's refusal ("docker: Error response from daemon: OCI runtime create
  // failed: ... exec: \"nvidia-smi\": executable file not found in $PATH: unknown.").
  { id: 'docker-daemon-error', re: /^docker: Error response from daemon: \S/ },
  // PyTorch's note under a CUDA error, on its own line: "CUDA kernel errors might be asynchronously
  // reported at some other API call, so the stacktrace below might be incorrect."
  {
    id: 'cuda-async-note',
    re: /^CUDA kernel errors might be asynchronously reported at some other API call\b/,
  },
  // bitsandbytes' set-up report when it looks for CUDA ("CUDA SETUP: WARNING! libcuda.so not found! Do
  // you have a CUDA driver installed?", "CUDA SETUP: Problem: The main issue seems to be ...").
  {
    id: 'bnb-cuda-setup',
    re: /^CUDA SETUP: (?:WARNING!|ERROR|Problem:|Something unexpected|Required library|CUDA detection failed)/,
  },
  // Python's faulthandler, and its dump of each thread ("Thread 0x00007f32e642a740 (most recent call first):").
  { id: 'fatal-python-error', re: /^Fatal Python error: \w/ },
  {
    id: 'faulthandler-thread',
    re: /^(?:Current thread|Thread) 0x[0-9a-f]{6,16} \(most recent call first\):/,
  },
  // EGL's error report, as simulators' renderers print it ("eglQueryDevicesEXT(): EGL_BAD_ALLOC
  // error: In eglQueryDevicesEXT: Failed to allocate device list.").
  { id: 'egl-error', re: /\begl[A-Z]\w{2,40}\(\): EGL_[A-Z_]{3,30} error\b/ },
  // Omniverse Kit's log (Isaac Sim, Isaac Lab) at its error levels ("2025-07-10T12:34:05Z
  // [3,811ms] [Fatal] [carb.crashreporter-breakpad.plugin] ...", "[Error] [omni.physx.plugin]
  // PhysX error: ...").
  {
    id: 'kit-log-error',
    re: /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\dZ? \[[\d,.]{1,12}ms\] \[(?:Error|Fatal)\] \[[\w.-]{1,80}\] \S/,
  },
  // Python's TypeError for an argument its function does not take ("Exception initializing
  // accelerator: Accelerator.__init__() got an unexpected keyword argument 'project_dir'").
  { id: 'unexpected-keyword', re: /\w\(\) got an unexpected keyword argument '\w+'/, told: true },
  // A Python traceback pasted without its header or its last line (frames only), or its
  // exception line after a frame ("Traceback (most recent call last):" and the exception
  // are counted by the classifier when both are there).
  { id: 'python-frames', re: PYTHON_FRAME, run: 3 },
  // One frame, where the writer pasted what they got ("使用torch 2.5的时候 报错为：" over a frame in adamw.py).
  { id: 'python-frame-told', re: PYTHON_FRAME, told: true },
  { id: 'python-raised', re: /^[\w.]*(?:Error|Exception)(?::\s|$)/, after: PYTHON_FRAME },
  // Native stacks: gdb and glibc backtraces, PyTorch's C++ frames, macOS crash report frames.
  { id: 'gdb-frame', re: /^#\d+ +0x[0-9a-f]+ in \S/, run: 3 },
  { id: 'c10-frame', re: /^frame[ _]#[ _]?\d+: /, run: 3 },
  // glibc's backtrace_symbols, as crash handlers and Open MPI print it ("3: /lib/x86_64-linux-gnu/libc.so.6(+0x3f040)[0x7f90306d6040]",
  // "[host:78142] [ 1] /usr/lib/libnccl.so.2(+0x3533c)[0x7f8eab35933c]").
  {
    id: 'glibc-frame',
    re: /^(?:\[[\w.-]+:\d+\] )?(?:\d+: |\[ ?\d+\] )?[^\s(]+\([^\s()]*\) ?\[0x[0-9a-f]+\]/,
    run: 3,
  },
  { id: 'macos-frame', re: /^\d+ +[\w.+-]+(?:\.dylib)?[ \t]+0x[0-9a-f]{8,} \S/, run: 3 },
];

/**
 * The literals one of which each marker's every match holds (from its source), sought in a
 * line in one pass: most lines hold none, and the markers whose literal a line lacks are not
 * run on it (nor compiled, in a process that has not met such a line yet). A marker with no
 * such literal runs on every line. A line's bare reading is part of the line, so the line is
 * searched.
 */
interface Prefilter {
  finder: NeedleFinder;
  /** Needle index -> the indexes in MARKERS it stands for. */
  markersOf: readonly (readonly number[])[];
  always: Uint8Array;
  /** Per marker, the line count when its literal was last seen (a stamp, not cleared per line). */
  wanted: Uint32Array;
  stamp: number;
}

let prefilter: Prefilter | undefined;

function markerPrefilter(): Prefilter {
  if (prefilter) return prefilter;
  const needles: string[] = [];
  const markersOf: number[][] = [];
  const indexOf = new Map<string, number>();
  const always = new Uint8Array(MARKERS.length);
  MARKERS.forEach((m, i) => {
    const literals = literalNeedles(m.re.source);
    if (literals.length === 0) always[i] = 1;
    for (const literal of literals) {
      const key = literal.toLowerCase();
      let k = indexOf.get(key);
      if (k === undefined) {
        k = needles.length;
        indexOf.set(key, k);
        needles.push(key);
        markersOf.push([]);
      }
      markersOf[k]!.push(i);
    }
  });
  prefilter = {
    finder: new NeedleFinder(needles),
    markersOf,
    always,
    wanted: new Uint32Array(MARKERS.length),
    stamp: 0,
  };
  return prefilter;
}

/** The lines some markers count only after (an exception after its frames), each once. */
const AFTERS: readonly RegExp[] = [...new Set(MARKERS.flatMap((m) => (m.after ? [m.after] : [])))];

/** The markers on the given lines (line i + 1 is text[i]). */
export function findMarkers(text: readonly string[]): Marker[] {
  const out: Marker[] = [];
  const runs = new Map<string, number[]>();
  const seen = new Set<RegExp>();
  const pf = markerPrefilter();
  const { wanted, always, markersOf } = pf;
  const want = (k: number): boolean => {
    const list = markersOf[k]!;
    for (let j = 0; j < list.length; j++) wanted[list[j]!] = pf.stamp;
    return false;
  };
  for (let i = 0; i < text.length; i++) {
    const raw = text[i]!;
    if (raw.length < 2) continue;
    // A paste that kept its HTML escapes ("File &quot;run.py&quot;, line 134, in &lt;module&gt;")
    // or its terminal's colours.
    const plain = decodeEntities(stripAnsi(raw));
    const line = plain.slice(LEAD.exec(plain)![0].length);
    // Some markers hold the prefix themselves (systemd-oomd's syslog unit), so both readings count.
    const bare = stripPrefixes(line).replace(TF_LOGGER, '');
    if (pf.stamp === 0xffffffff) {
      wanted.fill(0);
      pf.stamp = 0;
    }
    pf.stamp++;
    pf.finder.scan(line, want);
    // A line a marker takes as the program's own is not also told in a sentence.
    let own = false;
    let told: Marker[] | undefined;
    for (let k = 0; k < MARKERS.length; k++) {
      const m = MARKERS[k]!;
      if (m.after && !seen.has(m.after)) continue;
      if (wanted[k] !== pf.stamp && always[k] === 0) continue;
      if (!m.re.test(line) && !(bare !== line && m.re.test(bare))) continue;
      if (m.run) {
        const lines = runs.get(m.id) ?? [];
        lines.push(i + 1);
        runs.set(m.id, lines);
      } else if (m.told) {
        told ??= [];
        told.push({ line: i + 1, id: m.id, told: true });
      } else {
        own = true;
        out.push({ line: i + 1, id: m.id });
      }
    }
    if (told && !own) out.push(...told);
    for (const after of AFTERS) if (!seen.has(after) && after.test(bare)) seen.add(after);
  }
  for (const def of MARKERS) {
    const lines = runs.get(def.id);
    if (lines && lines.length >= (def.run ?? 1)) out.push({ line: lines[0]!, id: def.id });
  }
  return out.sort((a, b) => a.line - b.line);
}

export const MARKER_REGEXES: readonly RegExp[] = [LEAD, PYTHON_FRAME, TF_LOGGER, ...MARKERS.map((m) => m.re)];
