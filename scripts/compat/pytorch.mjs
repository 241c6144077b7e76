// PyTorch: releases (CUDA variants with their cuDNN and NCCL, Python range, released or
// planned) and the GPU architectures each wheel is compiled for. Releases 1.12 on come from
// RELEASE.md's matrix; their status from pytorch/test-infra's release history; older wheel
// lists and arch lists from the verified reference pack.
import { compareVersions, isoDate, must, savedAt, sourced, tableMeta } from './common.mjs';

const RELEASE_MD = 'pytorch/RELEASE.md';
const TEST_INFRA = 'pytorch/generate_binary_build_matrix.py';
const GO_LIVE = 'pytorch/test-infra-stable-version.log';
const ARCH_HELPER = 'pytorch/pkg_helpers_cuda.py';
const REFERENCE = 'reference/torch_builds.json';
/** From this release on, rows come from the matrix alone (the wheel pages before it list more variants). */
const FROM_MATRIX = '2.4';

/** The rows of the markdown table that follows `heading` (header and rule lines dropped). */
export function tableAfter(text, heading) {
  const found = text.indexOf(heading);
  must(found >= 0, `${heading} not found`);
  // From the start of the heading's line: a header row may hold the heading itself.
  const at = text.lastIndexOf('\n', found) + 1;
  const rows = [];
  let started = false;
  for (const line of text.slice(at).split('\n')) {
    if (line.startsWith('|')) {
      started = true;
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    } else if (started) break;
  }
  return rows.filter((r) => !r.every((c) => /^-+$/.test(c))).slice(1);
}

/** "CUDA 12.6 (CUDNN 9.10.2.21) (NCCL 2.29.3), CUDA 13.0 ..." -> [{cuda, cudnn, nccl}]; a cuDNN named once at the end is shared. */
export function parseCudaCell(cell) {
  const marks = [...cell.matchAll(/CUDA (\d+\.\d+)/g)];
  const builds = marks.map((m, i) => {
    const tail = cell.slice(m.index + m[0].length, marks[i + 1]?.index ?? cell.length);
    const cudnn = /CUDNN (\d+(?:\.\d+)+)/.exec(tail)?.[1];
    const nccl = /NCCL (\d+(?:\.\d+)+)/.exec(tail)?.[1];
    return { cuda: m[1], ...(cudnn && { cudnn }), ...(nccl && { nccl }) };
  });
  for (let i = builds.length - 2; i >= 0; i--)
    if (!builds[i].cudnn && builds[i + 1].cudnn) builds[i].cudnn = builds[i + 1].cudnn;
  return builds;
}

