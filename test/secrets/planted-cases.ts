// The planted-secret check shared by its test and its control: generated secrets (many
// shapes, many contexts, mangled as pastes mangle them) and harmless look-alikes are
// planted in real-shaped crash logs, every log goes through every output crashbot has,
// and each output is searched for any 12-character window of each secret.
import fc from 'fast-check';
import {
  CONTEXTS,
  LOOK_ALIKES,
  type Mangle,
  type Planted,
  plant,
  plantPersonal,
  rand,
} from '../fixtures/secrets/generate.js';
import type { Carrier } from './carriers.js';
import { leakedWindow, type Output, type Pipeline } from './pipeline.js';

export type Placement = 'appended' | 'own-line' | 'random-line';

export interface Case {
  kind: 'secret' | 'personal' | 'look-alike';
  carrier: number;
  seed: number;
  context: number;
  mangle: Mangle;
  placement: Placement;
}

export const caseArb: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom<Case['kind']>('secret', 'secret', 'secret', 'secret', 'personal', 'look-alike'),
  // Unbiased, so no two cases share a seed (and so a secret).
  carrier: fc.noBias(fc.nat()),
  seed: fc.noBias(fc.nat()),
  context: fc.noBias(fc.nat()),
  mangle: fc.constantFrom<Mangle>(
    'none',
    'none',
    'zero-width',
    'terminal-wrap',
    'backslash-wrap',
    'quoted-wrap',
  ),
  placement: fc.constantFrom<Placement>('appended', 'appended', 'own-line', 'random-line'),
});

export interface Built {
  log: string;
  planted: Planted | null;
  lookAlikes: { name: string; text: string }[];
  /** 1-based number of the carrier's quoted line in the built log. */
  quotedLine: number;
  /** Whether the look-alikes are on that line (so the reply must show them). */
  onQuotedLine: boolean;
}

/** The log a case describes: its carrier with the secret (or look-alikes) put where it says. */
export function build(c: Case, carriers: readonly Carrier[]): Built {
  const carrier = carriers[c.carrier % carriers.length]!;
  const r = rand(c.seed);
  const lines = [...carrier.lines];
  let q = carrier.quoted;
  if (c.kind === 'look-alike') {
    const n = r.int(1, 3);
    const lookAlikes = Array.from({ length: n }, () => {
      const l = r.pick(LOOK_ALIKES);
      return { name: l.name, text: l.make(r) };
    });
    if (c.placement !== 'own-line') {
      lines[q] = `${lines[q]} | ${lookAlikes.map((l) => l.text).join(' | ')}`;
      return { log: lines.join('\n'), planted: null, lookAlikes, quotedLine: q + 1, onQuotedLine: true };
    }
    // Right after a line that ends in a secret: a look-alike must not be taken for its rest.
    const planted = plant(r, CONTEXTS[c.context % CONTEXTS.length]!, 'none');
    const after = lookAlikes.map((l) => l.text);
    lines.splice(q, 0, ...planted.lines, ...after);
    return {
      log: lines.join('\n'),
      planted,
      lookAlikes,
      quotedLine: q + 1 + planted.lines.length + after.length,
      onQuotedLine: false,
    };
  }
  const planted =
    c.kind === 'personal' ? plantPersonal(r) : plant(r, CONTEXTS[c.context % CONTEXTS.length]!, c.mangle);
  const [head, ...rest] = planted.lines as [string, ...string[]];
  if (c.placement === 'appended') {
    lines[q] = `${lines[q]}  ${head}`;
    lines.splice(q + 1, 0, ...rest);
  } else if (c.placement === 'own-line') {
    lines.splice(q, 0, ...planted.lines);
    q += planted.lines.length;
  } else {
    const at = r.int(0, lines.length);
    lines.splice(at, 0, ...planted.lines);
    if (at <= q) q += planted.lines.length;
  }
  return { log: lines.join('\n'), planted, lookAlikes: [], quotedLine: q + 1, onQuotedLine: false };
}

export interface Leak {
  case: Case;
  carrier: string;
  planted: Planted;
  format: string;
  window: string;
}

export interface Tally {
  planted: number;
  leaked: number;
}

export class Report {
  readonly leaks: Leak[] = [];
  readonly secrets = new Map<string, Tally>();
  readonly byOutput = new Map<string, number>();
  lookAlikes = 0;
  readonly blanked: { name: string; text: string; where: string }[] = [];
  readonly lookAlikeNames = new Map<string, Tally>();
  private pending: { case: Case; carrier: string; planted: Planted }[] = [];

