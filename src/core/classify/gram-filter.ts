// A first, very cheap pass over the text: does a line hold, case-insensitively, one
// chosen 3- or 4-character piece ("gram") of some needle? One rolling hash per
// character and one or two table lookups: no regular expression runs on most lines of
// a big log. It never misses a line that holds a needle (every needle contributes a
// gram it contains); it may let through a line that holds none, which the exact
// prefilter then rejects.
import { Remembered } from '../remembered.js';

/** Slots of a gram table: gram4Slot and gram3Slot give 20 bits. */
export const SLOTS = 1 << 20;
const K4 = 0x9e3779b1;
const K3 = 0x85ebca6b;

/**
 * Ordinary output of training jobs. Each needle contributes the gram of it that is
 * rarest here, so lines like these pass the filter as seldom as possible.
 */
const ORDINARY = `
2024-05-01 12:00:00,123 - trainer - INFO - Epoch 3/90 step 1200/50000 train/loss=0.4521 lr=3.0e-04 grad_norm=1.23
Validation: accuracy 0.8812, precision 0.79, recall 0.81, f1 0.80, eval/accuracy=0.77 eval/f1=0.78 throughput=412 samples/s
 42%|████▏     | 420/1000 [01:10<01:30, 10.01it/s, loss=0.512, acc=0.77] ETA 0:01:30 elapsed time per iteration (ms): 812.3
[rank0]: iteration 1200 | consumed samples 76800 | learning rate 2.0E-4 | global batch size 64 | tokens per second 12345
Saving checkpoint to ./output/checkpoint-1200/pytorch_model.bin; loading dataset shards from /data/train/part-00042.parquet
Namespace(batch_size=32, epochs=90, config='configs/base.yaml', seed=42, output_dir='runs/exp7', resume=None, workers=8)
Downloading data files: 100%|##########| 3/3 [00:00<00:00, 1024.00it/s] Generating train split: 50000 examples [00:02]
Requirement already satisfied: numpy in /usr/lib/python3/site-packages (1.26.4) Collecting transformers Using cached
model.summary(): Total params: 23,587,712 Trainable params: 23,534,592 Non-trainable params: 53,120 Layer (type) Output Shape
wandb: Syncing run fancy-sun-12; wandb: View project at https://wandb.ai/team/project; tensorboard --logdir runs/
node01:27100:27300 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0> NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot find it, using internal implementation
node01:27101:27301 [1] NCCL INFO Channel 00/24 : 0 1 2 3 NCCL INFO Connected all rings NCCL INFO comm 0x55d8c0 rank 1 nranks 8 cudaDev 1 busId 1c000 - Init COMPLETE
NCCL INFO threadThresholds 8/8/64 | 64/8/64 | 512 | 512 NCCL INFO 24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer
[rank3]:[W reducer.cpp:1389] Warning: find_unused_parameters=True was specified in DDP constructor; UserWarning: WARNING: Setting OMP_NUM_THREADS
`.toLowerCase();

/**
 * Bit sets, one bit per slot (128 KB each, so both stay in the CPU's cache while a big
 * log streams past; byte tables of 1 MB each did not, and cost a cache miss per byte).
 */
export interface GramTables {
  /** Bit gram4Slot(h) is set when some needle's 4-gram hashes there. */
  readonly t4: Uint8Array;
  /** Bit gram3Slot(h) is set when some needle's 3-gram hashes there. */
  readonly t3: Uint8Array;
  /**
   * The needles in other scripts, which have no grams: a line with a character past ASCII
   * and no gram is handed on when it holds one of these (otherwise it holds no needle).
   */
  readonly wide?: { has(text: string): boolean };
}

/** Whether the last 4 (or 3) folded bytes rolled into `h` may start a needle. */
export function gramHit(t4: Uint8Array, t3: Uint8Array, h: number): boolean {
  const s4 = Math.imul(h, K4) >>> 12;
  const s3 = Math.imul(h & 0xffffff, K3) >>> 12;
  return ((t4[s4 >>> 3]! >> (s4 & 7)) & 1) !== 0 || ((t3[s3 >>> 3]! >> (s3 & 7)) & 1) !== 0;
}

/** The folded byte of a character: ASCII letters lose their case; everything is cut to a byte. */
export function fold(c: number): number {
  return (c | 32) & 255;
}

export function gram4Slot(h: number): number {
  return Math.imul(h, K4) >>> 12;
}

export function gram3Slot(h: number): number {
  return Math.imul(h & 0xffffff, K3) >>> 12;
}

