// Every remedy against the compat tables and knowledge/remedies/apis.yaml: no literal
// wheel index, JAX extra or framework pin; every index and extra it renders to exists in
// the current tables; every version it names is a known release; every API it calls is
// listed; nothing deprecated. And the audit itself catches each kind of staleness.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CauseDef, KnowledgeBase } from '../../src/core/knowledge.js';
import type { RemedySnippet } from '../../src/core/remedies/index.js';
import { COMMANDS } from '../../src/core/versions/checks/verdict.js';
import { type ApiTable, loadApiTable } from '../../src/knowledge/apis.js';
import { ProblemList } from '../../src/knowledge/files.js';
import { defaultKnowledgeDir, loadKnowledge } from '../../src/knowledge/load.js';
import { loadSnippetLibrary } from '../../src/knowledge/remedies.js';
import { apiNames, auditRemedies } from '../../src/knowledge/snippet-audit.js';

let kb: KnowledgeBase;
let apis: ApiTable;
let library: RemedySnippet[];

beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems, null, 2));
  kb = r.kb;
  const problems = new ProblemList(defaultKnowledgeDir());
  const table = loadApiTable(join(defaultKnowledgeDir(), 'remedies', 'apis.yaml'), problems);
  library = [
    ...loadSnippetLibrary(join(defaultKnowledgeDir(), 'remedies', 'snippets.yaml'), problems).values(),
  ];
  expect(problems.items).toEqual([]);
  apis = table!;
});

const audit = (
  causes: Iterable<CauseDef>,
  lib: Iterable<RemedySnippet> = [],
  texts: { where: string; text: string }[] = [],
) =>
  auditRemedies({ causes, library: lib, compat: kb.compat, apis, texts }).map(
    (p) => `${p.where}: ${p.problem}`,
  );

/** The commands the version checks print themselves. */
const versionCommands = () =>
  Object.entries(COMMANDS).map(([name, text]) => ({ where: `version check command ${name}`, text }));

/** A cause holding only the given snippet, to feed the audit a stale remedy. */
function causeWith(snippet: Partial<RemedySnippet>): CauseDef {
  return {
    id: 'x',
    title: 'x',
    summary: 'x',
    explanation: 'x',
    checks: [],
    snippets: [{ id: 's', framework: 'any', title: 'a remedy', ...snippet }],
    next: [],
    sources: ['x'],
    file: 'causes/x.yaml',
  };
}

describe('the shipped remedies', () => {
  it('GIVEN every snippet, check and next text THEN none is stale against the tables or the API list', () => {
    expect(audit(kb.causes.values(), library, versionCommands())).toEqual([]);
  });

  it('GIVEN the audit THEN it read PyTorch and TensorFlow APIs and the JAX install lines', () => {
    const code = (s: RemedySnippet) => `${s.code ?? ''}\n${JSON.stringify(s.steps ?? [])}`;
    const all = [...[...kb.causes.values()].flatMap((c) => c.snippets), ...library];
    const names = new Set(all.flatMap((s) => apiNames(code(s))));
    for (const n of [
      'torch.amp.GradScaler',
      'torch.distributed.fsdp.fully_shard',
      'tf.config.experimental.get_memory_info',
    ])
      expect(names).toContain(n);
    expect(all.filter((s) => code(s).includes('{{jax.extra}}')).length).toBeGreaterThanOrEqual(2);
    expect(library.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the audit catches a stale remedy', () => {
  it.each<[string, Partial<RemedySnippet>, RegExp]>([
    [
      'a deprecated API',
      { language: 'python', code: 'scaler = torch.cuda.amp.GradScaler()' },
      /torch\.cuda\.amp\.GradScaler is deprecated/,
    ],
    [
      'a literal wheel index',
      {
        steps: [{ kind: 'run', run: 'pip install torch --index-url https://download.pytorch.org/whl/cu121' }],
      },
      /literal wheel index/,
    ],
    [
      'an index the current release does not build',
      {
        steps: [{ kind: 'run', run: 'pip install torch --index-url https://download.pytorch.org/whl/cu118' }],
      },
      /cu118 is not a CUDA variant/,
    ],
    [
      'a literal JAX extra',
      { steps: [{ kind: 'run', run: 'pip install -U "jax[cuda12]"' }] },
      /literal JAX extra/,
    ],
    [
      'a deprecated JAX extra',
      { steps: [{ kind: 'run', run: 'pip install -U "jax[cuda12_pip]"' }] },
      /jax\[cuda12_pip\] is not an extra/,
    ],
    [
      'a literal TensorFlow pin',
      { steps: [{ kind: 'run', run: 'pip install "tensorflow<2.11"' }] },
      /literal framework pin/,
    ],
    [
      'an old TensorFlow pin without its Python',
      { steps: [{ kind: 'run', run: 'pip install "tensorflow<{{tf.windows.below}}"' }] },
      /which Python it needs/,
    ],
    [
      'memory_summary in a fresh process',
      { steps: [{ kind: 'run', run: 'python -c "import torch; print(torch.cuda.memory_summary())"' }] },
      /prints an empty summary/,
    ],
    [
      'an API not in the list',
      { language: 'python', code: 'torch.cuda.reset_everything()' },
      /does not list/,
    ],
    [
      'a release no table knows',
      { title: 'Needs torch >= 2.66', language: 'python', code: 'x = 1' },
      /torch 2\.66/,
    ],
    [
      'a deprecated command',
      { steps: [{ kind: 'run', run: 'huggingface-cli download org/model' }] },
      /huggingface-cli is deprecated/,
    ],
    [
      'the old allocator variable alone',
      {
        steps: [
          {
            kind: 'run',
            run: 'python train.py',
            env: [['PYTORCH_CUDA_ALLOC_CONF', 'expandable_segments:True']],
          },
        ],
      },
      /PYTORCH_CUDA_ALLOC_CONF is deprecated/,
    ],
  ])('GIVEN %s THEN it is reported', (_, snippet, problem) => {
    const found = audit([causeWith(snippet)]);
    expect(
      found.some((p) => problem.test(p)),
      found.join('\n'),
    ).toBe(true);
  });

  it('GIVEN the current forms THEN nothing is reported', () => {
    expect(
      audit([
        causeWith({ language: 'python', code: 'scaler = torch.amp.GradScaler("cuda")' }),
        causeWith({ steps: [{ kind: 'run', run: 'pip install torch --index-url {{torch.index}}' }] }),
        causeWith({
          steps: [
            {
              kind: 'run',
              run: 'python train.py',
              env: [
                ['PYTORCH_ALLOC_CONF', 'expandable_segments:True'],
                ['PYTORCH_CUDA_ALLOC_CONF', 'expandable_segments:True'],
              ],
            },
          ],
        }),
      ]),
    ).toEqual([]);
  });
});

describe('apiNames', () => {
  it.each([
    ['scaler = torch.amp.GradScaler("cuda")', ['torch.amp.GradScaler']],
    ['from torch.utils.checkpoint import checkpoint', ['torch.utils.checkpoint.checkpoint']],
    ["mixed_precision.set_global_policy('mixed_float16')", ['tf.keras.mixed_precision.set_global_policy']],
    ['model.classifier = nn.Linear(n, 10)', ['torch.nn.Linear']],
    ['see https://docs.pytorch.org/docs/stable/torch.load.html', []],
    ['pip install torch --index-url {{torch.index}}', []],
  ])('GIVEN %s THEN %j', (text, names) => {
    expect(apiNames(text)).toEqual(names);
  });
});
