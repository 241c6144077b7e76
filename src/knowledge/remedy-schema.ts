// The shape of the `checks:` and `snippets:` of knowledge/causes/<id>.yaml: remedies with
// the situations they apply to, and shell commands written as steps (see core/remedies).
import { z } from 'zod';
import { EVIDENCE_TAGS, SHELLS } from '../core/remedies/types.js';

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
const text = z.string().trim().min(1, 'must not be empty');
const framework = z.enum(['tensorflow', 'keras', 'pytorch', 'jax', 'transformers', 'lightning', 'other']);
const os = z.enum(['windows', 'linux', 'macos', 'wsl']);
const evidence = z.enum(EVIDENCE_TAGS as [string, ...string[]]);
const shell = z.enum(SHELLS as [string, ...string[]]);
const varName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name');
/** A value every shell can set as it is: no quotes, no expansion characters. */
const envValue = z
  .string()
  .min(1)
  .regex(/^[^"'$%`!\n^&|<>]*$/, 'must not hold quotes, $, %, `, !, ^, &, |, <, > or a newline')
  .refine(
    (v) => !v.endsWith('\\') && !v.includes('\\\\'),
    'must not end in a backslash or hold two in a row',
  );
const envMap = z
  .record(varName, z.union([envValue, z.number(), z.boolean()]).transform(String))
  .refine((m) => Object.keys(m).length > 0, 'must name at least one variable');
/** ">=2.11", "<2.11,>=2.5" */
const bounds = z
  .string()
  .regex(
    /^\s*(?:==|>=|<=|>|<)\s*\d+(?:\.\d+)*(?:\s*,\s*(?:==|>=|<=|>|<)\s*\d+(?:\.\d+)*)*\s*$/,
    'must be bounds such as ">=2.11" or ">=2.5,<2.11"',
  );

export const conditionSchema = z
  .strictObject({
    os: z.array(os).min(1).optional(),
    shells: z.array(shell).min(1).optional(),
    frameworks: z.array(framework).min(1).optional(),
    exit: z.array(text).min(1).optional(),
    evidence: z.array(evidence).min(1).optional(),
    anyEvidence: z.array(evidence).min(1).optional(),
    candidates: z.array(id).min(1).optional(),
    known: z.array(z.string().min(1)).min(1).optional(),
    versions: z.record(z.string(), bounds).optional(),
    computeCapability: bounds.optional(),
  })
  .refine((c) => Object.keys(c).length > 0, 'a condition needs at least one field');

const note = text.optional();

const fileName = z.string().regex(/^(?:[A-Za-z0-9_.*-]|\{\{[a-z0-9.-]+\}\})+$/, 'must be a file name');

/** Each kind of step, by the key that names it. */
const STEP_KINDS = {
  run: z.strictObject({
    run: text,
    env: envMap.optional(),
    filter: z
      .array(z.string().regex(/^[A-Za-z0-9_.-]+$/, 'must be a plain word'))
      .min(1)
      .optional(),
    note,
  }),
  set: z.strictObject({ set: envMap, note }),
  unset: z.strictObject({ unset: z.array(varName).min(1), note }),
  show: z.strictObject({ show: z.array(varName).min(1), note }),
  prepend: z.strictObject({ prepend: z.record(varName, envValue), note }),
  where: z.strictObject({ where: z.array(fileName).min(1), note }),
  comment: z.strictObject({ comment: text }),
  literal: z.strictObject({
    bash: text.optional(),
    powershell: text.optional(),
    cmd: text.optional(),
    note,
  }),
};
type StepKinds = typeof STEP_KINDS;
type AnyStep = { [K in keyof StepKinds]: z.infer<StepKinds[K]> }[keyof StepKinds];

/** A step: the schema of its kind, chosen by its key, so a problem names the step's own field. */
export const stepSchema = z.unknown().transform((value, ctx): AnyStep => {
  const keys = value && typeof value === 'object' ? Object.keys(value) : [];
  const kind = (['run', 'set', 'unset', 'show', 'prepend', 'where', 'comment'] as const).find((k) =>
    keys.includes(k),
  );
  const literal = keys.some((k) => k === 'bash' || k === 'powershell' || k === 'cmd');
  if (!kind && !literal) {
    ctx.addIssue({
      code: 'custom',
      message: 'a step needs one of run, set, unset, show, prepend, where, comment, or bash/powershell/cmd',
    });
    return z.NEVER;
  }
  const parsed = STEP_KINDS[kind ?? 'literal'].safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return parsed.data as AnyStep;
});

const remedyBase = {
  id,
  when: conditionSchema.optional(),
  unless: conditionSchema.optional(),
  source: text.optional(),
};

export const checkSchema = z.strictObject({
  ...remedyBase,
  text,
  steps: z.array(stepSchema).min(1).optional(),
});

export const snippetSchema = z
  .strictObject({
    ...remedyBase,
    framework: z.enum(['tensorflow', 'pytorch', 'jax', 'shell', 'any']),
    title: text,
    steps: z.array(stepSchema).min(1).optional(),
    code: text.optional(),
    language: z.enum(['python', 'yaml', 'text', 'dockerfile', 'ini']).optional(),
    group: id.optional(),
    keepsClean: z.array(varName).min(1).optional(),
  })
  .refine((s) => (s.steps === undefined) !== (s.code === undefined), {
    message: 'a snippet needs exactly one of steps (shell commands) or code (with its language)',
  })
  .refine((s) => s.code === undefined || s.language !== undefined, {
    message: 'code needs its language',
    path: ['language'],
  });

/** A snippet of knowledge/remedies/snippets.yaml, used by id; `when`/`unless` given here replace its own. */
export const useSchema = z.strictObject({
  use: id,
  when: conditionSchema.optional(),
  unless: conditionSchema.optional(),
});

export const causeSnippetSchema = z.union([useSchema, snippetSchema]);

export const libraryFileSchema = z.strictObject({
  snippets: z.array(snippetSchema).min(1),
});

export type UseInput = z.infer<typeof useSchema>;
export type StepInput = z.infer<typeof stepSchema>;
export type RemedyConditionInput = z.infer<typeof conditionSchema>;
export type CheckInput = z.infer<typeof checkSchema>;
export type SnippetInput = z.infer<typeof snippetSchema>;
