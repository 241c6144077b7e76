// The Discord front end's log: one line per event, with its data as JSON, through the
// writer the composition root gives (stderr). Never a token, never a user's paste.
export interface DiscordLog {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

export function discordLog(write: (text: string) => void): DiscordLog {
  const line = (level: string, message: string, data?: Record<string, unknown>) =>
    write(`discord ${level}: ${message}${data ? ` ${JSON.stringify(data)}` : ''}\n`);
  return {
    info: (message, data) => line('info', message, data),
    warn: (message, data) => line('warning', message, data),
  };
}
