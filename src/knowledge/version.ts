// The knowledge version: a short hash of the knowledge files' names and contents. The
// loader stamps it on the KnowledgeBase, and the build's snapshot is keyed by it. The
// files' names, sizes and modification times (their stamp) say more cheaply that
// nothing changed since the snapshot: a start compares the stamp and hashes only when
// it differs (a copy that kept the contents but not the times).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every YAML file under dir, sorted, as paths. */
export function knowledgeFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.yaml') || e.name.endsWith('.yml')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** A short hash of the knowledge files' names and contents: the knowledge version. */
export function knowledgeVersion(dir: string): string {
  const h = createHash('sha256');
  for (const f of knowledgeFiles(dir)) {
    h.update(relative(dir, f));
    h.update('\0');
    try {
      h.update(readFileSync(f));
    } catch {
      h.update('(unreadable)');
    }
    h.update('\0');
  }
  return h.digest('hex').slice(0, 12);
}

/** The knowledge files' names, sizes and modification times, as one string. */
export function knowledgeStamp(dir: string): string {
  const parts: string[] = [];
  for (const f of knowledgeFiles(dir)) {
    try {
      const st = statSync(f);
      parts.push(`${relative(dir, f)}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push(`${relative(dir, f)}:unreadable`);
    }
  }
  return parts.join('\n');
}
