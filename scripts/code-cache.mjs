// Part of `npm run build` (bundle-cli.mjs): turns the bundle's core chunk into a script
// whose compiled code V8 can keep, and keeps it. The chunk
//
//   import { createHash } from "node:crypto";   ...code...   export { diagnoseText as O, ... };
//
// becomes core-<hash>.script.js, `(function (createHash) {"use strict"; ...code...
// return { O: diagnoseText, ... }; })` with the code's lines where they were (its source
// map still fits), and the chunk itself a module with the same imports and exports that
// runs that script through dist/cli/code-cache.js. Then a start's work is run here
// (diagnoses of sample logs, their replies, exit codes) and the compiled code written to
// core-<hash>.script.cache. Anything in the chunk this does not expect stops the build.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';

const IMPORT = /^import \{([^}]*)\} from ("[^"]+");$/;
const EXPORT = /\nexport \{([^}]*)\};\s*(?:\/\/# sourceMappingURL=\S+\s*)?$/;

export async function compileCore(chunkFile) {
  const code = readFileSync(chunkFile, 'utf8');
  const lines = code.split('\n');
  const imports = [];
  let i = 0;
  for (; i < lines.length && lines[i].startsWith('import'); i++) {
    const m = IMPORT.exec(lines[i]);
    if (!m) throw new Error(`code-cache: an import it cannot carry: ${lines[i]}`);
    imports.push({
      line: lines[i],
      names: m[1].split(',').map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .at(-1),
      ),
    });
  }
  const exp = EXPORT.exec(code);
  if (!exp) throw new Error('code-cache: no export statement at the end of the core chunk');
  const exports = exp[1].split(',').map((p) => {
    const [local, name = local] = p.trim().split(/\s+as\s+/);
    // An exported `let` could be reassigned: a copy taken at load would go stale.
    const id = local.replace('$', '\\$');
    if (
      !new RegExp(`\\n(?:(?:async )?function\\*? |const |class )${id}\\b|\\nvar ${id} = class\\b`).test(code)
    )
      throw new Error(`code-cache: export ${local} is not a function, const or class`);
    return { local, name };
  });
  const params = imports.flatMap((m) => m.names);
  // The import lines are left blank and the wrapper opens on the first line of code, so
  // every line keeps its number.
  const body = code
    .slice(0, exp.index)
    .split('\n')
    .map((l, n) => (n < i ? '' : l));
  body[i] = `(function (${params.join(', ')}) {"use strict"; ${body[i] ?? ''}`;
  const script = [
    ...body,
    `return { ${exports.map((e) => `${JSON.stringify(e.name)}: ${e.local}`).join(', ')} };`,
    '})',
    `//# sourceMappingURL=${basename(chunkFile)}.map`,
    '',
  ].join('\n');
  const scriptFile = chunkFile.replace(/\.js$/, '.script.js');
  writeFileSync(scriptFile, script);
  writeFileSync(
    chunkFile,
    [
      '// The core runs as a script whose compiled code is kept (scripts/code-cache.mjs).',
      ...imports.map((m) => m.line),
      `import { loadCachedScript } from "../cli/code-cache.js";`,
      `const core = loadCachedScript(new URL(${JSON.stringify(`./${basename(scriptFile)}`)}, import.meta.url), [${params.join(', ')}]);`,
      ...exports.map((e) => `export const ${e.name} = core.${e.name};`),
      '',
    ].join('\n'),
  );
  const core = await import(pathToFileURL(chunkFile).href);
  const named = Object.fromEntries(exports.map((e) => [e.local, core[e.name]]));
  await warm(named);
  const { writeCodeCaches } = await import(new URL('../dist/cli/code-cache.js', import.meta.url).href);
  writeCodeCaches();
}

/** A start's work, in the build: what a `crashbot diagnose` or `exit-code` compiles. */
const SAMPLES = [
  [
    'Traceback (most recent call last):',
    '  File "/home/user/train.py", line 88, in <module>',
    '    loss.backward()',
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 20.10 GiB already allocated; 1.50 GiB free; 21.00 GiB reserved in total by PyTorch)',
  ],
  [
    '2024-03-01 10:00:01.123456: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions.',
    '2024-03-01 10:00:03.000001: E tensorflow/stream_executor/cuda/cuda_dnn.cc:361] Loaded runtime CuDNN library: 8.1.0 but source was compiled with: 8.6.0.',
    'tensorflow.python.framework.errors_impl.UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize',
    'Process finished with exit code -1073740791 (0xC0000409)',
  ],
  [
    '[rank3]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1024, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600045 milliseconds before timing out.',
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: train.py FAILED',
    'NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.',
    'Killed',
  ],
  [
    'PyTorch version: 2.5.1+cu124',
    'CUDA used to build PyTorch: 12.4',
    'Nvidia driver version: 470.82.01',
    'RuntimeError: CUDA error: device-side assert triggered',
    'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).',
  ],
  ['Everything went fine, 3 epochs done.'],
];

async function warm(core) {
  const { loadKnowledge } = await import(new URL('../dist/knowledge/load.js', import.meta.url).href);
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error('code-cache: knowledge/ has problems; run crashbot knowledge check');
  const kb = loaded.kb;
  const encoder = new TextEncoder();
  for (const lines of SAMPLES) {
    const d = core.createByteDiagnoser(kb);
    d.push(encoder.encode(`${lines.join('\n')}\n`));
    const diagnosis = d.end();
    void diagnosis.crashReport;
    const reply = core.diagnosisReply(diagnosis);
    core.renderText(reply);
    core.renderMarkdown(reply);
    core.redactJson(diagnosis);
  }
  for (const code of ['137', '-1073741819', '0xC0000409', 'signal 9']) {
    const r = core.decodeExitCode(code, kb.exitCodes);
    if (r.ok) {
      const reply = core.exitCodeReply(r.code, r.alternatives);
      core.renderText(reply);
      core.renderMarkdown(reply);
    }
  }
}