  private tally(key: string, leaked: boolean) {
    const t = this.secrets.get(key) ?? { planted: 0, leaked: 0 };
    t.planted++;
    if (leaked) t.leaked++;
    this.secrets.set(key, t);
  }

  /** Checks one case's outputs (the store's bytes are checked once, at the end). */
  add(c: Case, carrier: string, built: Built, outputs: readonly Output[], redacted: string): void {
    if (built.planted) {
      const p = built.planted;
      let leak: Leak | null = null;
      for (const o of outputs) {
        const w = leakedWindow(p.secret, o.text);
        if (w) {
          leak ??= { case: c, carrier, planted: p, format: o.format, window: w };
          this.byOutput.set(o.format, (this.byOutput.get(o.format) ?? 0) + 1);
        }
      }
      if (leak) this.leaks.push(leak);
      this.pending.push({ case: c, carrier, planted: p });
      this.tally(`group ${p.group}`, leak !== null);
      this.tally(`mangle ${p.mangle}`, leak !== null);
      this.tally(`context ${p.context}`, leak !== null);
      this.tally('all', leak !== null);
    }
    for (const l of built.lookAlikes) {
      this.lookAlikes++;
      const t = this.lookAlikeNames.get(l.name) ?? { planted: 0, leaked: 0 };
      t.planted++;
      // Whole-text redaction must keep it; so must the reply, where it quotes the line in full.
      let where = redacted.includes(l.text) ? '' : 'redactText';
      const shown = outputs.find((o) => o.format === 'cli-json')?.text ?? '';
      if (!where && built.onQuotedLine && shown.includes(`"line": ${built.quotedLine},`)) {
        const reply = outputs.find((o) => o.format === 'reply-text')?.text ?? '';
        const row = reply.split('\n').find((line) => line.includes(` ${built.quotedLine} | `));
        if (row && !row.endsWith('…') && !row.includes(l.text)) where = 'reply';
      }
      if (where) {
        t.leaked++;
        this.blanked.push({ name: l.name, text: l.text, where });
      }
      this.lookAlikeNames.set(l.name, t);
    }
  }

  /** Checks every secret planted so far against the store's bytes. */
  addStore(dump: string): void {
    for (const p of this.pending) {
      const w = leakedWindow(p.planted.secret, dump);
      if (!w) continue;
      this.byOutput.set('store', (this.byOutput.get('store') ?? 0) + 1);
      if (!this.leaks.some((l) => l.planted === p.planted))
        this.leaks.push({ case: p.case, carrier: p.carrier, planted: p.planted, format: 'store', window: w });
    }
  }

  summary(seed: number, runs: number): string {
    const all = this.secrets.get('all') ?? { planted: 0, leaked: 0 };
    const groups = [...this.secrets]
      .filter(([k]) => k.startsWith('group ') || k.startsWith('mangle '))
      .map(([k, t]) => `  ${k}: ${t.leaked}/${t.planted} leaked`);
    const blanked = [...this.lookAlikeNames].map(([k, t]) => `  ${k}: ${t.leaked}/${t.planted} blanked`);
    return [
      `planted-secret check, seed ${seed}, ${runs} runs (FUZZ_SEED=${seed} repeats it)`,
      `secrets planted ${all.planted}, leaked ${all.leaked}`,
      ...groups,
      `leaks by output: ${JSON.stringify(Object.fromEntries(this.byOutput))}`,
      `look-alikes planted ${this.lookAlikes}, wrongly blanked ${this.blanked.length}`,
      ...blanked,
    ].join('\n');
  }

  describeLeaks(max = 10): string {
    return this.leaks
      .slice(0, max)
      .map(
        (l) =>
          `${l.planted.shape} in ${l.planted.context} (${l.planted.mangle}, ${l.case.placement}) on ${l.carrier}: ` +
          `"${l.window}" in ${l.format}; case ${JSON.stringify(l.case)}`,
      )
      .join('\n');
  }
}

/** Runs the cases through the pipeline and the whole-text redactor; the store is checked last. */
export async function runCases(
  cases: readonly Case[],
  carriers: readonly Carrier[],
  pipeline: Pipeline,
  redactText: (text: string) => string,
): Promise<Report> {
  const report = new Report();
  for (const [i, c] of cases.entries()) {
    const built = build(c, carriers);
    const outputs = await pipeline.outputs(built.log, i);
    report.add(c, carriers[c.carrier % carriers.length]!.name, built, outputs, redactText(built.log));
  }
  report.addStore(await pipeline.dump());
  return report;
}
