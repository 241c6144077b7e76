// How old each compat table is: days since the newest upstream copy it was built from, against
// the budget after which the project it follows has likely shipped a release the table lacks.
import type { KnowledgeDates } from '../types.js';
import type { CompatTableId, CompatTables } from './compat-types.js';
import { type Component, frontier } from './frontier.js';

export interface TableAge {
  table: CompatTableId;
  name: string;
  /** The newest release the table confirms ("2.14"), where it has one. */
  newest: string | null;
  read: string;
  asOf: string | null;
  /** Days from asOf to today; null when the upstream date is not known. */
  ageDays: number | null;
  budgetDays: number | null;
  stale: boolean;
}

const COMPONENT: Partial<Record<CompatTableId, Component>> = {
  pytorch: 'pytorch',
  tensorflow: 'tensorflow',
  jax: 'jax',
  'cuda-drivers': 'cuda',
  cudnn: 'cudnn',
};

const DAY = 86_400_000;

/** Whole days between a YYYY-MM-DD date and `today` (UTC). */
function daysSince(date: string, today: Date): number {
  const then = Date.parse(`${date}T00:00:00Z`);
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.max(0, Math.floor((now - then) / DAY));
}

function entries(c: CompatTables): Omit<TableAge, 'ageDays' | 'stale'>[] {
  return (Object.keys(c.meta) as CompatTableId[]).map((table) => {
    const m = c.meta[table];
    const component = COMPONENT[table];
    return {
      table,
      name: m.name,
      newest: component ? (frontier(c, component)?.newest ?? null) : null,
      read: m.read,
      asOf: m.asOf ?? null,
      budgetDays: m.staleAfterDays ?? null,
    };
  });
}

export function tableAges(c: CompatTables, today: Date): TableAge[] {
  return entries(c).map((e) => {
    const ageDays = e.asOf ? daysSince(e.asOf, today) : null;
    return { ...e, ageDays, stale: e.budgetDays !== null && ageDays !== null && ageDays > e.budgetDays };
  });
}

const dates = new WeakMap<CompatTables, KnowledgeDates['tables']>();

/** The dates every diagnosis carries (computed once per set of tables). */
export function knowledgeDates(c: CompatTables): KnowledgeDates {
  let tables = dates.get(c);
  if (!tables) {
    tables = entries(c).map(({ table, name, newest, read, asOf, budgetDays }) => ({
      table,
      name,
      newest,
      read,
      asOf,
      budgetDays,
    }));
    dates.set(c, tables);
  }
  return { tables };
}

/** "PyTorch 2.14 (as of 2026-08-21), TensorFlow 2.21 (as of 2026-03-11), ...; read on 2026-11-25" */
export function knowledgeLine(d: KnowledgeDates): string {
  const parts = d.tables
    .filter((t) => t.newest)
    .map((t) => `${t.name} ${t.newest}${t.asOf ? ` (as of ${t.asOf})` : ''}`);
  const read = [...new Set(d.tables.map((t) => t.read))].sort().at(-1);
  return `Version facts: ${parts.join(', ')}; read on ${read}.`;
}
