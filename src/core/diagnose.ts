// The classifier's entry point: text (whole or streamed) in, Diagnosis out.
//   lines -> normalise -> prefilter -> patterns + extractors -> rank -> checks -> Diagnosis
import { type CompiledClassifier, compileClassifier } from './classify/engine.js';
import { createExitCollector, type ExitCollector } from './classify/exit-collector.js';
import { rankCauses } from './classify/rank.js';
import { type LineExtractor, Scanner } from './classify/scanner.js';
import { detectFramework, detectOs } from './classify/signals.js';
import { assembleDiagnosis } from './diagnosis-assembly.js';
import { EXIT_CODE_NEEDLES } from './exit-codes/find.js';
import type { KnowledgeBase } from './knowledge.js';
import { ByteDecoder, textLooksBinary } from './text/decode.js';
import { LineSplitter } from './text/lines.js';
import type { Diagnosis } from './types.js';
import {
  createVersionCollector,
  runVersionChecks,
  VERSION_NEEDLES,
  type VersionCollector,
  type VersionFacts,
} from './versions/index.js';

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

export function createDiagnoser(kb: KnowledgeBase): Diagnoser {
  const compiled = compileClassifier(kb, { exitCodes: EXIT_CODE_NEEDLES, versions: VERSION_NEEDLES });
  const exits = createExitCollector(kb.exitCodes);
  const versions = createVersionCollector();
  const extractors: LineExtractor[] = [exits, { line: (text, lineNo) => versions.line(text, lineNo) }];
  const scanner = new Scanner(compiled.set, extractors, {
    harmless: compiled.harmless,
    conditions: compiled.conditions,
  });
  const splitter = new LineSplitter((line, n) => scanner.line(line, n));
  let bytes = 0;
  let binary = false;
  return {
    push(text) {
      if (bytes < 65536 && !binary) binary = textLooksBinary(text);
      bytes += utf8Length(text);
      splitter.push(text);
    },
    end() {
      return this.endDetailed().diagnosis;
    },
    endDetailed() {
      splitter.end();
      return finish(compiled, scanner, exits, versions, {
        bytes,
        lines: splitter.lines - 1,
        truncated: false,
        binary,
        invalidUtf8: 0,
      });
    },
  };
}

/** Diagnoses a whole paste. */
export function diagnoseText(text: string, kb: KnowledgeBase): Diagnosis {
  return diagnoseTextDetailed(text, kb).diagnosis;
}

export function diagnoseTextDetailed(text: string, kb: KnowledgeBase): DiagnosisDetail {
  const d = createDiagnoser(kb);
  d.push(text);
  return d.endDetailed();
}

/** Diagnoses raw bytes given in chunks (a file, an attachment): decodes UTF-8/UTF-16 as it goes. */
export function createByteDiagnoser(kb: KnowledgeBase): { push(chunk: Uint8Array): void; end(): Diagnosis } {
  const decoder = new ByteDecoder();
  const inner = createDiagnoser(kb);
  return {
    push(chunk) {
      inner.push(decoder.push(chunk));
    },
    end() {
      inner.push(decoder.end());
      const d = inner.end();
      const stats = decoder.result();
      return {
        ...d,
        input: {
          ...d.input,
          bytes: stats.bytes,
          binary: stats.binary || d.input.binary,
          invalidUtf8: stats.replaced,
        },
      };
    },
  };
}

function finish(
  compiled: CompiledClassifier,
  scanner: Scanner,
  exits: ExitCollector,
  versions: VersionCollector,
  input: Diagnosis['input'],
): DiagnosisDetail {
  const scan = scanner.result();
  const framework = detectFramework(compiled, scan);
  const os = detectOs(compiled, scan);
  const exitSeen = exits.result();
  const facts = versions.result();
  const base = {
    compiled,
    scan,
    exits: exitSeen.map((e) => ({ name: e.code.name, line: e.line, text: e.text })),
    framework,
    os,
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
    facts,
    checks,
    framework,
    os,
    input,
  });
  return { diagnosis, facts };
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
