// Framework and OS from the marker patterns' hit counts.
import type { Framework, Os } from '../types.js';
import type { CompiledClassifier } from './engine.js';
import type { ScanResult } from './scanner.js';

/** The framework most lines point at; on a tie, the earlier in FRAMEWORK_MARKERS order. */
export function detectFramework(c: CompiledClassifier, scan: ScanResult): Framework | null {
  return mostSeen(c.frameworks, scan);
}

/** The OS most lines point at; WSL wins over Linux whenever it is seen at all. */
export function detectOs(c: CompiledClassifier, scan: ScanResult): Os | null {
  const wsl = c.os.find((m) => m.value === 'wsl');
  if (wsl && (scan.hits.get(wsl.index)?.count ?? 0) > 0) return 'wsl';
  return mostSeen(c.os, scan);
}

function mostSeen<T>(markers: readonly { value: T; index: number }[], scan: ScanResult): T | null {
  let best: T | null = null;
  let bestCount = 0;
  for (const m of markers) {
    const n = scan.hits.get(m.index)?.count ?? 0;
    if (n > bestCount) {
      best = m.value;
      bestCount = n;
    }
  }
  return best;
}
