// The shape of knowledge/causes/<id>.yaml.
import { z } from 'zod';
import { causeSnippetSchema, checkSchema } from './remedy-schema.js';

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
const text = z.string().trim().min(1, 'must not be empty');
const framework = z.enum(['tensorflow', 'keras', 'pytorch', 'jax', 'transformers', 'lightning', 'other']);
const os = z.enum(['windows', 'linux', 'macos', 'wsl']);
const pattern = z.string().min(1, 'must not be empty');

export const conditionSchema = z
  .strictObject({
    frameworks: z.array(framework).min(1).optional(),
    os: z.array(os).min(1).optional(),
    exit: z.array(text).min(1).optional(),
    seen: z.array(pattern).min(1).optional(),
    anySeen: z.array(pattern).min(1).optional(),
    /** The exit code is the log's only evidence: no other rule fired on a line of it. */
    bare: z.literal(true).optional(),
  })
  .refine(
    (c) => Object.keys(c).length > 0,
    'a condition needs at least one of frameworks, os, exit, seen, anySeen, bare',
  );

export const ruleSchema = z
  .strictObject({
    id,
    kind: z.enum(['error', 'fallback', 'context']).default('error'),
    weight: z.number().gt(0).max(1),
    match: pattern.optional(),
    exit: z.array(text).min(1).optional(),
    case: z.enum(['sensitive', 'insensitive']).default('insensitive'),
    /** The line is a symptom several causes produce (a cuDNN status, a CPU fallback): a failed version check of another cause outranks it. */
    symptom: z.boolean().optional(),
    when: conditionSchema.optional(),
    unless: conditionSchema.optional(),
    explain: text.optional(),
  })
  .refine((r) => (r.match === undefined) !== (r.exit === undefined), {
    message: 'a rule needs exactly one trigger: match (a line pattern) or exit (exit code names)',
  });

export const causeFileSchema = z.strictObject({
  id,
  title: text,
  summary: text,
  explanation: text,
  sources: z.array(text).min(1, 'every cause needs at least one source'),
  rules: z.array(ruleSchema).min(1, 'a cause needs at least one rule'),
  checks: z.array(checkSchema).default([]),
  snippets: z.array(causeSnippetSchema).default([]),
  /** What to paste next; an item with frameworks is for logs of those (other: no framework seen, or another one). */
  next: z.array(z.union([text, z.strictObject({ text, frameworks: z.array(framework).min(1) })])).default([]),
});

export type CauseFile = z.infer<typeof causeFileSchema>;
export type RuleInput = z.infer<typeof ruleSchema>;
export type ConditionInput = z.infer<typeof conditionSchema>;
