// The classifier's entry point: text (whole or streamed) in, Diagnosis out.
//   lines -> normalise -> prefilter -> patterns + extractors -> rank -> checks -> Diagnosis

import { AnchoredByteScanner, SCAN_LIMITS } from './classify/byte-scan.js';
import { type CompiledClassifier, compileClassifier } from './classify/engine.js';
import { createExitCollector, type ExitCollector } from './classify/exit-collector.js';
import { FilteredLineSplitter } from './classify/line-filter.js';
import { Quoter } from './classify/quote.js';
import { rankCauses } from './classify/rank.js';
import { type LineExtractor, Scanner } from './classify/scanner.js';
import { detectFramework, detectOs } from './classify/signals.js';
import { assembleDiagnosis } from './diagnosis-assembly.js';
import { EXIT_CODE_NEEDLES, EXIT_CODE_WIDE_NEEDLES } from './exit-codes/find.js';
import type { KnowledgeBase } from './knowledge.js';
import { createNcclCollector, type NcclCollector } from './nccl/collect.js';
import { NCCL_NEEDLES } from './nccl/find.js';
import { ByteDecoder, concat, SNIFF_BYTES, sniff, textLooksBinary } from './text/decode.js';
import type { Diagnosis, InputStats, Shell } from './types.js';
import {
  createVersionCollector,
  runVersionChecks,
  VERSION_NEEDLES,
  type VersionCollector,
  type VersionFacts,
} from './versions/index.js';
import { createXidCollector, type XidCollector } from './xid/collect.js';
import { XID_NEEDLES } from './xid/find.js';

export interface DiagnoseOptions {
  /** Write commands for this shell instead of the one the paste shows (or the OS's usual one). */
  shell?: Shell;
}

export interface Diagnoser {
  /** Feeds the next part of the text. */
  push(text: string): void;
  end(): Diagnosis;
  /** The diagnosis and every version the text showed (for environment reports). */
  endDetailed(): DiagnosisDetail;
}

export interface DiagnosisDetail {
  diagnosis: Diagnosis;
  facts: VersionFacts;
}

/** One diagnosis in the making: the scanner and its extractors, fed line by line. */
interface Engine {
  readonly compiled: CompiledClassifier;
  /** Returns true when the next line must be handed on whatever it holds. */
  line(text: string, lineNo: number): boolean;
  /** A harmless notice: a big log's reader reads no context around it. */
  quiet(text: string): boolean;
  /** `blank`: the input held nothing but whitespace (or nothing at all). */
  /** `head`: the text's first SNIFF_BYTES characters, where listening looks for crash markers. */
  finish(input: InputStats, blank: boolean, head: string): DiagnosisDetail;
}

/** The knowledge base's compiled classifier, with the extractors' needles (built once per base). */
export function classifierFor(kb: KnowledgeBase): CompiledClassifier {
  return compileClassifier(kb, {
    exitCodes: [...EXIT_CODE_NEEDLES, ...EXIT_CODE_WIDE_NEEDLES],
    versions: VERSION_NEEDLES,
    signals: [XID_NEEDLES, NCCL_NEEDLES],
  });
}

function createEngine(kb: KnowledgeBase, options: DiagnoseOptions): Engine {
  const compiled = classifierFor(kb);
  const exits = createExitCollector(kb.exitCodes);
  const versions = createVersionCollector();
  const gpu = { xids: createXidCollector(), nccl: createNcclCollector() };
  const extractors: LineExtractor[] = [
    exits,
    { line: (text, lineNo) => versions.line(text, lineNo), wantsNext: () => versions.wantsNext() },
    gpu.xids,
    gpu.nccl,
  ];
  const scanner = new Scanner(compiled.set, extractors, {
    harmless: compiled.harmless,
    conditions: compiled.conditions,
    markers: new Set([
      ...[...compiled.frameworks, ...compiled.os].map((m) => m.index),
      compiled.traceback,
      compiled.exceptionLine,
    ]),
  });
  return {
    compiled,
    line: (text, lineNo) => scanner.line(text, lineNo),
    quiet: (text) => scanner.isHarmless(text),
    finish: (input, blank, head) =>
      finish(compiled, scanner, exits, versions, gpu, input, blank, options, input.binary ? '' : head),
  };
}

