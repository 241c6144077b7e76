// Every regular expression in src/ is proved free of catastrophic backtracking by
// recheck's automaton checker (a proof over the pattern, not a fuzz), so a new one cannot
// slip in. Sites are found by the TypeScript parser (regex-sites.ts):
// - literals and `new RegExp('...')` with literal arguments are proved as written;
// - a `new RegExp(...)` built at run time is proved on the instances it really builds:
//   RegExp is wrapped while every module holding such a site is loaded afresh and the
//   calls below reach the ones built inside functions, and each instance is traced to its
//   file and line. Such patterns are assembled from escaped literals (core/text/regex-escape)
//   and fixed pieces; a site no instance came from fails the test unless EXCEPTIONS gives
//   the reason it is proved elsewhere. UNPROVABLE lists the few written-out patterns recheck
//   cannot read, each run only on text crashbot writes itself.
// Proofs are cached beside the knowledge base's (node_modules/.cache), keyed by pattern,
// flags and checker version; a cold run proves everything (about a minute on 2 cores).
import { describe, expect, it, vi } from 'vitest';
import { defaultProofCache, type PatternSite, provePatterns } from '../../src/knowledge/regex-safety.js';
import { collectRegexSites, type RegexSite, ROOT } from './regex-sites.js';

/** Run-time patterns proved elsewhere, by file and the code of the pattern argument. */
const EXCEPTIONS: readonly { file: string; pattern: string; why: string }[] = [
  {
    file: 'src/knowledge/patterns.ts',
    pattern: 'source',
    why: "compiles the knowledge base's patterns, which test/knowledge/redos.test.ts and `crashbot knowledge check` prove",
  },
  {
    file: 'src/knowledge/snapshot.ts',
    pattern: 'v.$re',
    why: 'revives those same knowledge patterns from the build snapshot, which is keyed by a hash of knowledge/',
  },
];

/**
 * Patterns written out that recheck cannot read (a back-reference, a look-behind) or cannot
 * prove linear, each on input crashbot itself writes, never on what users send; by file and
 * exact source, so a change to one is looked at again.
 */
