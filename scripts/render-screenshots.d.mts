// Types of render-screenshots.mjs, for the TypeScript tests.
export const THEMES: Record<string, { bg: string; fg: string; size: number; width: number; pad: number }>;
export function renderScreenshot(lines: readonly string[], theme: string): Buffer;
export function fixtureTail(path: string, n?: number): string[];
export function screenshotCases(): { cause: string; file: string; theme: string }[];
