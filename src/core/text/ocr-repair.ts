// Text read from a screenshot, mended where OCR's usual confusions would hide an error
// from the rules: `00M` for OOM, `6xC0000409` for 0xC0000409, `CUDNN_STATUS INTERNAL ERROR`
// for CUDNN_STATUS_INTERNAL_ERROR, `2,10.0` for 2.10.0. Applied to OCR text only: a
// pasted log is never changed. Words are mended only into words the knowledge base looks
// for, so `10GB` or `A100` stay as they were read.
import type { KnowledgeBase } from '../knowledge.js';

/** Digits OCR reads in place of letters. */
const DIGIT_AS_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
  '6': 'G',
};
/** Letters OCR reads in place of hex digits. */
const LETTER_AS_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  I: '1',
  l: '1',
  '|': '1',
  S: '5',
  s: '5',
  Z: '2',
  G: '6',
  g: '9',
};

/** What the knowledge base looks for: upper-case words and underscore_joined names. */
export interface OcrVocabulary {
  words: ReadonlySet<string>;
  identifiers: readonly string[];
  /** Long words of the patterns (DataLoader, ResourceExhaustedError), by length, for one-slip mends. */
  long: ReadonlyMap<number, readonly string[]>;
}

/** The words and names in the knowledge base's patterns (literal text only). */
export function ocrVocabulary(kb: Pick<KnowledgeBase, 'rules' | 'harmless'>): OcrVocabulary {
  const words = new Set<string>();
  const identifiers = new Set<string>();
  const long = new Set<string>();
  const sources = [
    ...kb.rules.flatMap((r) => [r.match, ...(r.when?.seen ?? []), ...(r.when?.anySeen ?? [])]),
    ...kb.harmless.map((h) => h.pattern),
  ].flatMap((p) => (p ? [p.source] : []));
  for (const source of sources) {
    // Escapes and classes are not literal text: `\d` must not read as a word `d`.
    const literal = source.replace(/\\[a-zA-Z]/g, ' ').replace(/\[[^\]]{0,200}\]/g, ' ');
    for (const m of literal.matchAll(/[A-Za-z0-9]{1,40}(?:_[A-Za-z0-9]{1,40}){1,8}/g)) identifiers.add(m[0]);
    for (const m of literal.matchAll(/[A-Z]{2,40}/g)) words.add(m[0]);
    for (const m of literal.matchAll(/[A-Za-z]{8,40}/g)) long.add(m[0]);
  }
  const byLength = new Map<number, string[]>();
  for (const w of long) byLength.set(w.length, [...(byLength.get(w.length) ?? []), w]);
  return { words, identifiers: [...identifiers], long: byLength };
}

export interface OcrRepair {
  text: string;
  /** How many tokens were changed. */
  changes: number;
}

export function repairOcrText(text: string, vocabulary: OcrVocabulary): OcrRepair {
  let changes = 0;
  const changed = (from: string, to: string) => {
    if (from !== to) changes++;
    return to;
  };
  const joiners = identifierMatchers(vocabulary.identifiers);
  const lines = text.split('\n').map((line) => {
    let l = line;
    // Hex literals: the 0x prefix read as Ox or ox (or 6x before an NTSTATUS-long number), letters for digits.
    l = l.replace(
      /(?<![A-Za-z0-9])(?:[0Oo]x([0-9A-Fa-fOoQDIl|SsZGg]{4,16})|6x([0-9A-Fa-fOoQDIl|SsZGg]{8}))(?![A-Za-z0-9])/g,
      (m, a: string | undefined, b: string | undefined) =>
        changed(m, `0x${[...(a ?? b ?? '')].map((c) => LETTER_AS_DIGIT[c] ?? c).join('')}`),
    );
    // Upper-case words with digits read for letters (00M, N0T, 1NTERNAL), when the mended word is one the rules know.
    l = l.replace(/(?<![A-Za-z0-9])[A-Z0-9]{2,40}(?![A-Za-z0-9])/g, (word) => {
      if (!/[0-9]/.test(word) || !/[A-Z]/.test(word) || vocabulary.words.has(word)) return word;
      const mended = [...word].map((c) => DIGIT_AS_LETTER[c] ?? c).join('');
      return vocabulary.words.has(mended) ? changed(word, mended) : word;
    });
    // A version's dot read as a comma: 2,10.0 and 2.10,0 (never a list like 64,256,56).
    l = l.replace(/(?<![\d,.])(\d{1,3})(?:,(\d{1,3})\.|\.(\d{1,3}),)(\d{1,4})(?![\d,])/g, (m, a, b, c, d) =>
      changed(m, `${a}.${b ?? c}.${d}`),
    );
    // `.dll` read as `.d11`; a C++ mangled name's leading underscore lost (`symbol: ZN3c10...`).
    l = l.replace(/\.d[1lI|]{2}(?![A-Za-z0-9])/g, (m) => changed(m, '.dll'));
    l = l.replace(/(symbol:? {1,2})(Z[NKL]?\d)/g, (m, pre: string, z: string) => changed(m, `${pre}_${z}`));
    for (const j of joiners) l = l.replace(j.pattern, (m) => changed(m, j.name));
    // A long word of the rules with one letter added, dropped or changed (DatalLoader).
    l = l.replace(/(?<![A-Za-z])[A-Za-z]{8,41}(?![A-Za-z])/g, (word) =>
      changed(word, nearWord(word, vocabulary.long)),
    );
    return l;
  });
  return { text: lines.join('\n'), changes };
}

/** The one vocabulary word a single edit away from `word`, or `word` itself. */
function nearWord(word: string, long: ReadonlyMap<number, readonly string[]>): string {
  if ((long.get(word.length) ?? []).includes(word)) return word;
  const found = new Set<string>();
  for (const n of [word.length - 1, word.length, word.length + 1])
    for (const w of long.get(n) ?? []) if (w[0] === word[0] && oneEdit(word, w)) found.add(w);
  return found.size === 1 ? [...found][0]! : word;
}

function oneEdit(a: string, b: string): boolean {
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length && diff < 2; i++) if (a[i] !== b[i]) diff++;
    return diff === 1;
  }
  const [short, longer] = a.length < b.length ? [a, b] : [b, a];
  if (longer.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === longer[i]) i++;
  return short.slice(i) === longer.slice(i + 1);
}

interface Joiner {
  name: string;
  pattern: RegExp;
}

/** For each identifier, a pattern that finds it with its underscores read as spaces or lost. */
function identifierMatchers(identifiers: readonly string[]): Joiner[] {
  const out: Joiner[] = [];
  for (const name of new Set(identifiers)) {
    const parts = name.split('_');
    // Only names of plain letters and digits: nothing here is a regex metacharacter.
    if (parts.length < 2 || parts.some((p) => !/^[A-Za-z0-9]{1,40}$/.test(p))) continue;
    if (parts.every((p) => p.length < 2)) continue;
    out.push({
      name,
      pattern: new RegExp(`(?<![A-Za-z0-9_])${parts.join('(?:_ ?| _?| )')}(?![A-Za-z0-9_])`, 'g'),
    });
  }
  // Longest first, so a longer name is not cut by a shorter one inside it.
  return out.sort((a, b) => b.name.length - a.name.length);
}