const UNPROVABLE: readonly { file: string; source: string; why: string }[] = [
  {
    file: 'src/store/pg-retry.ts',
    source: String.raw`\b(\w+)\s*=\s*(?:\w+\.)?\1\s*[-+]`,
    why: "runs only on crashbot's own SQL statements, to find `col = col + 1`",
  },
  {
    file: 'src/core/remedies/effects.ts',
    source: String.raw`^\$env:([A-Za-z_]\w*)\s*=\s*(.*)$`,
    why: 'reads only the snippets crashbot renders from knowledge/ and its tables (never pasted text), one command at a time, for what each sets, unsets and pins',
  },
  {
    file: 'src/core/remedies/effects.ts',
    source: String.raw`^unset\s+(.+)$`,
    why: 'reads only the snippets crashbot renders from knowledge/ and its tables (never pasted text), one command at a time, for what each sets, unsets and pins',
  },
  {
    file: 'src/core/remedies/effects.ts',
    source: String.raw`^(?:[A-Za-z_]\w*=(?:"[^"]*"|'[^']*'|\S*)\s*)+$`,
    why: 'reads only the snippets crashbot renders from knowledge/ and its tables (never pasted text), one command at a time, for what each sets, unsets and pins',
  },
  {
    file: 'src/core/remedies/effects.ts',
    source: String.raw`^(["']).*\1$`,
    why: 'reads only the snippets crashbot renders from knowledge/ and its tables (never pasted text), one command at a time, for what each sets, unsets and pins',
  },
  {
    file: 'src/core/remedies/effects.ts',
    source: String.raw`^(?:python3?\s+-m\s+)?pip3?\s+install\s+(.*)$`,
    why: 'reads only the snippets crashbot renders from knowledge/ and its tables (never pasted text), one command at a time, for what each sets, unsets and pins',
  },
  {
    file: 'src/core/remedies/effects.ts',
    source: String.raw`^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[([^\]]*)\])?\s*(.*)$`,
    why: 'reads only the snippets crashbot renders from knowledge/ and its tables (never pasted text), one command at a time, for what each sets, unsets and pins',
  },
  {
    file: 'src/knowledge/remedies.ts',
    source: String.raw`\{\{[^}]*\}\}`,
    why: 'finds the {{placeholders}} of knowledge/ snippets when they load',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`\{\{[^}]*\}\}`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`\b(tensorflow|torch|jax|jaxlib)(?:\[[^\]]*\])?\s*(?:==|>=|<=|<|>|~=)\s*\d`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`\b(TF|TensorFlow|torch|PyTorch|JAX)\s*(?:>=|<=|<|>|==)?\s*(\d+\.\d+)\b`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`(^|\s)(#|REM\s).*$`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`pip3? install[^\n]*tensorflow<\d`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`^\s*(?:\$env:|Remove-Item|Get-|Select-)`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
  {
    file: 'src/knowledge/snippet-audit.ts',
    source: String.raw`(?<![\w./-])(torch|torchvision|tf|jax|huggingface_hub|xformers|mixed_precision|nn)(\.[A-Za-z_]\w*)+`,
    why: 'audits knowledge/ snippets and their renderings (knowledge check, tests), never pasted text',
  },
];

/** Reaches the sites that build a RegExp inside a function (module-level ones run on import). */
async function reachRunTimeSites(): Promise<void> {
  const { loadKnowledge } = await import('../../src/knowledge/load.js');
  const { diagnoseText } = await import('../../src/core/diagnose.js');
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error('knowledge/ does not load');
  diagnoseText('Traceback (most recent call last):\nRuntimeError: CUDA out of memory.', loaded.kb);
  const { ocrVocabulary, repairOcrText } = await import('../../src/core/text/ocr-repair.js');
  repairOcrText('CUDA_ERROR OUT OF MEMORY', ocrVocabulary(loaded.kb));
  const { withoutBotMention } = await import('../../src/adapters/discord/translate.js');
  withoutBotMention('<@123> <@&456> hello', '123', ['456']);
  // A remedy's variables as PowerShell and cmd set them (their later uses are found by name).
  const { effectsOf } = await import('../../src/core/remedies/effects.js');
  effectsOf('powershell', '$env:CUDA_VISIBLE_DEVICES = "0"');
  effectsOf('cmd', 'set "CUDA_VISIBLE_DEVICES=0"');
  // The stale-snippet audit looks for each deprecated API and command by its name.
  const { join } = await import('node:path');
  const { ProblemList } = await import('../../src/knowledge/files.js');
  const { defaultKnowledgeDir } = await import('../../src/knowledge/load.js');
  const { loadApiTable } = await import('../../src/knowledge/apis.js');
  const { loadSnippetLibrary } = await import('../../src/knowledge/remedies.js');
  const { auditRemedies } = await import('../../src/knowledge/snippet-audit.js');
  const problems = new ProblemList(defaultKnowledgeDir());
  const apis = loadApiTable(join(defaultKnowledgeDir(), 'remedies', 'apis.yaml'), problems);
  if (!apis) throw new Error('knowledge/remedies/apis.yaml does not load');
  const library = loadSnippetLibrary(join(defaultKnowledgeDir(), 'remedies', 'snippets.yaml'), problems);
  auditRemedies({
    causes: loaded.kb.causes.values(),
    library: library.values(),
    compat: loaded.kb.compat,
    apis,
    texts: [],
  });
}

interface Built {
  source: string;
  flags: string;
  at: string;
}

/** Every RegExp constructed while `run` runs, with the src/ file:line that built it. */
async function captureBuilt(run: () => Promise<void>): Promise<Built[]> {
  const Real = RegExp;
  const built: Built[] = [];
  const record = (args: unknown[]) => {
    const frame = (new Error().stack ?? '').split('\n').find((l) => l.includes(`${ROOT}src/`));
    const at = frame
      ? /\((?:file:\/\/)?([^()]+):(\d+):\d+\)|at (?:file:\/\/)?(\S+):(\d+):\d+$/.exec(frame.trim())
      : null;
    if (!at) return;
    const instance = args[0] instanceof Real ? args[0] : new Real(String(args[0] ?? ''), args[1] as string);
    const file = (at[1] ?? at[3] ?? '').slice(ROOT.length);
    built.push({
      source: instance.source,
      flags: String(args[1] ?? instance.flags),
      at: `${file}:${at[2] ?? at[4]}`,
    });
  };
  const Spy = new Proxy(Real, {
    construct(target, args, newTarget) {
      record(args);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      record(args);
      return Reflect.apply(target, self, args);
    },
  });
  globalThis.RegExp = Spy;
  try {
    await run();
  } finally {
    globalThis.RegExp = Real;
  }
  return built;
}

const keyOf = (s: { file: string; line: number }) => `${s.file}:${s.line}`;
let collected: RegexSite[] | undefined;
/** One parse of src/ for the whole file (each starts the compiler). */
const allSites = () => {
  collected ??= collectRegexSites();
  return collected;
};

describe('regular expressions in src/', () => {
  it('GIVEN every regex literal and new RegExp in src/ THEN recheck proves each safe', {
    timeout: 1_800_000,
  }, async () => {
    const sites = allSites();
    const dynamic = sites.filter((s): s is Extract<RegexSite, { kind: 'dynamic' }> => s.kind === 'dynamic');
    const excepted = dynamic.filter((s) =>
      EXCEPTIONS.some((e) => e.file === s.file && e.pattern === s.pattern),
    );
    const runTime = dynamic.filter((s) => !excepted.includes(s));

    vi.resetModules();
    const built = await captureBuilt(async () => {
      for (const file of new Set(runTime.map((s) => s.file))) await import(`${ROOT}${file}`);
      await reachRunTimeSites();
    });
    const unreached = runTime.filter((s) => !built.some((b) => b.at === keyOf(s))).map(keyOf);
    expect(unreached, 'sites that build a RegExp at run time the test never saw built').toEqual([]);

    const instances = built.filter((b) => runTime.some((s) => keyOf(s) === b.at));
    const distinct = new Map<string, PatternSite>();
    const unprovable = (s: RegexSite) =>
      s.kind !== 'dynamic' && UNPROVABLE.some((u) => u.file === s.file && u.source === s.source);
    for (const p of [
      ...sites.flatMap((s) =>
        s.kind === 'dynamic' || unprovable(s) ? [] : [{ source: s.source, flags: s.flags, where: keyOf(s) }],
      ),
      ...instances.map((b) => ({ source: b.source, flags: b.flags, where: `${b.at} (as built)` })),
    ]) {
      const site = { ...p, flags: p.flags.replace(/[gy]/g, '') };
      if (!distinct.has(`${site.flags}/${site.source}`)) distinct.set(`${site.flags}/${site.source}`, site);
    }
    const patterns = [...distinct.values()];
    const started = performance.now();
    const result = await provePatterns(patterns, { cacheFile: defaultProofCache(), timeoutMs: 120_000 });
    if (!result.available) throw new Error(result.reason);
    console.log(
      `regexes in src/: ${sites.length} sites (${sites.length - dynamic.length} written out, ${runTime.length} built at run time, as ${instances.length} instances, ${excepted.length} proved elsewhere, ${sites.filter(unprovable).length} unprovable on crashbot's own text), ${patterns.length} distinct patterns; ${result.proved} proved by ${result.checker} now, ${result.cached} known safe (no repetition, or cached), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const unsafe = result.verdicts
      .filter((v) => v.status !== 'safe')
      .map((v) => `${v.status}: /${v.site.source}/${v.site.flags} at ${v.site.where} ${v.detail ?? ''}`);
    expect(unsafe).toEqual([]);
    expect(sites.length).toBeGreaterThan(300);
  });

  it('GIVEN divisions, and patterns named in comments and strings THEN only real patterns are sites, each with its line', () => {
    const sites = collectRegexSites(['test/fixtures/regex-sites/sample.ts']).map((s) =>
      s.kind === 'dynamic'
        ? `${s.line} dynamic ${s.pattern} ${s.flags}`
        : `${s.line} ${s.kind} /${s.source}/${s.flags}`,
    );
    expect(sites).toEqual([
      '4 literal /a/g',
      '5 literal /\\w+/',
      '6 static /^static$/i',
      '7 static /called/',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the code of a template literal, as written
      '9 dynamic `${piece}+` g',
      '10 static /qualified/',
    ]);
  });

  it('GIVEN the checker on a quadratic pattern from before THEN it is refused (the proof can fail)', async () => {
    const r = await provePatterns([{ source: '\\.+$', flags: '', where: 'messages.ts before' }]);
    expect(r.available && r.verdicts[0]?.status).toBe('vulnerable');
  });
});
