export function checkMessage(
  message: { text?: unknown; blocks?: unknown },
  hasFile?: (id: string) => boolean,
): string | null;
