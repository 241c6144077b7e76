// `jax.print_environment_info()`: "jax:    0.4.20", "jaxlib: 0.4.20", "numpy:  1.26.2",
// "python: 3.11.5 (main, ...)".
import type { VersionKey } from '../facts.js';
import type { Extractor } from './types.js';

const LINE = /^(jax|jaxlib|numpy|python):\s+(\d+\.\d+[\w.+]*)/;
const KEYS: Readonly<Record<string, VersionKey>> = {
  jax: 'jax',
  jaxlib: 'jaxlib',
  numpy: 'numpy',
  python: 'python',
};

export function jaxInfoExtractor(): Extractor {
  return {
    needles: ['jax:', 'jaxlib:', 'numpy:', 'python:'],
    patterns: [LINE],
    read(text, sink) {
      const m = LINE.exec(text);
      if (!m) return null;
      sink.version(KEYS[m[1]!]!, m[2]!, 'jax-info');
      return 'jax-info';
    },
  };
}
