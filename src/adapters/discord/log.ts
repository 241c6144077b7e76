// The Discord front end's log: one line per event, with its data as JSON, through the
// writer the composition root gives (stderr). Never a token, never a user's paste: an
// error's message can quote what was sent, so every line is redacted.
import { redactSecrets } from '../../core/redact/index.js';

export interface DiscordLog {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

export function discordLog(write: (text: string) => void): DiscordLog {
  const line = (level: string, message: string, data?: Record<string, unknown>) =>
    write(redactSecrets(`discord ${level}: ${message}${data ? ` ${JSON.stringify(data)}` : ''}\n`).text);
  return {
    info: (message, data) => line('info', message, data),
    warn: (message, data) => line('warning', message, data),
  };
}
