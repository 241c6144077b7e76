// The build's knowledge snapshot: saved and loaded again it is the knowledge base the
// files give (regular expressions and maps made again, everything frozen), and it is
// used only while it matches the files.
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { defaultKnowledgeDir, loadKnowledge } from '../../src/knowledge/load.js';
import { loadKnowledgeCached, writeSnapshot } from '../../src/knowledge/snapshot.js';

const tmp = mkdtempSync(join(tmpdir(), 'crashbot-snapshot-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function fresh(dir = defaultKnowledgeDir()): KnowledgeBase {
  const r = loadKnowledge(dir);
  if (!r.ok) throw new Error('knowledge does not load');
  return r.kb;
}

/** Every object and array reachable from the value (maps' values too) is frozen. */
function allFrozen(value: unknown, seen = new Set<unknown>()): boolean {
  if (value === null || typeof value !== 'object' || value instanceof RegExp || seen.has(value)) return true;
  seen.add(value);
  if (!Object.isFrozen(value)) return false;
  const children = value instanceof Map ? [...value.values()] : Object.values(value);
  return children.every((c) => allFrozen(c, seen));
}

describe('the knowledge snapshot', () => {
  it('GIVEN the snapshot of the knowledge files THEN loading it gives the same knowledge base, frozen', async () => {
    const kb = fresh();
    const path = join(tmp, 'same.json');
    writeSnapshot(kb, path, defaultKnowledgeDir());
    const loaded = await loadKnowledgeCached(defaultKnowledgeDir(), path);
    if (!loaded.ok) throw new Error('snapshot did not load');
    expect(loaded.kb).not.toBe(kb);
    expect(loaded.kb).toEqual(kb);
    const re = loaded.kb.rules.find((r) => r.match)!.match!.re;
    expect(re).toBeInstanceOf(RegExp);
    expect(loaded.kb.causes).toBeInstanceOf(Map);
    expect(allFrozen(loaded.kb)).toBe(true);
  });

  it('GIVEN a knowledge file changed after the snapshot THEN the files are loaded instead', async () => {
    const dir = join(tmp, 'knowledge');
    cpSync(defaultKnowledgeDir(), dir, { recursive: true });
    const path = join(tmp, 'stale.json');
    writeSnapshot(fresh(dir), path, dir);
    writeFileSync(join(dir, 'harmless.yaml'), 'harmless: []\n');
    const loaded = await loadKnowledgeCached(dir, path);
    if (!loaded.ok) throw new Error('knowledge did not load');
    expect(loaded.kb.harmless).toEqual([]);
    expect(loaded.kb.version).toBe(fresh(dir).version);
  });

  it('GIVEN the files unchanged, or copied with new times but the same contents THEN the snapshot is what loads', async () => {
    const dir = join(tmp, 'copied');
    cpSync(defaultKnowledgeDir(), dir, { recursive: true });
    const path = join(tmp, 'marked.json');
    writeSnapshot(fresh(dir), path, dir);
    // A mark only the snapshot carries tells which of the two was loaded.
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { kb: { harmless: { why: string }[] } };
    saved.kb.harmless[0]!.why = 'from the snapshot';
    writeFileSync(path, JSON.stringify(saved));
    const same = await loadKnowledgeCached(dir, path);
    expect(same.ok && same.kb.harmless[0]!.why).toBe('from the snapshot');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'harmless.yaml'), later, later);
    const touched = await loadKnowledgeCached(dir, path);
    expect(touched.ok && touched.kb.harmless[0]!.why).toBe('from the snapshot');
  });

  it('GIVEN no snapshot or a broken one THEN the files are loaded', async () => {
    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, '{"format":');
    for (const path of [join(tmp, 'missing.json'), broken]) {
      const loaded = await loadKnowledgeCached(defaultKnowledgeDir(), path);
      expect(loaded.ok && loaded.kb.version).toBe(fresh().version);
    }
  });
});
