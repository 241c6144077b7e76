// A redaction is a list of spans (start, end, kind) over the text; every detector adds
// spans and one function replaces them, so detectors never see each other's markers
// and overlapping finds become one marker.

export interface Span {
  start: number;
  end: number;
  kind: string;
  /** A token a line's end cut short of its full shape: its rest is on the next line. */
  cut?: boolean;
}

/** What a secret is replaced with; no detector matches it, so redaction is idempotent. */
export const redactedMarker = (kind: string): string => `[REDACTED:${kind}]`;

const MARKER_HEAD = '[REDACTED:';

/** Where markers already stand in `text`: spans overlapping them are dropped. */
function markerRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  let at = text.indexOf(MARKER_HEAD);
  while (at >= 0) {
    const close = text.indexOf(']', at + MARKER_HEAD.length);
    const end = close < 0 || close - at > 64 ? at + MARKER_HEAD.length : close + 1;
    out.push([at, end]);
    at = text.indexOf(MARKER_HEAD, end);
  }
  return out;
}

/** Sorted, overlapping spans merged (the first one's kind names the whole). */
export function mergeSpans(spans: readonly Span[], text: string): Span[] {
  const markers = markerRanges(text);
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  let m = 0;
  for (const s of sorted) {
    // Markers are sorted and disjoint: skip those that end before this span starts.
    while (m < markers.length && markers[m]![1] <= s.start) m++;
    if (m < markers.length && markers[m]![0] < s.end) continue;
    const last = out.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/**
 * Replaces each span by its marker. With `keepLines`, a span that crosses line breaks is
 * replaced line by line, so the text keeps its lines (and each line its number).
 */
export function applySpans(text: string, spans: readonly Span[], keepLines: boolean): string {
  let out = '';
  let from = 0;
  for (const s of spans) {
    out += text.slice(from, s.start);
    if (keepLines && text.includes('\n', s.start) && text.indexOf('\n', s.start) < s.end) {
      out += text
        .slice(s.start, s.end)
        .split('\n')
        .map((part) => (part.trim() === '' ? part : redactedMarker(s.kind)))
        .join('\n');
    } else out += redactedMarker(s.kind);
    from = s.end;
  }
  return out + text.slice(from);
}