/** ">=3.10, <=(3.14, 3.14t experimental)", ">=3.9, <=3.12, (3.13 experimental)" -> a range; free-threaded builds are left out. */
export function parsePython(cell) {
  const min = />=(\d+\.\d+)/.exec(cell)?.[1];
  const max = /<=\(?(\d+\.\d+)/.exec(cell)?.[1];
  must(min && max, `python range ${cell}`);
  const experimental = [...cell.matchAll(/(\d+\.\d+)(t?) experimental/g)]
    .filter((m) => m[2] === '' && m[1] !== max)
    .map((m) => m[1]);
  return { min, max, experimental };
}

export function parseMatrix(text) {
  return tableAfter(text, '## Release Compatibility Matrix').map((cells) => {
    must(cells.length === 6, `matrix row ${cells.join(' | ')}`);
    const [version, python, , stable, experimental] = cells;
    must(/^\d+\.\d+$/.test(version), `matrix version ${version}`);
    return {
      version,
      python: parsePython(python),
      builds: [
        ...parseCudaCell(stable),
        ...parseCudaCell(experimental).map((b) => ({ ...b, experimental: true })),
      ],
    };
  });
}

/** "Turing(7.5), Ampere(8.0, 8.6), Blackwell(10.0, 12.0+PTX)" -> archs and PTX. */
function archCell(cell) {
  const items = [...cell.matchAll(/(\d+\.\d+)(\+PTX)?/g)];
  return { archs: items.map((m) => m[1]), ptx: items.filter((m) => m[2]).map((m) => m[1]) };
}

export function parseSupportMatrix(text) {
  const sentence = /For Release ([\d., and]+?) PyTorch Supports following CUDA Architectures/.exec(text);
  must(sentence, 'CUDA support matrix releases');
  const releases = sentence[1].match(/\d+\.\d+/g);
  const x86 = tableAfter(text, 'architectures supported for Linux x86 and Windows builds');
  return {
    releases,
    rows: x86.map(([cuda, archs, notes]) => {
      const { archs: a, ptx } = archCell(archs);
      return {
        cuda: cuda.split('.').slice(0, 2).join('.'),
        archs: a,
        ptx,
        linuxOnlyPtx: /linux builds only/.test(notes ?? ''),
      };
    }),
  };
}

/** Release cadence table: minor -> planned release date (ISO, or a month). */
export function parseCadence(text) {
  const out = new Map();
  for (const [minor, , release] of tableAfter(text, '### Release cadence table')) {
    const date = isoDate(release);
    must(date, `cadence date ${release}`);
    out.set(minor, date);
  }
  return out;
}

/** The test-infra commits that made a release the stable one: minor -> { date, commit, subject }. */
export function parseGoLive(text) {
  const out = new Map();
  for (const line of text.split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{40}) (\d{4}-\d{2}-\d{2}) (.*)$/.exec(line);
    must(m, `go-live log line ${line}`);
    const v = /\b(\d+\.\d+)(?:\.\d+)?\b/.exec(m[3]);
    if (!v) continue;
    const prev = out.get(v[1]);
    if (!prev || prev.date > m[2]) out.set(v[1], { date: m[2], commit: m[1], subject: m[3] });
  }
  return out;
}

/** generate_binary_build_matrix.py: the release channel's CUDA versions and the stable/candidate versions. */
export function parseTestInfra(text) {
  const release = /CUDA_ARCHES_DICT = \{[^}]*?"release": \[([^\]]*)\]/s.exec(text);
  const stable = /CURRENT_STABLE_VERSION = "([\d.]+)"/.exec(text);
  const candidate = /CURRENT_CANDIDATE_VERSION = "([\d.]+)"/.exec(text);
  must(release && stable && candidate, 'test-infra release matrix');
  return {
    releaseCuda: release[1].match(/\d+\.\d+/g),
    stable: stable[1],
    candidate: candidate[1],
  };
}

/** pkg-helpers/cuda.py: the arch list for every CUDA 13.x build. */
export function parseArchHelper(text) {
  const m = /startswith\("13\."\):[\s\S]*?arch_list = "([\d.;+PTX]+)"/.exec(text);
  must(m, 'CUDA 13.x arch list in pkg_helpers');
  const items = m[1].split(';');
  return {
    archs: items.map((a) => a.replace('+PTX', '')),
    ptx: items.filter((a) => a.endsWith('+PTX')).map((a) => a.replace('+PTX', '')),
  };
}

