// Frameworks that behave as one for rules, checks and remedies: Keras runs on TensorFlow,
// Lightning and transformers on PyTorch.
import type { Framework } from './types.js';

export type FrameworkFamily = 'tensorflow' | 'pytorch' | 'jax' | 'other';

export const FRAMEWORK_FAMILY: Readonly<Record<Framework, FrameworkFamily>> = {
  tensorflow: 'tensorflow',
  keras: 'tensorflow',
  pytorch: 'pytorch',
  transformers: 'pytorch',
  lightning: 'pytorch',
  jax: 'jax',
  other: 'other',
};
