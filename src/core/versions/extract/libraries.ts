// CUDA and cuDNN library files named in a line (cudart64_110.dll, libcudnn.so.8,
// cudnn_cnn_infer64_8.dll), whether the line says they loaded or were missing, and the
// major version a loaded runtime or cuDNN file name carries.
import type { Extractor, LineSink } from './types.js';

const FILE =
  /\b(lib(?:cudart|cudnn(?:_[a-z_]{2,40})?|cublas(?:Lt)?|cufft|curand|cusolver|cusparse|nvrtc|cupti|nccl)\.so(?:\.\d{1,3}){0,3}|(?:cudart|cudnn(?:_[a-z_]{2,40})?|cublas(?:Lt)?|cufft|curand|cusolver|cusparse|cupti)64_\d{1,3}\.dll)\b/gi;
const MISSING =
  /could not|cannot open|can't|not found|no such file|failed|unable to|error loading|is not installed/i;
const LOADED = /successfully opened|opened dynamic library|\bloaded\b/i;
const RUNTIME_DLL = /^cudart64_(\d{2,3})\.dll$/i;
const RUNTIME_SO = /^libcudart\.so\.(\d{1,2})\b/i;
const CUDNN_DLL = /^cudnn(?:_[a-z_]{2,40})?64_(\d{1,2})\.dll$/i;
const CUDNN_SO = /^libcudnn(?:_[a-z_]{2,40})?\.so\.(\d{1,2})\b/i;
const CUDNN_FULL = /^libcudnn\.so\.(\d{1,2}\.\d{1,2}\.\d{1,3})$/i;

export function librariesExtractor(): Extractor {
  return {
    needles: [
      'cudart',
      'cudnn',
      'cublas',
      'cufft',
      'curand',
      'cusolver',
      'cusparse',
      'nvrtc',
      'cupti',
      'libnccl',
    ],
    patterns: [FILE, MISSING, LOADED, RUNTIME_DLL, RUNTIME_SO, CUDNN_DLL, CUDNN_SO, CUDNN_FULL],
    read(text, sink) {
      FILE.lastIndex = 0;
      const names = text.match(FILE);
      if (!names) return null;
      const state = MISSING.test(text) ? 'missing' : LOADED.test(text) ? 'loaded' : 'seen';
      for (const name of new Set(names)) {
        sink.library(name, state);
        sink.os(name.endsWith('.dll') ? 'windows' : 'linux');
        if (state === 'loaded') loadedMajor(name, sink);
        else fullCudnnVersion(name, sink);
      }
      return /^\S+$/.test(text.trim()) ? 'collect-env' : 'other';
    },
  };
}

function loadedMajor(name: string, sink: LineSink): void {
  const rt = RUNTIME_DLL.exec(name) ?? RUNTIME_SO.exec(name);
  if (rt) sink.version('cudart_major', rt[1]!.length === 3 ? rt[1]!.slice(0, 2) : rt[1]!, 'log');
  const dnn = CUDNN_DLL.exec(name) ?? CUDNN_SO.exec(name);
  if (dnn) sink.version('cudnn_major', dnn[1]!, 'log');
  fullCudnnVersion(name, sink);
}

/** collect_env lists candidate files such as /usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.6. */
function fullCudnnVersion(name: string, sink: LineSink): void {
  const m = CUDNN_FULL.exec(name);
  if (m) sink.version('cudnn', m[1]!, 'path');
}