const dropNote = (s) => s.replace(/\s*\(.*$/, '').trim();
const cuTag = (t) => /^cu(\d+)(\d)\b/.exec(t);
const range = (s) => {
  const [a, b] = s.split('-').map((x) => x.trim());
  const [ma, mi] = a.split('.').map(Number);
  const end = b ? Number(b.split('.')[1]) : mi;
  return Array.from({ length: end - mi + 1 }, (_, i) => `${ma}.${mi + i}`);
};
const clean = (s) => s.replace(/\s+/g, ' ').trim();

function referencePython(r) {
  const s = r.python;
  const verified = r.python_verified === false ? false : r.verified;
  let m = /^(\d+\.\d+)-(\d+\.\d+)/.exec(s);
  if (m) return { min: m[1], max: m[2], experimental: [], verified };
  m = /^>=(\d+\.\d+), <=(\d+\.\d+)(?: \((\d+\.\d+) experimental\))?/.exec(s);
  if (m) return { min: m[1], max: m[2], experimental: m[3] ? [m[3]] : [], verified };
  must(s.startsWith('<=3.8 for LTS'), `python range ${s}`);
  return null;
}

export function buildPytorch(up) {
  const read = String(up.manifest.read);
  const releaseMd = up.text(RELEASE_MD);
  const matrix = parseMatrix(releaseMd);
  const support = parseSupportMatrix(releaseMd);
  const cadence = parseCadence(releaseMd);
  const goLive = parseGoLive(up.text(GO_LIVE));
  const infra = parseTestInfra(up.text(TEST_INFRA));
  const helper13 = parseArchHelper(up.text(ARCH_HELPER));
  const ref = up.json(REFERENCE);
  const confirmations = new Map((up.manifest.confirmations?.pytorch ?? []).map((c) => [c.version, c]));
  const matrixSource = `pytorch/pytorch RELEASE.md, Release Compatibility Matrix (${up.entry(RELEASE_MD).url}; saved in ${savedAt(RELEASE_MD)})`;
  const infraUrl = 'https://github.com/pytorch/test-infra/commit/';

  // Releases before 2.4 keep the reference pack's rows (previous-versions.md), with the
  // matrix's cuDNN builds where it has them.
  const firstMatrix = matrix.at(-1).version;
  const releases = [];
  for (const r of ref.releases) {
    const torch = dropNote(r.torch)
      .split('/')
      .map((v) => v.replace(/\.x$/, ''));
    if (compareVersions(torch[0], FROM_MATRIX) >= 0) continue; // the matrix below
    const wheels = r.cuda_wheels.map(cuTag).filter(Boolean);
    const dflt = r.cuda_wheels.find((w) => w.includes('default PyPI wheel'));
    const python = referencePython(r);
    const row = matrix.find((m) => torch.some((t) => t === m.version || t.startsWith(`${m.version}.`)));
    releases.push({
      torch,
      label: r.torch,
      status: 'released',
      cudaWheels: wheels.map((m) => `${m[1]}.${m[2]}`),
      ...(row && { builds: row.builds }),
      ...(dflt && { defaultPypiCuda: `${cuTag(dflt)[1]}.${cuTag(dflt)[2]}` }),
      ...(python && { python }),
      ...sourced(row ? `${r.source} ; ${matrixSource}` : r.source, r.verified, read),
    });
  }

  // 2.4 on: the matrix, with each release's status from test-infra or a listed confirmation.
  for (const m of [...matrix].reverse()) {
    if (compareVersions(m.version, FROM_MATRIX) < 0) continue;
    const live = goLive.get(m.version);
    const confirmed = confirmations.get(m.version);
    const planned = cadence.get(m.version);
    const released = live || confirmed || compareVersions(m.version, infra.stable) <= 0;
    const releaseDate = confirmed?.released ?? (planned?.length === 10 ? planned : live?.date);
    const status = released ? 'released' : 'planned';
    const why = live
      ? `released: ${infraUrl}${live.commit} (${live.date}, '${live.subject}')`
      : confirmed
        ? `released: ${clean(confirmed.source)}`
        : `not confirmed released`;
    const verified = !released ? false : confirmed ? confirmed.verified : 'secondary';
    releases.push({
      torch: [m.version],
      label: m.version,
      status,
      ...(released && releaseDate && { released: String(releaseDate) }),
      ...(!released && planned && { planned }),
      cudaWheels: m.builds.map((b) => b.cuda),
      builds: m.builds,
      python: { ...m.python, verified },
      ...sourced(`${matrixSource} ; ${why}`, verified, read),
    });
  }

  // Releases the cadence table plans and the matrix does not list yet.
  for (const [minor, date] of cadence) {
    if (releases.some((r) => r.torch.includes(minor)) || compareVersions(minor, firstMatrix) < 0) continue;
    must(!goLive.has(minor), `${minor} went live but has no matrix row`);
    releases.push({
      torch: [minor],
      label: `${minor} (planned for ${date}, not confirmed released)`,
      status: 'planned',
      planned: date,
      cudaWheels: [],
      ...sourced(
        `pytorch/pytorch RELEASE.md, Release cadence table (${up.entry(RELEASE_MD).url}; saved in ${savedAt(RELEASE_MD)})`,
        false,
        read,
      ),
    });
  }
  // The release channel test-infra builds must be the newest released row's variants.
  const stableRow = releases.find((r) => r.torch.includes(infra.stable.split('.').slice(0, 2).join('.')));
  must(
    stableRow && infra.releaseCuda.every((c) => stableRow.cudaWheels.includes(c)),
    `test-infra release CUDA ${infra.releaseCuda} vs matrix ${stableRow?.cudaWheels}`,
  );

  return {
    meta: tableMeta(up.manifest, 'pytorch'),
    releases,
    archLists: archLists(up, ref, support, helper13, read),
    archRule: {
      fact: ref.compiled_arch_lists._how_to_read,
      ...sourced(
        up.json('reference/gpu_cc.json').binary_compatibility_rule.source,
        up.json('reference/gpu_cc.json').binary_compatibility_rule.verified,
        read,
      ),
    },
  };
}

function archLists(up, ref, support, helper13, read) {
  const rows = [];
  const torchVersions = (s) => {
    const head = s.replace(/ (era|\().*$/, '').trim();
    return head.includes('-') ? range(head) : head.split(',').map((x) => x.trim());
  };
  const cudaKeys = (k) => k.split('/').flatMap((p) => (p.includes('-') ? range(p) : [p.replace(/\.x$/, '')]));
  for (const [platform, list] of [
    ['linux', ref.compiled_arch_lists.linux_manywheel],
    ['windows', ref.compiled_arch_lists.windows],
  ]) {
    for (const r of list) {
      if (r.verified === false) continue; // planned releases: from the support matrix below
      for (const [k, v] of Object.entries(r.by_cuda)) {
        const note = /\((.*)\)/.exec(v)?.[1];
        const items = dropNote(v).split(';');
        rows.push({
          torch: torchVersions(r.torch),
          platform,
          cuda: cudaKeys(k),
          archs: items.map((a) => a.replace('+PTX', '')),
          ptx: items.filter((a) => a.endsWith('+PTX')).map((a) => a.replace('+PTX', '')),
          ...((note || r.caveat) && {
            note: [note && `x86_64 list; ${note}`, r.caveat].filter(Boolean).join('; '),
          }),
          ...sourced(r.source, r.verified, read),
        });
      }
    }
  }
  // Between the builder's lists and the support matrix: the same build scripts' lists, derived.
  const era = rows.find((r) => r.platform === 'linux' && r.torch.includes('2.8') && r.cuda.includes('12.6'));
  const era128 = rows.find(
    (r) => r.platform === 'linux' && r.torch.includes('2.8') && r.cuda.includes('12.8'),
  );
  must(era && era128, 'the 2.8-era build_cuda.sh lists');
  const between = ['2.9', '2.10', '2.11'];
  rows.push(
    {
      ...era,
      torch: between,
      note: 'the 12.6 list of build_cuda.sh, unchanged since 2.8',
      ...sourced(era.source, 'derived', read),
    },
    {
      ...era128,
      torch: between,
      note: 'the 12.8 list of build_cuda.sh, unchanged since 2.8',
      ...sourced(era128.source, 'derived', read),
    },
    {
      torch: between,
      platform: 'linux',
      cuda: ['13.0'],
      archs: helper13.archs,
      ptx: helper13.ptx,
      note: 'the CUDA 13.x list pytorch/test-infra builds with (13.0 wheels first shipped with 2.9)',
      ...sourced(
        `pytorch/test-infra ${up.entry(ARCH_HELPER).url} (saved in ${savedAt(ARCH_HELPER)})`,
        'derived',
        read,
      ),
    },
  );
  // The support matrix of RELEASE.md, for the releases it names.
  const src = `pytorch/pytorch RELEASE.md, PyTorch CUDA Support Matrix (${up.entry(RELEASE_MD).url}; saved in ${savedAt(RELEASE_MD)})`;
  for (const r of support.rows) {
    for (const platform of ['linux', 'windows']) {
      rows.push({
        torch: support.releases,
        platform,
        cuda: [r.cuda],
        archs: r.archs,
        ptx: platform === 'windows' && r.linuxOnlyPtx ? [] : r.ptx,
        ...(platform === 'linux' && { note: 'x86_64 list (aarch64 builds differ)' }),
        ...sourced(src, 'secondary', read),
      });
    }
  }
  return rows;
}
