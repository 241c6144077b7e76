// A small metrics registry: counters and histograms with labels, gauges read when
// scraped, written in the Prometheus text exposition format (version 0.0.4).
// https://prometheus.io/docs/instrumenting/exposition_formats/

export type Labels = Readonly<Record<string, string>>;

/** The Content-Type of the text format. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface Metric {
  readonly name: string;
  render(): string[];
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[] = [],
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0)) throw new RangeError(`${this.name}: a counter only goes up (got ${by})`);
    const key = labelKey(this.name, this.labelNames, labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }

  /** The current value for these labels (0 when never counted). */
  get(labels: Labels = {}): number {
    return this.values.get(labelKey(this.name, this.labelNames, labels))?.value ?? 0;
  }

  render(): string[] {
    const lines = header(this.name, this.help, 'counter');
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${num(value)}`);
    return lines;
  }
}

/** A value read at scrape time (memory, uptime). */
export class Gauge {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => number,
  ) {}

  render(): string[] {
    return [...header(this.name, this.help, 'gauge'), `${this.name} ${num(this.read())}`];
  }
}

export class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  readonly buckets: readonly number[];

  constructor(
    readonly name: string,
    readonly help: string,
    buckets: readonly number[],
    private readonly labelNames: readonly string[] = [],
  ) {
    const sorted = [...new Set(buckets)].sort((a, b) => a - b);
    if (sorted.length === 0 || sorted.some((b) => !Number.isFinite(b)))
      throw new RangeError(`${name}: buckets must be finite numbers`);
    this.buckets = sorted;
  }

  observe(value: number, labels: Labels = {}): void {
    if (Number.isNaN(value)) return;
    const key = labelKey(this.name, this.labelNames, labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    // Per-bucket counts here; rendering makes them cumulative.
    const i = this.buckets.findIndex((b) => value <= b);
    if (i >= 0) s.counts[i] = (s.counts[i] ?? 0) + 1;
    s.sum += value;
    s.count++;
  }

  /** How many observations these labels have. */
  count(labels: Labels = {}): number {
    return this.series.get(labelKey(this.name, this.labelNames, labels))?.count ?? 0;
  }

  render(): string[] {
    const lines = header(this.name, this.help, 'histogram');
    for (const s of this.series.values()) {
      let running = 0;
      this.buckets.forEach((b, i) => {
        running += s.counts[i] ?? 0;
        lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(b) })} ${running}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

/** Holds the metrics and writes them all out. Names must be unique. */
export class Registry {
  private readonly metrics = new Map<string, Metric>();

  add<M extends Counter | Gauge | Histogram>(metric: M): M {
    if (!NAME.test(metric.name)) throw new RangeError(`not a metric name: ${metric.name}`);
    if (this.metrics.has(metric.name)) throw new RangeError(`metric ${metric.name} is registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  /** The text exposition of every metric, ending in a newline. */
  render(): string {
    const lines: string[] = [];
    for (const m of this.metrics.values()) lines.push(...m.render());
    return `${lines.join('\n')}\n`;
  }
}

function header(name: string, help: string, type: string): string[] {
  return [`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`];
}

function labelKey(metric: string, names: readonly string[], labels: Labels): string {
  const given = Object.keys(labels);
  if (given.length !== names.length || names.some((n) => !(n in labels)))
    throw new RangeError(
      `${metric}: labels must be exactly [${names.join(', ')}], got [${given.join(', ')}]`,
    );
  return names.map((n) => labels[n]).join('\u0000');
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => {
    if (!LABEL.test(k)) throw new RangeError(`not a label name: ${k}`);
    return `${k}="${escapeLabelValue(v)}"`;
  });
  return parts.length ? `{${parts.join(',')}}` : '';
}

/** Label values escape backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function num(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Number.POSITIVE_INFINITY) return '+Inf';
  if (n === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(n);
}
