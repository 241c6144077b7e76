// findMarkers runs a marker only on lines that hold one of the literals its every match
// holds (read from its source). Read against every marker on every line of the corpora's
// messages and logs, it must find exactly what running every marker on every line finds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findMarkers, LEAD, MARKERS, type Marker, TF_LOGGER } from '../../../src/core/listen/markers.js';
import { decodeEntities, stripAnsi, stripPrefixes } from '../../../src/core/text/normalize.js';

/** findMarkers without its prefilter: every marker on every line. */
function everyMarker(text: readonly string[]): Marker[] {
  const out: Marker[] = [];
  const runs = new Map<string, number[]>();
  const seen = new Set<RegExp>();
  text.forEach((raw, i) => {
    if (raw.length < 2) return;
    const plain = decodeEntities(stripAnsi(raw));
    const line = plain.slice(LEAD.exec(plain)![0].length);
    const bare = stripPrefixes(line).replace(TF_LOGGER, '');
    let own = false;
    const told: Marker[] = [];
    for (const m of MARKERS) {
      if (m.after && !seen.has(m.after)) continue;
      if (!m.re.test(line) && !(bare !== line && m.re.test(bare))) continue;
      if (m.run) runs.set(m.id, [...(runs.get(m.id) ?? []), i + 1]);
      else if (m.told) told.push({ line: i + 1, id: m.id, told: true });
      else {
        own = true;
        out.push({ line: i + 1, id: m.id });
      }
    }
    if (!own) out.push(...told);
    for (const m of MARKERS) if (m.after?.test(bare)) seen.add(m.after);
  });
  for (const m of MARKERS) {
    const lines = runs.get(m.id);
    if (lines && lines.length >= (m.run ?? 1)) out.push({ line: lines[0]!, id: m.id });
  }
  return out.sort((a, b) => a.line - b.line);
}

const texts = ['listen.jsonl', 'crash.jsonl'].flatMap((f) =>
  readFileSync(new URL(`../../corpus/${f}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const r = JSON.parse(l) as { id: string; text?: string; log?: string };
      return { id: r.id, text: r.text ?? r.log ?? '' };
    }),
);

describe("the markers' literal prefilter", () => {
  it('GIVEN every message and log of the corpora THEN the markers found are those of every marker run on every line', () => {
    const differ = texts
      .filter(({ text }) => {
        const lines = text.split('\n');
        return JSON.stringify(findMarkers(lines)) !== JSON.stringify(everyMarker(lines));
      })
      .map(({ id }) => id);
    expect(texts.length).toBeGreaterThan(6000);
    expect(differ).toEqual([]);
  });
});
