// The import direction the design fixes: core imports only core; app uses core;
// adapters, cli, store, config and knowledge may use app and core; the conversation
// pipeline (app/conversation) knows no adapter and no SDK, and the rest of app does not
// reach into it; only adapters/slack imports @slack/bolt, only adapters/discord imports
// discord.js and only adapters/mattermost imports @mattermost/client; one platform's
// adapter never imports another's; and no module imports itself through a cycle, anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

interface Import {
  from: string;
  spec: string;
  /** The src-relative target for relative imports. */
  target?: string;
}

function imports(): Import[] {
  const out: Import[] = [];
  const re = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const file of files(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(re)) {
      const spec = (m[1] ?? m[2])!;
      const from = relative(SRC, file);
      out.push(
        spec.startsWith('.')
          ? { from, spec, target: relative(SRC, resolve(file, '..', spec)) }
          : { from, spec },
      );
    }
  }
  return out;
}

const layer = (path: string) => path.split('/')[0] ?? '';

describe('import direction', () => {
  const all = imports();

  it('GIVEN src/core THEN it imports only core (and no platform SDK)', () => {
    const bad = all.filter(
      (i) =>
        layer(i.from) === 'core' &&
        (i.target ? layer(i.target) !== 'core' : !i.spec.startsWith('node:') && i.spec !== 'zod'),
    );
    expect(bad).toEqual([]);
  });

  it('GIVEN src/core THEN it does no I/O (no fs, net, http, child_process)', () => {
    const bad = all.filter(
      (i) =>
        layer(i.from) === 'core' &&
        /^node:(fs|net|http|https|child_process|dgram|worker_threads)/.test(i.spec),
    );
    expect(bad).toEqual([]);
  });

  it('GIVEN src/app THEN it imports only app and core', () => {
    const bad = all.filter(
      (i) => layer(i.from) === 'app' && i.target && !['app', 'core'].includes(layer(i.target)),
    );
    expect(bad).toEqual([]);
  });

  it.each([
    ['@slack/', 'adapters/slack/'],
    ['discord.js', 'adapters/discord/'],
    ['@discordjs/', 'adapters/discord/'],
    ['@mattermost/', 'adapters/mattermost/'],
  ])('GIVEN an import of %s THEN it is only under src/%s', (pkg, allowed) => {
    const bad = all.filter((i) => i.spec.startsWith(pkg) && !i.from.startsWith(allowed));
    expect(bad).toEqual([]);
  });

  it('GIVEN src/store, src/config, src/knowledge THEN none imports an adapter or the CLI', () => {
    const bad = all.filter(
      (i) =>
        ['store', 'config', 'knowledge'].includes(layer(i.from)) &&
        i.target &&
        ['adapters', 'cli'].includes(layer(i.target)),
    );
    expect(bad).toEqual([]);
  });

  it('GIVEN src/app/conversation THEN it imports only app and core, no SDK and nothing of a platform', () => {
    const bad = all.filter(
      (i) =>
        i.from.startsWith('app/conversation/') &&
        (i.target
          ? !['app', 'core'].includes(layer(i.target))
          : !i.spec.startsWith('node:') && i.spec !== 'lru-cache'),
    );
    expect(bad).toEqual([]);
  });

  it('GIVEN one platform adapter THEN it imports no other platform adapter', () => {
    const platform = (p: string) => (p.startsWith('adapters/') ? p.split('/')[1] : undefined);
    const bad = all.filter((i) => {
      const from = platform(i.from);
      const to = i.target ? platform(i.target) : undefined;
      return from && to && from !== to && i.target?.split('/').length !== 2;
    });
    expect(bad).toEqual([]);
  });

  it('GIVEN every module THEN none imports itself through a cycle', () => {
    expect(cycles(all)).toEqual([]);
  });

  it('GIVEN the scan THEN it found the imports it checks (the test can fail)', () => {
    expect(all.filter((i) => layer(i.from) === 'core').length).toBeGreaterThan(20);
    expect(all.some((i) => i.spec.startsWith('@slack/') || i.spec === 'discord.js')).toBe(true);
  });
});

/** Every import cycle among src modules, each as the path that closes it. */
function cycles(all: readonly Import[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const i of all) {
    if (!i.target) continue;
    const to = i.target.replace(/\.js$/, '.ts');
    graph.set(i.from, [...(graph.get(i.from) ?? []), to]);
  }
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}
