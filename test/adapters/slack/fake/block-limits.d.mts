export function checkMessage(message: { text?: unknown; blocks?: unknown }): string | null;
