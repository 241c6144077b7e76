import { describe, expect, inject, it } from 'vitest';
import { buildChannelSummary } from '../../../src/app/summary/build.js';
import { renderChartPng } from '../../../src/app/summary/png.js';
import { renderMarkdown } from '../../../src/core/reply/render-markdown.js';
import { renderText } from '../../../src/core/reply/render-text.js';
import { plantedLogs } from '../../fixtures/secrets/planted.js';
import { backends } from '../../store/backends.js';
import { withStore } from '../../store/contract.js';
import { channelA, channelB, makeDiagnosis, meta } from '../../store/fixtures.js';

const titleOf = (id: string) =>
  ({ 'gpu-oom': 'GPU out of memory', segfault: 'Segmentation fault' })[id] ?? id;

for (const backend of backends(inject('pgUrl'))) {
  describe(`buildChannelSummary on ${backend.name}`, () => {
    it('GIVEN a week of crashes THEN the reply summarises this channel only and carries the chart PNG', async () => {
      await withStore(backend, async (store) => {
        const oom = makeDiagnosis({
          cause: 'gpu-oom',
          evidence: ['CUDA out of memory. Tried to allocate 2 GiB'],
          framework: 'pytorch',
        });
        await store.recordDiagnosis(oom, meta(channelA, '2026-11-10T10:00:00Z', 'U1'));
        await store.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z', 'U1'));
        await store.recordDiagnosis(oom, meta(channelA, '2026-11-18T10:00:00Z', 'U2'));
        await store.recordDiagnosis(oom, meta(channelB, '2026-11-18T10:00:00Z', 'U3'));
        const built = await buildChannelSummary(
          { store, titleOf, chartPng: (svg) => renderChartPng(svg) },
          channelA,
          '2026-W47',
          'Europe/Berlin',
        );
        expect(built.empty).toBe(false);
        expect(built.summary).toMatchObject({
          crashes: 2,
          previousCrashes: 1,
          people: 2,
          distinctCrashes: 1,
        });
        expect(built.reply.title).toBe('Crash summary 2026-W47: 2 crashes, 1 distinct crash');
        expect(built.reply.files?.[0]).toMatchObject({ name: 'crashes-2026-W47.png', mime: 'image/png' });
        expect(
          Buffer.from(built.reply.files?.[0]?.data ?? [])
            .subarray(1, 4)
            .toString(),
        ).toBe('PNG');
        expect(renderText(built.reply)).toContain('GPU out of memory');
      });
    });

    it('GIVEN an empty week THEN the result is flagged empty with the one-line note', async () => {
      await withStore(backend, async (store) => {
        const built = await buildChannelSummary({ store }, channelA, '2026-W47', 'UTC');
        expect(built.empty).toBe(true);
        expect(built.reply.title).toBe('Crash summary 2026-W47: no crashes');
      });
    });

    it('GIVEN crashes whose evidence holds planted secrets THEN no secret appears in any summary reply, rendering or chart', async () => {
      await withStore(backend, async (store) => {
        const logs = plantedLogs();
        const shown: string[] = [];
        for (const [i, log] of logs.entries()) {
          // Each line alone in its own channel, so every line is shown as a crash signature.
          const lines = log.text.split('\n').filter((l) => l.trim() !== '');
          for (const [j, line] of lines.entries()) {
            const channel = { ...channelA, channel: `L${i}-${j}` };
            const d = makeDiagnosis({ cause: 'gpu-oom', evidence: [line] });
            await store.recordDiagnosis(d, meta(channel, '2026-11-17T10:00:00Z', line));
            const built = await buildChannelSummary({ store, titleOf }, channel, '2026-W47', 'UTC');
            expect(built.summary.crashes).toBe(1);
            shown.push(
              JSON.stringify(built.reply),
              renderText(built.reply),
              renderMarkdown(built.reply),
              built.svg,
            );
          }
        }
        const all = shown.join('\n');
        expect(all).toContain('REDACTED');
        for (const log of logs) for (const secret of log.secrets) expect(all).not.toContain(secret);
      });
    });
  });
}
