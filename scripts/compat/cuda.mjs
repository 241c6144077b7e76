// CUDA: NVIDIA's Table 3 (each toolkit release's driver) and Table 2 (minor-version
// compatibility floors) from the saved release notes, newer releases from what could be read
// of their notes, and the lowest architecture each CUDA major targets (reference pack).
import { must, savedAt, sourced, tableMeta } from './common.mjs';

const NOTES = 'cuda/release-notes-13.2.2.md';
const NEWER = 'cuda/release-notes-13.3-13.4.md';
const REFERENCE = 'reference/cuda_drivers.json';

/** "CUDA 12.6 Update 3  | >=560.35.05  | >=561.17" -> toolkit rows. */
export function parseTable3(text) {
  const at = text.indexOf('Table 3 CUDA Toolkit and Corresponding Driver Versions');
  must(at >= 0, 'Table 3');
  const rows = [];
  for (const line of text.slice(at).split('\n')) {
    const m =
      /^(CUDA (\d+)\.(\d+)[^|]*?)\s*\|\s*>= ?(\d+(?:\.\d+)*)\s*\|\s*(?:>= ?(\d+(?:\.\d+)*)|N\/A)\s*$/.exec(
        line,
      );
    if (!m) continue;
    rows.push({ release: m[1].trim(), cuda: `${m[2]}.${m[3]}`, linux: m[4], windows: m[5] ?? null });
  }
  must(rows.length >= 60, `Table 3 rows: ${rows.length}`);
  return rows;
}

/** Table 2: "13.x  | >= 580  | N/A" -> { major, min, below }. */
export function parseTable2(text) {
  const rows = [];
  for (const m of text.matchAll(/^(\d+)\.x\s*\|\s*>= (\d+)\s*\|\s*(?:< (\d+)|N\/A)\s*$/gm))
    rows.push({ major: Number(m[1]), min: m[2], below: m[3] ?? null });
  must(rows.length >= 3, 'Table 2 rows');
  return rows;
}

/** The 13.3 Table 3 copy: "| CUDA 13.3 GA | >=610.43.02 |". */
export function parseNewer(text) {
  const rows = [];
  for (const m of text.matchAll(/^\| (CUDA (\d+)\.(\d+) (?:GA|Update \d+)) \| >=(\d+(?:\.\d+)+) \|$/gm))
    rows.push({ release: m[1], cuda: `${m[2]}.${m[3]}`, linux: m[4] });
  const ga = /The CUDA Toolkit (\d+\.\d+) GA release is versioned/.exec(text);
  const update = /CUDA Toolkit (\d+\.\d+) Update (\d+) - Release Notes/.exec(text);
  const date = /Release Notes, Release (\d+\.\d+), NVIDIA Corporation, ([A-Z][a-z]+ \d+, \d{4})/.exec(text);
  const unbundled =
    /Starting with CUDA (\d+\.\d+)[^,]*, the Linux driver is no longer bundled[^(]*\(R(\d+), >=(\d+\.\d+)\) to use/.exec(
      text,
    );
  must(rows.length >= 2 && ga && update && date && unbundled, 'the CUDA 13.3/13.4 notes');
  return { rows, ga: ga[1], update: { cuda: update[1], n: update[2] }, date: date[2], unbundled };
}

export function buildCuda(up) {
  const read = String(up.manifest.read);
  const notes = up.entry(NOTES);
  const text = up.text(NOTES);
  const t3 = parseTable3(text);
  const t2 = parseTable2(text);
  const newer = parseNewer(up.text(NEWER));
  const ref = up.json(REFERENCE);
  const t3Source = `NVIDIA CUDA Toolkit 13.2 Update 2 Release Notes, section 2.2 'CUDA Driver', Table 3 'CUDA Toolkit and Corresponding Driver Versions' (${notes.url}; saved in ${savedAt(NOTES)})`;
  const newerUrl = up.entry(NEWER).url;
  const toolkits = [];
  // The newest first, as NVIDIA lists them.
  const known = new Set(t3.map((r) => r.release));
  const ga = [`CUDA ${newer.update.cuda} Update ${newer.update.n}`, `CUDA ${newer.ga} GA`];
  for (const release of ga)
    toolkits.push({
      cuda: newer.ga,
      release,
      linux: null,
      windows: null,
      featureDriver: newer.unbundled[3],
      note: `From CUDA ${newer.unbundled[1]} the Linux driver is no longer bundled and no toolkit driver is listed here: the CUDA 13.x minor-version floor (Table 2) is the minimum. Its new features and newly enabled platforms need the R${newer.unbundled[2]} driver (>= ${newer.unbundled[3]}), per the ${newer.ga} Developer Preview notes.`,
      ...sourced(
        `NVIDIA CUDA Toolkit ${newer.ga} Release Notes (${newerUrl}, released ${newer.date}); Table 3 not read (saved in ${savedAt(NEWER)})`,
        'partial',
        read,
      ),
    });
  for (const r of newer.rows.filter((r) => !known.has(r.release) && r.cuda !== newer.ga))
    toolkits.push({
      cuda: r.cuda,
      release: r.release,
      linux: r.linux,
      windows: null,
      ...sourced(
        `NVIDIA CUDA Toolkit 13.3 Release Notes, Table 3 (https://docs.nvidia.com/cuda/archive/13.3.0/cuda-toolkit-release-notes/index.html), as quoted by copies in public repositories (saved in ${savedAt(NEWER)})`,
        'secondary',
        read,
      ),
    });
  for (const r of t3) toolkits.push({ ...r, ...sourced(t3Source, true, read) });

  // Table 2's floors; the precise 11.x/12.x floors are the Tesla drivers / first GA drivers the notes name.
  const floors = {
    13: ['580', '580'],
    12: ['525.60.13', '527.41'],
    11: ['450.80.02', '452.39'],
  };
  const ga0 = (major) => t3.find((r) => r.release === `CUDA ${major}.0 GA`);
  must(ga0(12).linux === floors[12][0] && ga0(12).windows === floors[12][1], 'CUDA 12.0 GA drivers');
  must(
    text.includes(`${floors[11][0]} (Linux) / ${floors[11][1]} (Windows)`),
    'the CUDA 11.x Tesla driver footnote',
  );
  const minorVersion = t2.map((r) => {
    const f = floors[r.major];
    must(f && f[0].split('.')[0] === r.min, `Table 2 floor for ${r.major}.x`);
    return {
      cudaMajor: r.major,
      linux: f[0],
      windows: f[1],
      ...(r.below && { below: r.below }),
      ...sourced(
        `${t3Source.replace(", Table 3 'CUDA Toolkit and Corresponding Driver Versions'", ", Table 2 'CUDA Toolkit and Minimum Required Driver Version for CUDA Minor Version Compatibility'")}`,
        true,
        read,
      ),
    };
  });

  const archFloors = ref.compute_capability_support_by_cuda
    .map((r) => [
      r,
      /minimum (?:required )?architecture (?:is )?SM(\d)(\d)|Minimum is Turing \(sm_(\d)(\d)\)/i.exec(
        r.change,
      ),
    ])
    .filter(([, m]) => m)
    .map(([r, m]) => ({
      cudaMajor: Number.parseInt(r.cuda, 10),
      minComputeCapability: `${m[1] ?? m[3]}.${m[2] ?? m[4]}`,
      fact: r.change,
      ...sourced(r.source, r.verified, read),
    }));
  return { meta: tableMeta(up.manifest, 'cuda-drivers'), toolkits, minorVersion, archFloors };
}
