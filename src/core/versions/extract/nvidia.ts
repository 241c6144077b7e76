// NVIDIA's tools: the nvidia-smi header and GPU table, `nvidia-smi -L`, the
// `--query-gpu=name,compute_cap,driver_version --format=csv` output, and `nvcc --version`.
import { computeCapability } from '../version-util.js';
import { cleanGpuName, type Extractor, GPU_NEEDLES, type LineSink } from './types.js';

// "| NVIDIA-SMI 535.129.03   Driver Version: 535.129.03   CUDA Version: 12.2 |" (the CUDA Version
// there is the newest the driver supports, not what is installed)
const DRIVER = /Driver Version:\s{0,8}(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)/;
const CUDA_MAX = /CUDA Version:\s{0,8}(\d{1,2}\.\d{1,2})/;
const SMI_HEADER = /NVIDIA-SMI\s{1,8}\d/;
// "|   0  NVIDIA GeForce RTX 3090        Off | 00000000:01:00.0  On |   N/A |"
const GPU_ROW = /^\|\s{0,4}(\d{1,2})\s{1,8}(\S.{0,80}?)\s{1,40}(?:On|Off|WDDM|TCC)\s{0,8}\|/;
// "GPU 0: NVIDIA GeForce RTX 3090 (UUID: GPU-...)" (nvidia-smi -L; collect_env lists GPUs this way too)
const GPU_LIST = /^GPU \d{1,2}: (.{1,80}?)(\s\(UUID: [^)]{0,60}\))?$/;
const CSV_HEADER = /^name\s{0,2},.{0,200}compute_cap/i;
const DRIVER_CELL = /^\d{2,4}\.\d{1,3}(\.\d{1,3})?$/;
/** The other lines of `nvcc --version`: part of the report, with no version of their own. */
const NVCC_OTHER =
  /^(?:nvcc: NVIDIA \(R\) Cuda compiler driver|Copyright \(c\) \d{4}-\d{4} NVIDIA Corporation|Build cuda_\d)/;
const NVCC = /Cuda compilation tools, release (\d{1,2}\.\d{1,2}), V(\d{1,2}\.\d{1,2}\.\d{1,4})/i;

export function nvidiaExtractor(): Extractor {
  let csv: string[] | null = null;
  return {
    needles: [
      'driver version',
      'cuda version',
      'nvidia-smi',
      'compute_cap',
      'cuda compilation tools',
      'build cuda_',
      ...GPU_NEEDLES,
    ],
    patterns: [DRIVER, CUDA_MAX, SMI_HEADER, GPU_ROW, GPU_LIST, NVCC, NVCC_OTHER, CSV_HEADER, DRIVER_CELL],
    read(text, sink) {
      const nvcc = NVCC.exec(text);
      if (nvcc) {
        sink.version('nvcc', nvcc[2]!, 'nvcc');
        sink.version('cuda', nvcc[1]!, 'nvcc');
        return 'nvcc';
      }
      if (NVCC_OTHER.test(text)) return 'nvcc';
      const driver = DRIVER.exec(text);
      const max = CUDA_MAX.exec(text);
      if (driver || (max && SMI_HEADER.test(text))) {
        if (driver) sink.version('driver', driver[1]!, 'nvidia-smi');
        if (max) sink.version('cuda_driver_max', max[1]!, 'nvidia-smi');
        return 'nvidia-smi';
      }
      if (CSV_HEADER.test(text)) {
        csv = text.split(',').map((c) => firstWord(c.trim().toLowerCase()));
        return 'nvidia-smi';
      }
      const row = GPU_ROW.exec(text);
      if (row) {
        const name = cleanGpuName(row[2]!);
        if (name) sink.gpu(name, null);
        return 'nvidia-smi';
      }
      const listed = GPU_LIST.exec(text);
      if (listed) {
        const name = cleanGpuName(listed[1]!);
        if (name) sink.gpu(name, null);
        return listed[2] ? 'nvidia-smi' : 'collect-env';
      }
      if (csv && text.includes(',')) return csvRow(csv, text, sink) ? 'nvidia-smi' : null;
      return null;
    },
  };
}

function csvRow(columns: readonly string[], text: string, sink: LineSink): boolean {
  const cells = text.split(',').map((c) => c.trim());
  if (cells.length !== columns.length) return false;
  const at = (col: string) => {
    const i = columns.indexOf(col);
    return i >= 0 ? cells[i] : undefined;
  };
  const name = cleanGpuName(at('name') ?? '');
  if (!name) return false;
  const cc = computeCapability(at('compute_cap') ?? '');
  sink.gpu(name, cc);
  const driver = at('driver_version');
  if (driver && DRIVER_CELL.test(driver)) sink.version('driver', driver, 'nvidia-smi');
  return true;
}

/** Up to the first white space; `/\s.*$/` would scan from every white space to a line break. */
function firstWord(text: string): string {
  const space = text.search(/\s/);
  return space === -1 ? text : text.slice(0, space);
}
