// The one logging port every part of the bot writes through: a message that stays
// the same (so it can be searched for) and its data as fields. `child` adds fields to
// every line after it: the surface, the event being handled.

export type LogData = Record<string, unknown>;

export interface Logger {
  debug(message: string, data?: LogData): void;
  info(message: string, data?: LogData): void;
  warn(message: string, data?: LogData): void;
  error(message: string, data?: LogData): void;
  child(bindings: LogData): Logger;
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};
