// JAX: its releases and what each one started to require (the changelog), and what its CUDA
// plugins need (the installation page): driver, compute capability, CUDA, cuDNN, extras.
import { compareVersions, isoDate, must, savedAt, sourced, tableMeta } from './common.mjs';

const CHANGELOG = 'jax/CHANGELOG.md';
const INSTALL = 'jax/installation.md';

/** "## JAX 0.11.0 (July 16, 2026)" / "## jax 0.4.38 (Dec 17, 2024)": the jax releases (jaxlib-only entries left out). */
export function parseReleases(text) {
  const out = [];
  for (const m of text.matchAll(/^## (?:JAX|jax) (\d+\.\d+\.\d+) \(([^)]+)\)\s*$/gm)) {
    const date = isoDate(m[2]);
    must(date, `changelog date ${m[2]}`);
    out.push({ version: m[1], date, at: m.index });
  }
  must(out.length > 20, 'changelog release headings');
  return out;
}

/** Each release's section text (jaxlib sections fold into the jax release of the same number). */
function sections(text) {
  const heads = [...text.matchAll(/^## (?:JAX|jax|jaxlib) (\d+\.\d+\.\d+) \(/gm)];
  return heads.map((h, i) => ({
    version: h[1],
    body: text.slice(h.index, heads[i + 1]?.index ?? text.length),
  }));
}

const sentence = (body, at) => {
  const start = body.lastIndexOf('* ', at) + 2;
  const end = body.indexOf('\n  *', at);
  return body
    .slice(start, end < 0 ? undefined : end)
    .replace(/\s+/g, ' ')
    .trim();
};

/** What each release began to require: minimum Python, cuDNN and CUDA, each with its changelog sentence. */
export function parseRequirements(text) {
  const out = [];
  for (const { version, body } of sections(text)) {
    const found = {};
    const facts = [];
    const note = (m) => facts.push(sentence(body, m.index));
    let m = /The minimum Python version is now (\d+\.\d+)/.exec(body);
    if (m) {
      found.pythonMin = m[1];
      note(m);
    }
    m = /Support for Python (\d+)\.(\d+)(?! free-threaded)(?:,| and| has)/.exec(body);
    if (m) {
      found.pythonMin = `${m[1]}.${Number(m[2]) + 1}`;
      note(m);
    }
    m = /The minimum CuDNN version is v(\d+\.\d+)/.exec(body);
    if (m) {
      found.cudnnMin = m[1];
      note(m);
    }
    m = /JAX now supports CUDA (\d+\.\d+) or newer only/.exec(body);
    if (m) {
      found.cudaMin = m[1];
      note(m);
    }
    if (facts.length) out.push({ jaxFrom: version, ...found, fact: facts.join(' ') });
  }
  // Several entries of one version (jax and jaxlib) merge.
  const merged = new Map();
  for (const r of out) {
    const prev = merged.get(r.jaxFrom);
    merged.set(r.jaxFrom, prev ? { ...prev, ...r, fact: `${prev.fact} ${r.fact}` } : r);
  }
  return [...merged.values()].sort((a, b) => compareVersions(a.jaxFrom, b.jaxFrom));
}

/** The installation page: per CUDA major, compute capability, Linux driver, and the wheel's CUDA/cuDNN/NCCL. */
export function parseInstall(text) {
  const plugins = [];
  for (const major of [12, 13]) {
    const sm = new RegExp(
      `On CUDA ${major}, JAX supports NVIDIA GPUs that have SM version (\\d+\\.\\d+)`,
    ).exec(text);
    const driver = new RegExp(`>= (\\d+) for CUDA ${major} on Linux`).exec(text);
    const table = new RegExp(
      `The CUDA ${major} wheel is:\\s+\\| Built with[^\\n]*\\n[^\\n]*\\n((?:\\|[^\\n]*\\n){3})`,
    ).exec(text);
    must(sm && driver && table, `installation page, CUDA ${major}`);
    const row = (name) => {
      const line = table[1].split('\n').find((l) => l.includes(`| ${name} `));
      must(line, `CUDA ${major} wheel: ${name}`);
      const [built, compat] = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      return {
        built: /(\d+(?:\.\d+)*)/.exec(built)[1],
        min: />=(\d+(?:\.\d+)*)/.exec(compat)[1],
        below: /<(\d+(?:\.\d+)*)/.exec(compat)?.[1],
      };
    };
    const cuda = row('CUDA');
    const cudnn = row('CUDNN');
    const nccl = row('NCCL');
    must(
      text.includes(`"jax[cuda${major}]"`) && text.includes(`"jax[cuda${major}-local]"`),
      `jax[cuda${major}] extras`,
    );
    plugins.push({
      cudaMajor: major,
      minComputeCapability: sm[1],
      linuxMinDriver: driver[1],
      builtWith: { cuda: cuda.built, cudnn: cudnn.built, nccl: nccl.built },
      cudaMin: cuda.min,
      cudnnMin: cudnn.min,
      ...(cudnn.below && { cudnnBelow: cudnn.below }),
      ncclMin: nccl.min,
      extra: `jax[cuda${major}]`,
      localExtra: `jax[cuda${major}-local]`,
      fact: `On CUDA ${major}, JAX supports GPUs with SM version ${sm[1]} or newer; the driver must be >= ${driver[1]} on Linux. The CUDA ${major} wheel is built with CUDA ${cuda.built}, cuDNN ${cudnn.built} and NCCL ${nccl.built}, and works with CUDA >= ${cuda.min}, cuDNN >= ${cudnn.min}${cudnn.below ? `, < ${cudnn.below}` : ''}. Install: pip install -U "jax[cuda${major}]" (or "jax[cuda${major}-local]" with a CUDA installed on the machine).`,
    });
  }
  const gpuRow = text.split('\n').find((l) => /^\| NVIDIA GPU\s*\|/.test(l));
  must(gpuRow, 'installation page: the NVIDIA GPU row of the supported platforms');
  const cells = gpuRow
    .split('|')
    .slice(2, -1)
    .map((c) => /\b(yes|no|n\/a|experimental)\b/.exec(c)?.[1]);
  must(cells.length === 5 && cells.every(Boolean), `platform cells ${gpuRow}`);
  const windows = [cells[3], cells[4]];
  const recommended = /\* \*\*GPU \(NVIDIA, CUDA (\d+)\)\*\*/.exec(text);
  must(recommended, 'installation page: the recommended CUDA install');
  return { plugins, windows: windows[0], wsl: windows[1], recommended: Number(recommended[1]) };
}

export function buildJax(up) {
  const read = String(up.manifest.read);
  const cl = up.entry(CHANGELOG);
  const inst = up.entry(INSTALL);
  const clSource = `${cl.url} (saved in ${savedAt(CHANGELOG)})`;
  const instSource = `${inst.url} (saved in ${savedAt(INSTALL)})`;
  const text = up.text(CHANGELOG);
  const releases = parseReleases(text)
    .map(({ version, date }) => ({ version, date, ...sourced(clSource, true, read) }))
    .sort((a, b) => compareVersions(a.version, b.version));
  const requirements = parseRequirements(text).map((r) => ({ ...r, ...sourced(clSource, true, read) }));
  const install = parseInstall(up.text(INSTALL));
  return {
    meta: tableMeta(up.manifest, 'jax', { recommendedCudaMajor: install.recommended }),
    releases,
    requirements,
    cudaPlugins: install.plugins.map((p) => ({ ...p, ...sourced(`${instSource} (NVIDIA GPU)`, true, read) })),
    windowsNativeGpu: {
      supported: install.windows !== 'no',
      fact: `JAX's supported-platforms table: NVIDIA GPU on native Windows: ${install.windows}; on WSL2: ${install.wsl}. CUDA wheels are published for Linux x86_64 and aarch64 only.`,
      ...sourced(`${instSource} (Supported platforms)`, true, read),
    },
  };
}
