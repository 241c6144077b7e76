// Reads log lines one at a time and collects every version they show. Each extractor
// runs only on lines holding one of its needles, so VERSION_NEEDLES (their union) is a
// sound prefilter: a line without any of them can never add a fact, except the line
// right after one that announced a value below it (wantsNext() says so; the classifier
// then hands that line over whatever it holds).

import { alternationOf } from '../text/regex-escape.js';
import { bareTorchExtractor } from './extract/bare-torch.js';
import { jaxInfoExtractor } from './extract/jax-info.js';
import { labelledExtractor } from './extract/labelled.js';
import { librariesExtractor } from './extract/libraries.js';
import { messagesExtractor } from './extract/messages.js';
import { nvidiaExtractor } from './extract/nvidia.js';
import { packagesExtractor } from './extract/packages.js';
import { proseExtractor } from './extract/prose.js';
import { pythonExtractor } from './extract/python.js';
import { replExtractor } from './extract/repl.js';
import { tensorflowLogExtractor } from './extract/tensorflow-log.js';
import type { Extractor, LineSink } from './extract/types.js';
import type { EnvKind, VersionFacts } from './facts.js';
import { FactStore } from './store.js';

/** Lines longer than this are read up to it (versions sit at the start of the lines that print them). */
const MAX_LINE = 4096;
/** Table rows (`| ... |`) neither make a paste an environment report nor count against it. */
const TABLE_ROW = /^\|.*\|$/;

export interface VersionCollector {
  /** One normalised line (or piece of one); `lineNo` is its 1-based line in the input. */
  line(text: string, lineNo: number): void;
  /** True when an extractor waits for the next line whatever it holds (a value printed below its command). */
  wantsNext(): boolean;
  result(): VersionFacts;
}

/** The extractors, structured ones first; the last (prose) runs only on lines no other one read. */
export function createExtractors(): { structured: Extractor[]; prose: Extractor } {
  return {
    structured: [
      labelledExtractor(),
      packagesExtractor(),
      tensorflowLogExtractor(),
      librariesExtractor(),
      nvidiaExtractor(),
      messagesExtractor(),
      jaxInfoExtractor(),
      pythonExtractor(),
      replExtractor(),
      bareTorchExtractor(),
    ],
    prose: proseExtractor(),
  };
}

const TEMPLATE = createExtractors();
const ALL = [...TEMPLATE.structured, TEMPLATE.prose];

/** Lower-case literals one of which every line the collector can use contains. */
export const VERSION_NEEDLES: readonly string[] = Object.freeze(
  [...new Set(ALL.flatMap((e) => e.needles))].sort(),
);

/**
 * One scan finds the needles in a line: the alternation tries longer needles first, and a
 * needle found stands for every shorter needle inside it, so each maps to the bit mask of
 * the extractors (by index in ALL) whose needles it holds.
 */
const SCAN = new RegExp(alternationOf(VERSION_NEEDLES), 'gi');
const MASK = new Map(
  VERSION_NEEDLES.map((n) => [
    n,
    ALL.reduce((m, x, i) => (x.needles.some((k) => n.includes(k)) ? m | (1 << i) : m), 0),
  ]),
);

/** The extractors a line holds needles for, as a bit mask (0: none). */
function wanted(text: string): number {
  let mask = 0;
  SCAN.lastIndex = 0;
  for (let m = SCAN.exec(text); m; m = SCAN.exec(text)) {
    mask |= MASK.get(m[0].toLowerCase()) ?? 0;
    SCAN.lastIndex = m.index + 1;
  }
  return mask;
}

export function createVersionCollector(): VersionCollector {
  const { structured, prose } = createExtractors();
  const store = new FactStore();
  const kinds: Partial<Record<EnvKind, number>> = {};
  let reportLines = 0;
  let otherLines = 0;
  let lineNo = 0;
  let text = '';
  const count = (kind: EnvKind) => {
    reportLines++;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  };
  const sink: LineSink = {
    version: (key, value, origin) => store.version(key, value, origin, lineNo, text),
    library: (name, state) => store.library(name, state, lineNo),
    gpu: (name, cc) => store.gpu(name, cc, lineNo),
    flag: (key) => store.flag(key, lineNo, text),
    buildArchs: (from, archs, ptx) => store.buildArchs({ from, archs, ptx, line: lineNo }),
    os: (os) => store.os(os),
    get lineNo() {
      return lineNo;
    },
  };
  const proseBit = 1 << structured.length;
  const awaiters = structured.filter((x) => x.awaiting && x.readNext);

  return {
    line(raw, n) {
      text = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
      lineNo = n;
      let kind: EnvKind | null = null;
      let used = false;
      for (const x of awaiters) {
        if (!x.awaiting!(n)) continue;
        const r = x.readNext!(text, sink);
        if (r) used = true;
        if (r && r !== 'other') kind ??= r;
      }
      const mask = wanted(text);
      if (mask === 0) {
        if (kind) count(kind);
        return;
      }
      for (let i = 0; i < structured.length; i++) {
        if ((mask & (1 << i)) === 0) continue;
        const r = structured[i]!.read(text, sink);
        if (r) used = true;
        if (r && r !== 'other') kind ??= r;
      }
      if (!used && mask & proseBit) prose.read(text, sink);
      if (kind) count(kind);
      else if (!TABLE_ROW.test(text)) otherLines++;
    },
    wantsNext() {
      return awaiters.some((x) => x.awaiting!(lineNo + 1));
    },
    result() {
      return {
        versions: store.entries(),
        libraries: store.libraryList(),
        gpus: store.gpuList(),
        flags: store.flagList(),
        buildArchs: store.buildArchList(),
        os: store.osGuess(),
        env: { kinds: { ...kinds }, reportLines, otherLines },
      };
    },
  };
}