/** Text up to this many characters is read whole; longer text is read as a big log (byte-scan.ts). */
const WHOLE_TEXT = SCAN_LIMITS.head + SCAN_LIMITS.tail;

export function createDiagnoser(kb: KnowledgeBase, options: DiagnoseOptions = {}): Diagnoser {
  const engine = createEngine(kb, options);
  let bytes = 0;
  // The first characters, whose make-up says whether this is text at all (however the text was cut into pushes).
  let head = '';
  // Held until it is known whether the text is short (read whole) or a big log.
  let held: string[] = [];
  let heldLength = 0;
  let big: {
    scanner: AnchoredByteScanner;
    encoder: { encode(s: string): Uint8Array };
    pending: string;
  } | null = null;
  const feedBig = (text: string) => {
    const b = big!;
    let t = b.pending + text;
    // A surrogate pair split between two pushes is encoded whole.
    const last = t.charCodeAt(t.length - 1);
    b.pending = last >= 0xd800 && last <= 0xdbff ? t.slice(-1) : '';
    if (b.pending) t = t.slice(0, -1);
    b.scanner.push(b.encoder.encode(t));
  };
  let blank = true;
  return {
    push(text) {
      head = withHead(head, text);
      if (blank) blank = !/\S/.test(text);
      bytes += utf8Length(text);
      if (big) return feedBig(text);
      held.push(text);
      heldLength += text.length;
      if (heldLength <= WHOLE_TEXT) return;
      const scanner = new AnchoredByteScanner(
        engine.compiled.set.grams,
        engine.compiled.anchors,
        engine.line,
        undefined,
        engine.quiet,
      );
      big = { scanner, encoder: new TextEncoder(), pending: '' };
      for (const t of held) feedBig(t);
      held = [];
    },
    end() {
      return this.endDetailed().diagnosis;
    },
    endDetailed() {
      let lines: number;
      if (big) {
        if (big.pending) big.scanner.push(big.encoder.encode(big.pending));
        big.scanner.end();
        lines = big.scanner.lines - 1;
      } else {
        const splitter = new FilteredLineSplitter(engine.compiled.set.grams, engine.line);
        for (const t of held) splitter.push(t);
        splitter.end();
        lines = splitter.lines - 1;
      }
      const binary = textLooksBinary(head);
      return engine.finish({ bytes, lines, truncated: false, binary, invalidUtf8: 0 }, blank, head);
    },
  };
}

/** Diagnoses a whole paste. */
export function diagnoseText(text: string, kb: KnowledgeBase, options: DiagnoseOptions = {}): Diagnosis {
  return diagnoseTextDetailed(text, kb, options).diagnosis;
}

export function diagnoseTextDetailed(
  text: string,
  kb: KnowledgeBase,
  options: DiagnoseOptions = {},
): DiagnosisDetail {
  const d = createDiagnoser(kb, options);
  d.push(text);
  return d.endDetailed();
}

export interface ByteDiagnoser {
  push(chunk: Uint8Array): void;
  /** Known once the first bytes were sniffed: binary input, whose rest is not scanned. */
  readonly binary: boolean;
  end(): Diagnosis;
  endDetailed(): DiagnosisDetail;
}

/**
 * Diagnoses raw bytes given in chunks (a file, an attachment). UTF-8 is scanned as
 * bytes and only the lines that may matter are decoded; UTF-16 (PowerShell's `>`) is
 * decoded as it comes. Binary input is recognised from its first bytes.
 */
