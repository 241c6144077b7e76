// Reads the Prometheus text format back, strictly: every sample line must parse,
// label values unescaped, and each sample must follow the HELP and TYPE of its metric.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Parsed {
  types: Map<string, string>;
  help: Map<string, string>;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;

export function parseExposition(text: string): Parsed {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    // The format ignores empty lines (prom-client writes one between families).
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, what, name, rest] = meta as unknown as [string, string, string, string];
      (what === 'HELP' ? help : types).set(name, rest);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const name = m[1] as string;
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(family)) throw new Error(`sample before its TYPE: ${name}`);
    samples.push({ name, labels: parseLabels(m[3] ?? ''), value: parseValue(m[4] as string) });
  }
  return { types, help, samples };
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const m = LABEL.exec(text);
    if (!m) throw new Error(`bad labels: ${text}`);
    labels[m[1] as string] = (m[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

function parseValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  const n = Number(text);
  // Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client writes `Nan`).
  if (Number.isNaN(n) && text.toLowerCase() !== 'nan') throw new Error(`bad value: ${text}`);
  return n;
}

export function sample(p: Parsed, name: string, labels: Record<string, string> = {}): number | undefined {
  return p.samples.find(
    (s) =>
      s.name === name &&
      Object.keys(labels).length === Object.keys(s.labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}
