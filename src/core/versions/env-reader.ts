// Reads an environment dump on its own (`crashbot check-env`): bytes in any encoding the
// classifier accepts, split and normalised the same way, straight into the collector.
import { ByteDecoder } from '../text/decode.js';
import { LineSplitter } from '../text/lines.js';
import { normalizeLine } from '../text/normalize.js';
import { createVersionCollector } from './collector.js';
import type { VersionFacts } from './facts.js';

export interface EnvReading {
  facts: VersionFacts;
  /** True when the input was not text (NUL bytes, mostly control characters). */
  binary: boolean;
}

export interface EnvReader {
  push(chunk: Uint8Array): void;
  /** Known once the first bytes were sniffed: binary input, whose rest is not read. */
  readonly binary: boolean;
  end(): EnvReading;
}

export function createEnvReader(): EnvReader {
  const decoder = new ByteDecoder();
  const collector = createVersionCollector();
  const splitter = new LineSplitter((raw, lineNo) => {
    for (const piece of normalizeLine(raw)) collector.line(piece, lineNo);
  });
  return {
    push(chunk) {
      if (!decoder.binary) splitter.push(decoder.push(chunk));
    },
    get binary() {
      return decoder.binary;
    },
    end() {
      splitter.push(decoder.end());
      splitter.end();
      return { facts: collector.result(), binary: decoder.result().binary };
    },
  };
}

/** The same, for text already in memory. */
export function readEnvironment(text: string): VersionFacts {
  const reader = createEnvReader();
  reader.push(new TextEncoder().encode(text));
  return reader.end().facts;
}
