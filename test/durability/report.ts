// The durability tests' figures: printed to stderr, and appended as JSON lines to
// DURABILITY_REPORT when set, to collect the figures of a long run.
import { appendFileSync } from 'node:fs';

export function figures(name: string, values: Record<string, number>): void {
  const line = JSON.stringify({ name, ...values });
  process.stderr.write(`[durability] ${line}\n`);
  if (process.env.DURABILITY_REPORT) appendFileSync(process.env.DURABILITY_REPORT, `${line}\n`);
}
