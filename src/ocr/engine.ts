// Text from screenshots with tesseract.js and the English model that ships as an npm
// package (@tesseract.js-data/eng): nothing is downloaded at run time. A small pool of
// workers is started on first use and kept; images wait in a bounded queue; each gets a
// time limit, after which its worker is stopped and replaced, so one pathological image
// cannot hold the pool.
import { createRequire } from 'node:module';
import type { OcrPort, OcrText } from '../app/image-diagnosis.js';
import type { ImageKind } from '../core/text/image.js';
import { prepareImage } from './prepare.js';

const require = createRequire(import.meta.url);

export interface OcrOptions {
  /** Workers reading at once (each holds about 100 MB while loaded). */
  workers: number;
  /** Images that may wait for a worker; more are refused as busy. */
  queue: number;
  /** Time for one image, from when a worker takes it. */
  timeoutMs: number;
  maxPixels: number;
}

export interface OcrEngine extends OcrPort {
  close(): Promise<void>;
}

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

interface Slot {
  worker: Promise<TesseractWorker> | null;
  busy: boolean;
}

interface Job {
  kind: ImageKind;
  bytes: Uint8Array;
  resolve: (r: OcrText) => void;
}

export function createOcrEngine(o: OcrOptions): OcrEngine {
  const slots: Slot[] = Array.from({ length: Math.max(1, o.workers) }, () => ({ worker: null, busy: false }));
  const waiting: Job[] = [];
  let closed = false;

  const start = async (): Promise<TesseractWorker> => {
    const { createWorker } = await import('tesseract.js');
    const eng = require('@tesseract.js-data/eng') as { langPath: string };
    return createWorker('eng', 1, {
      langPath: eng.langPath,
      gzip: true,
      // The model is read from the package each time: no cache folder written anywhere.
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: () => {},
    });
  };

  const run = async (slot: Slot, job: Job): Promise<void> => {
    slot.busy = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      slot.worker ??= start();
      const worker = await slot.worker;
      const prepared = prepareImage(job.kind, job.bytes, { maxPixels: o.maxPixels });
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), o.timeoutMs);
      });
      const result = await Promise.race([worker.recognize(prepared.bytes), timeout]);
      if (result === 'timeout') {
        // The worker may be stuck inside the image: replace it.
        const stuck = slot.worker;
        slot.worker = null;
        void stuck?.then((w) => w.terminate()).catch(() => {});
        job.resolve({
          ok: false,
          code: 'timeout',
          message: `reading the image took longer than ${o.timeoutMs / 1000} s`,
        });
        return;
      }
      job.resolve({ ok: true, text: result.data.text, confidence: result.data.confidence / 100 });
    } catch (err) {
      slot.worker = null;
      job.resolve({ ok: false, code: 'failed', message: (err as Error).message ?? String(err) });
    } finally {
      clearTimeout(timer);
      slot.busy = false;
      const next = waiting.shift();
      if (next && !closed) void run(slot, next);
    }
  };

  return {
    read(kind, bytes) {
      if (closed) return Promise.resolve({ ok: false, code: 'failed', message: 'the OCR engine is stopped' });
      return new Promise<OcrText>((resolve) => {
        const job = { kind, bytes, resolve };
        const idle = slots.find((s) => !s.busy);
        if (idle) void run(idle, job);
        else if (waiting.length < o.queue) waiting.push(job);
        else resolve({ ok: false, code: 'busy', message: 'too many images are waiting to be read' });
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0))
        job.resolve({ ok: false, code: 'failed', message: 'shutting down' });
      await Promise.all(
        slots.map(async (s) => {
          const w = s.worker;
          s.worker = null;
          if (w) await (await w.catch(() => null))?.terminate().catch(() => {});
        }),
      );
    },
  };
}
