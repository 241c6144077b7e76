// Version strings as logs print them: parsing, comparing, and the encodings frameworks
// use (cuDNN 8400 = 8.4.0, cu118 = CUDA 11.8, driver API 11040 = CUDA 11.4).

/** The leading numeric components: "2.1.0+cu118" -> [2, 1, 0], "v2.4.0-rc4" -> [2, 4, 0]. */
export function parts(v: string): readonly number[] {
  let p = parsed.get(v);
  if (p === undefined) {
    const m = /\d+(?:\.\d+)*/.exec(v);
    p = Object.freeze(m ? m[0].split('.').map(Number) : []);
    // The version checks compare the same few hundred table strings on every diagnosis.
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(v, p);
  }
  return p;
}

const parsed = new Map<string, readonly number[]>();
const PARSED_MAX = 4096;

/** Compares component by component; a missing component counts as 0 ("2.10" = "2.10.0"). */
export function compareVersions(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Compares only as many components as `bound` has: "3.10.12" vs "3.10" -> 0. */
export function compareTo(v: string, bound: string): number {
  const n = parts(bound).length;
  return compareVersions(parts(v).slice(0, n).join('.'), bound);
}

/** True when one names the other or a release inside it ("2.10" and "2.10.1", "470.82.1" and "470.82.01"). */
export function sameRelease(a: string, b: string): boolean {
  const x = parts(a);
  const y = parts(b);
  const n = Math.min(x.length, y.length);
  if (n === 0) return a === b;
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Whether `v` is the release `prefix` names or one inside it: "2.1.0" in "2.1", "1.9.0" in "1.9.0". */
export function within(v: string, prefix: string): boolean {
  const p = parts(prefix);
  const x = parts(v);
  return x.length >= p.length && p.every((c, i) => x[i] === c);
}

export function major(v: string): number | null {
  const p = parts(v);
  return p.length ? p[0]! : null;
}

/** "11.8.89" -> "11.8"; "8" -> "8". */
export function majorMinor(v: string): string {
  let mm = majorMinors.get(v);
  if (mm === undefined) {
    mm = parts(v).slice(0, 2).join('.');
    if (majorMinors.size >= PARSED_MAX) majorMinors.clear();
    majorMinors.set(v, mm);
  }
  return mm;
}

const majorMinors = new Map<string, string>();

/** cuDNN's integer version: 8400 -> 8.4.0, 8904 -> 8.9.4, 90300 -> 9.3.0. */
export function decodeCudnnNumber(n: string): string | null {
  if (!/^\d{4,6}$/.test(n)) return null;
  const v = Number(n);
  const base = v >= 10000 ? 10000 : 1000;
  return `${Math.floor(v / base)}.${Math.floor((v % base) / 100)}.${v % 100}`;
}

/** CUDA's integer version (cudaDriverGetVersion, CUDA_VERSION): 11040 -> 11.4, 10010 -> 10.1. */
export function decodeCudaNumber(n: string): string | null {
  if (!/^\d{4,6}$/.test(n)) return null;
  const v = Number(n);
  return `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 10)}`;
}

/** A wheel's CUDA tag: "118" (from +cu118) -> 11.8, "92" -> 9.2, "130" -> 13.0. */
export function decodeCuTag(digits: string): string | null {
  if (!/^\d{2,4}$/.test(digits)) return null;
  return `${Number(digits.slice(0, -1))}.${digits.slice(-1)}`;
}

/** TF's get_build_info() on Windows prints "64_112" / "64_8"; elsewhere "11.2" / "8". */
export function decodeBuildInfoVersion(s: string): string | null {
  const m = /^64_(\d+)$/.exec(s);
  if (!m) return /^\d+(\.\d+)*$/.test(s) ? s : null;
  const d = m[1]!;
  return d.length >= 3 ? decodeCuTag(d) : d;
}

/** "sm_86" / "compute_80" / "8.6" -> "8.6"; "sm_120" -> "12.0". */
export function computeCapability(s: string): string | null {
  const dotted = /^(\d{1,2})\.(\d)$/.exec(s);
  if (dotted) return `${dotted[1]}.${dotted[2]}`;
  const m = /^(?:sm|compute)_(\d{1,2})(\d)[a-z]?$/.exec(s);
  return m ? `${m[1]}.${m[2]}` : null;
}
