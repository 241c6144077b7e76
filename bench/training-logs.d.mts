export interface TrainingLogKind {
  name: string;
  what: string;
  crash: string;
  expect: string;
}
export const GENERATOR_VERSION: number;
export const KINDS: readonly TrainingLogKind[];
export function trainingLogLines(kind: TrainingLogKind, count: number, seed?: number): string[];
export function writeTrainingLog(path: string, kind: TrainingLogKind, size: number, seed?: number): void;
