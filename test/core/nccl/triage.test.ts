// NCCL hang triage on real watchdog logs from public threads (test/fixtures/nccl), each
// with the verdict, the ranks that stopped first and the collective written in its header.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import { readWatchdogLine } from '../../../src/core/nccl/find.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge does not load');
const kb = loaded.kb;
const DIR = fileURLToPath(new URL('../../fixtures/nccl', import.meta.url));

interface Case {
  file: string;
  text: string;
  verdict: string;
  stopped: number[];
  seq: number;
  op?: string;
  pg?: string;
}

function load(): Case[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.log'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(DIR, file), 'utf8');
      const header = /^#expect (.*)$/m.exec(raw)?.[1] ?? '';
      const fields = Object.fromEntries(header.split(' ').map((kv) => kv.split('=') as [string, string]));
      if (!/^#source https:\/\//m.test(raw)) throw new Error(`${file}: no #source line`);
      return {
        file,
        text: raw
          .split('\n')
          .filter((l) => !l.startsWith('#'))
          .join('\n'),
        verdict: fields.verdict!,
        stopped: fields.stopped ? fields.stopped.split(',').map(Number) : [],
        seq: Number(fields.seq),
        ...(fields.op && { op: fields.op }),
        ...(fields.pg && { pg: fields.pg }),
      };
    });
}

describe('NCCL hang triage', () => {
  const cases = load();

  it('GIVEN the fixture folder THEN it holds watchdog logs of every verdict', () => {
    expect(new Set(cases.map((c) => c.verdict))).toEqual(
      new Set(['mismatch', 'behind', 'silent', 'first-collective', 'all-equal']),
    );
  });

  it.each(cases.map((c) => [c.file, c] as const))('GIVEN %s THEN the triage matches its header', (_f, c) => {
    const hang = diagnoseText(c.text, kb).ncclHang;
    expect(hang).not.toBeNull();
    expect({
      verdict: hang!.verdict,
      stopped: hang!.stoppedFirst,
      seq: hang!.collective.seq,
      op: hang!.collective.opType,
      pg: hang!.processGroup,
    }).toEqual({ verdict: c.verdict, stopped: c.stopped, seq: c.seq, op: c.op, pg: c.pg });
    expect(hang!.confirm).toContain('TORCH_NCCL_TRACE_BUFFER_SIZE');
    expect(hang!.confirm).toContain('TORCH_NCCL_DUMP_ON_TIMEOUT=1');
    expect(hang!.confirm).toContain('TORCH_FR_DUMP_TEMP_FILE');
    expect(hang!.confirm).toContain('torchfrtrace');
    expect(hang!.summary).toContain(`#${c.seq}`);
  });

  it('GIVEN one rank behind THEN the reply names it and quotes its line', () => {
    const c = cases.find((x) => x.verdict === 'behind')!;
    const hang = diagnoseText(c.text, kb).ncclHang!;
    expect(hang.summary).toMatch(/^Rank 7 stopped first/);
    const rank7 = hang.ranks.find((r) => r.rank === 7)!;
    expect(rank7.evidence.text).toContain('SeqNum=64088');
  });

  it.each([
    ['NCCL WARN Timeout waiting for connection', null],
    ['the watchdog caught collective operation timeout again, any idea?', null],
    [
      '[Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLGATHER, Timeout(ms)=600000) ran for 600001 milliseconds before timing out.',
      { kind: 'timeout', rank: 2, seq: 9, opType: 'ALLGATHER', timeoutMs: 600000, ranForMs: 600001 },
    ],
    [
      '[PG 0 Rank 0] Timeout at NCCL work: 15, last enqueued NCCL work: 15, last completed NCCL work: 14.',
      { kind: 'progress', rank: 0, pg: '0', seq: 15, lastEnqueued: 15, lastCompleted: 14 },
    ],
  ])('GIVEN the line %j THEN it reads %j', (line, expected) => {
    expect(readWatchdogLine(line)).toEqual(expected);
  });

  it('GIVEN a log without watchdog lines THEN there is no triage', () => {
    expect(diagnoseText('RuntimeError: NCCL error: unhandled system error', kb).ncclHang).toBeNull();
  });

  it('GIVEN 5000 ranks timing out THEN the triage stays bounded and lists at most 16 ranks', () => {
    const lines = Array.from(
      { length: 5000 },
      (_, r) =>
        `[Rank ${r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=${r === 4321 ? 10 : 11}, OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600001 milliseconds before timing out.`,
    );
    const hang = diagnoseText(lines.join('\n'), kb).ncclHang!;
    expect(hang.ranks.length).toBeLessThanOrEqual(16);
    expect(hang.verdict).toBe('behind');
    expect(hang.stoppedFirst).toEqual([4321]);
  });

  it('GIVEN more ranks than the collector keeps (20000) THEN it answers from the ranks it kept', () => {
    const lines = Array.from(
      { length: 20_000 },
      (_, r) =>
        `[Rank ${r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=11, OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600001 milliseconds before timing out.`,
    );
    const hang = diagnoseText(lines.join('\n'), kb).ncclHang!;
    expect(hang.reportingRanks).toBe(8192);
    expect(hang.ranks.length).toBe(16);
  });
});