export function createByteDiagnoser(kb: KnowledgeBase, options: DiagnoseOptions = {}): ByteDiagnoser {
  const engine = createEngine(kb, options);
  const head: Uint8Array[] = [];
  let headLength = 0;
  let bytes = 0;
  let binary = false;
  let blank = true;
  let path: {
    push(chunk: Uint8Array): void;
    end(): { lines: number; invalidUtf8: number; binary: boolean };
  } | null = null;

  // The text's first SNIFF_BYTES characters, decoded, where listening reads the layout and
  // looks for crash markers: the same characters as a text's (createDiagnoser), whatever
  // the encoding and however the bytes come in chunks.
  let headText = '';
  const keepHead = (text: string) => {
    headText = withHead(headText, text);
  };
  const choose = () => {
    const first = concat(head, headLength);
    const { encoding, skip, binary: notText } = sniff(first);
    binary = notText;
    if (encoding === 'utf-8') {
      // Streaming, so a character cut between chunks is decoded whole; at most 4 bytes a
      // character, so a chunk's first 4 * SNIFF_BYTES bytes fill the head.
      const headDecoder = new TextDecoder('utf-8');
      const readHead = (c: Uint8Array) => {
        if (headText.length < SNIFF_BYTES)
          keepHead(headDecoder.decode(c.subarray(0, 4 * SNIFF_BYTES), { stream: true }));
      };
      const splitter = new AnchoredByteScanner(
        engine.compiled.set.grams,
        engine.compiled.anchors,
        engine.line,
        undefined,
        engine.quiet,
      );
      path = {
        push: (c) => {
          readHead(c);
          splitter.push(c);
        },
        end: () => {
          splitter.end();
          return { lines: splitter.lines - 1, invalidUtf8: splitter.replaced, binary };
        },
      };
      path.push(first.subarray(skip));
    } else {
      const decoder = new ByteDecoder();
      const splitter = new FilteredLineSplitter(engine.compiled.set.grams, engine.line);
      path = {
        push: (c) => {
          const text = decoder.push(c);
          keepHead(text);
          splitter.push(text);
        },
        end: () => {
          const rest = decoder.end();
          keepHead(rest);
          splitter.push(rest);
          splitter.end();
          return { lines: splitter.lines - 1, invalidUtf8: decoder.result().replaced, binary };
        },
      };
      // The decoder reads the byte-order mark itself: without it, UTF-16 holding little
      // ASCII (CJK text) would be sniffed again and taken for UTF-8.
      if (!binary) path.push(first);
    }
  };

  const endDetailed = (): DiagnosisDetail => {
    if (!path) choose();
    const r = path!.end();
    return engine.finish(
      { bytes, lines: r.lines, truncated: false, binary: r.binary, invalidUtf8: r.invalidUtf8 },
      blank,
      headText,
    );
  };
  return {
    push(chunk) {
      bytes += chunk.length;
      if (blank) blank = !hasTextByte(chunk);
      if (path) {
        if (!binary) path.push(chunk);
        return;
      }
      head.push(chunk.slice());
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) choose();
    },
    end: () => endDetailed().diagnosis,
    endDetailed,
    get binary() {
      return binary;
    },
  };
}

function finish(
  compiled: CompiledClassifier,
  scanner: Scanner,
  exits: ExitCollector,
  versions: VersionCollector,
  gpu: { xids: XidCollector; nccl: NcclCollector },
  input: InputStats,
  blank: boolean,
  options: DiagnoseOptions,
  head: string,
): DiagnosisDetail {
  const scan = scanner.result();
  const framework = detectFramework(compiled, scan);
  const os = detectOs(compiled, scan);
  const exitSeen = exits.result();
  const facts = versions.result();
  const quoter = new Quoter();
  const base = {
    compiled,
    scan,
    exits: exitSeen.map((e) => ({ name: e.code.name, line: e.line, raw: e.raw })),
    framework,
    os,
    quoter,
  };
  const first = rankCauses({ ...base, checks: [] });
  const checks = runVersionChecks(facts, compiled.kb.compat, {
    framework,
    os,
    causeIds: first.causes.map((c) => c.id),
  });
  const ranking = checks.some((c) => c.cause) ? rankCauses({ ...base, checks }) : first;
  const diagnosis = assembleDiagnosis({
    compiled,
    scan,
    ranking,
    exits: exitSeen,
    xids: gpu.xids.result(),
    nccl: gpu.nccl.result(),
    facts,
    checks,
    framework,
    os,
    input,
    quoter,
    blank,
    head,
    ...(options.shell && { shell: options.shell }),
  });
  return { diagnosis, facts };
}

/** `head` with `text` after it, up to SNIFF_BYTES characters: the start listening reads, for text and bytes alike. */
function withHead(head: string, text: string): string {
  return head.length < SNIFF_BYTES ? head + text.slice(0, SNIFF_BYTES - head.length) : head;
}

/** Whether a chunk holds a byte other than whitespace, NUL and byte-order marks (UTF-8, UTF-16). */
function hasTextByte(chunk: Uint8Array): boolean {
  for (const b of chunk) {
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0x00 && b < 0xbb) return true;
    if (b > 0xbf && b !== 0xef && b !== 0xfe && b !== 0xff) return true;
  }
  return false;
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
