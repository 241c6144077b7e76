// The text the detectors read is a view of the input with the same secrets in plainer
// form; spans found in the view are mapped back onto the input.
//  - Invisible characters (zero-width space/joiners, word joiner, BOM, soft hyphen) are
//    left out, so `hf_` + U+FEFF + rest is one token again.
//  - In text that quotes text (a JSON log line, a Python repr) an escaped newline, tab,
//    carriage return or quote is seen as two characters no detector keeps inside a
//    value; `\n` would otherwise glue the next line's first word to an `n`.

const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/g;
const HAS_INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/;

/** Line and quote stand-ins of the escape view (each escape becomes two of them). */
export const VIEW_NEWLINE = '\u2028';
export const VIEW_RETURN = '\u2029';
export const VIEW_TAB = '\u3000';
export const VIEW_QUOTE = '\u205f';
const ESCAPE = /\\(?:\\|[nrt"])/g;
const ESCAPE_FOR: Record<string, string> = {
  '\\n': VIEW_NEWLINE + VIEW_NEWLINE,
  '\\r': VIEW_RETURN + VIEW_RETURN,
  '\\t': VIEW_TAB + VIEW_TAB,
  '\\"': VIEW_QUOTE + VIEW_QUOTE,
};
const HAS_VIEW_CHAR = /[\u2028\u2029\u3000\u205f]/;
const HAS_ESCAPE = /\\[nrt"]/;

export interface View {
  text: string;
  /** Index in the input of each view character (absent when nothing was left out). */
  map: Int32Array | null;
  /** The input length, for spans that end at the end of the view. */
  length: number;
}

export function viewOf(input: string): View {
  let text = input;
  let map: Int32Array | null = null;
  if (HAS_INVISIBLE.test(input)) {
    map = new Int32Array(input.length + 1);
    let n = 0;
    INVISIBLE.lastIndex = 0;
    text = '';
    let from = 0;
    for (let m = INVISIBLE.exec(input); m; m = INVISIBLE.exec(input)) {
      for (let i = from; i < m.index; i++) map[n++] = i;
      text += input.slice(from, m.index);
      from = m.index + 1;
    }
    for (let i = from; i < input.length; i++) map[n++] = i;
    text += input.slice(from);
    map[n] = input.length;
  }
  if (HAS_ESCAPE.test(text) && !HAS_VIEW_CHAR.test(text)) {
    // Same length, so positions stay: each two-character escape becomes two stand-ins.
    text = text.replace(ESCAPE, (e) => ESCAPE_FOR[e] ?? e);
  }
  return { text, map, length: input.length };
}

/** The input range of view range [start, end). */
export function toInput(view: View, start: number, end: number): [number, number] {
  if (!view.map) return [start, end];
  const a = view.map[start] ?? view.length;
  const b = end > 0 ? (view.map[end - 1] ?? view.length - 1) + 1 : 0;
  return [a, b];
}

const STAND_INS = /[\u2028\u2029\u3000\u205f]/;

/** Widens a view span so it never cuts an escape's pair of stand-ins in half. */
export function snapToEscapes(text: string, start: number, end: number): [number, number] {
  let a = start;
  let b = end;
  if (a > 0 && STAND_INS.test(text[a] ?? '') && text[a - 1] === text[a] && !isPairStart(text, a)) a--;
  if (
    b < text.length &&
    STAND_INS.test(text[b - 1] ?? '') &&
    text[b] === text[b - 1] &&
    isPairStart(text, b - 1)
  )
    b++;
  return [a, b];
}

/** Whether the stand-in at `i` is the first of its pair (runs of stand-ins pair from their start). */
function isPairStart(text: string, i: number): boolean {
  let j = i;
  const stop = Math.max(0, i - 4096);
  while (j > stop && text[j - 1] === text[i]) j--;
  return (i - j) % 2 === 0;
}
