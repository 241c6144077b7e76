// Versions written in a message rather than printed by a tool: "TF 2.10 with CUDA 11.2 and
// cuDNN 8.1", "win10+tensorflow1.10+cuda9.2". Tried only on lines no other extractor read;
// such values rank last and never count as contradictions.
import type { VersionKey } from '../facts.js';
import type { Extractor } from './types.js';

const PATTERNS: readonly [VersionKey, RegExp][] = [
  ['tensorflow', /\b(?:tensorflow(?:-gpu)?|tf)[ =v-]{0,3}(\d\.\d{1,2}(?:\.\d{1,2})?)(?![\w.])/gi],
  ['torch', /\b(?:pytorch|torch)[ =v-]{0,3}(\d\.\d{1,2}(?:\.\d{1,2})?(?:\+(?:cu\d{2,4}|cpu))?)(?![\w.])/gi],
  ['cuda', /\bcuda(?: toolkit)?[ =v-]{0,3}(\d{1,2}\.\d)(?![\w.])/gi],
  ['cudnn', /\bcudnn[ =v-]{0,3}(\d\.\d{1,2}(?:\.\d{1,3}){0,2})(?![\w.])/gi],
  ['python', /\bpython[ =v-]{0,3}(3\.\d{1,2}(?:\.\d{1,2})?)(?![\w.])/gi],
  ['driver', /\bdriver(?: version)?[ =:v-]{0,3}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)(?![\w.])/gi],
];

/** Every pattern needs "<digit>.<digit>": most lines that mention CUDA or Python have none. */
const DIGIT_DOT = /\d\.\d/;

export function proseExtractor(): Extractor {
  return {
    needles: ['tensorflow', 'tf ', 'tf=', 'tf1.', 'tf2.', 'torch', 'cuda', 'cudnn', 'python', 'driver'],
    patterns: [DIGIT_DOT, ...PATTERNS.map(([, re]) => re)],
    read(text, sink) {
      if (!DIGIT_DOT.test(text)) return null;
      let used = false;
      for (const [key, re] of PATTERNS) {
        re.lastIndex = 0;
        for (const m of text.matchAll(re)) {
          sink.version(key, m[1]!, 'prose');
          used = true;
        }
      }
      return used ? 'other' : null;
    },
  };
}