export function buildGramTables(needles: readonly string[]): GramTables {
  const t4 = new Uint8Array(SLOTS / 8);
  const t3 = new Uint8Array(SLOTS / 8);
  for (const needle of needles) {
    const n = needle.toLowerCase();
    if (n.length >= 4) {
      const at = rarestGram(n, 4);
      addGram(t4, t3, n.slice(at, at + 4));
    } else if (n.length === 3) addGram(t4, t3, n);
    // A 2-character needle: every 3-gram that ends with it (whatever comes before).
    else if (n.length === 2) for (let b = 0; b < 256; b++) addGram(t4, t3, String.fromCharCode(b) + n);
    else throw new Error(`needle shorter than 2 characters: "${needle}"`);
  }
  return withNormalisationGrams({ t4, t3 });
}

/**
 * The tables plus the grams of text that normalisation may change (ANSI escapes and
 * Slack's HTML entities), so a line whose needle they hide still passes; copies, the
 * tables given are left as they are.
 */
export function withNormalisationGrams(tables: GramTables): GramTables {
  const t4 = tables.t4.slice();
  const t3 = tables.t3.slice();
  for (let b = 0; b < 256; b++) addGram(t4, t3, `${String.fromCharCode(b)}\x1b[`);
  for (const e of ['&lt', '&gt', '&am', '&qu', '&#3']) addGram(t4, t3, e);
  return { t4, t3 };
}

function addGram(t4: Uint8Array, t3: Uint8Array, gram: string): void {
  let h = 0;
  for (let i = 0; i < gram.length; i++) h = (h << 8) | fold(gram.charCodeAt(i));
  const t = gram.length === 4 ? t4 : t3;
  const slot = gram.length === 4 ? gram4Slot(h) : gram3Slot(h);
  t[slot >>> 3]! |= 1 << (slot & 7);
}

/**
 * Where, in a needle (lower case), its piece of `size` characters rarest in ordinary
 * output starts. Remembered per needle (remembered.ts): scoring every needle again is
 * most of the classifier's set-up time in a fresh process.
 */
export function rarestGram(needle: string, size: number): number {
  return chosen.get(`${size}:${needle}`, () => scoreGrams(needle, size));
}

/** By `size:needle`; a saved choice must lie inside its needle. */
const chosen = new Remembered<number>('grams', (at, key): at is number => {
  const size = key.startsWith('3:') ? 3 : key.startsWith('4:') ? 4 : 0;
  return size > 0 && typeof at === 'number' && Number.isInteger(at) && at >= 0 && at + size <= key.length - 2;
});

function scoreGrams(needle: string, size: number): number {
  const { chars, grams } = ordinaryCounts();
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = 0; i + size <= needle.length; i++) {
    let letters = 0;
    for (let j = i; j < i + size; j++) letters += chars[needle.charCodeAt(j)] ?? 0;
    const score = (grams.get(gramKey(needle, i, size)) ?? 0) * 100 + letters;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/**
 * A number for a piece of ASCII text (7 bits a character, after its size), or -1 when it
 * holds another character: needles are ASCII, so only ASCII pieces need counting.
 */
function gramKey(s: string, from: number, size: number): number {
  let k = size;
  for (let i = from; i < from + size; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return -1;
    k = k * 128 + c;
  }
  return k;
}

/** How often the needle's chosen piece of `size` characters occurs in the ordinary text (0: never). */
export function chosenGramOrdinaryCount(needle: string, size: number): number {
  const key = gramKey(needle, rarestGram(needle, size), size);
  return key === -1 ? 0 : (ordinaryCounts().grams.get(key) ?? 0);
}

let counted: { chars: Uint16Array; grams: Map<number, number> } | undefined;

/** How often each ASCII character and each 3- and 4-character piece occurs in the ordinary text. */
function ordinaryCounts(): { chars: Uint16Array; grams: Map<number, number> } {
  if (counted) return counted;
  const chars = new Uint16Array(128);
  const grams = new Map<number, number>();
  for (let i = 0; i < ORDINARY.length; i++) {
    const c = ORDINARY.charCodeAt(i);
    if (c < 128) chars[c]!++;
    for (const size of [3, 4]) {
      if (i + size > ORDINARY.length) continue;
      const k = gramKey(ORDINARY, i, size);
      if (k !== -1) grams.set(k, (grams.get(k) ?? 0) + 1);
    }
  }
  counted = { chars, grams };
  return counted;
}
