// Types of validate.mjs: Discord's checks on a message body.
export function messageProblem(
  body: Record<string, unknown>,
  fileCount?: number,
): { code: number; message: string } | null;
export function embedLength(embed: Record<string, unknown>): number;
