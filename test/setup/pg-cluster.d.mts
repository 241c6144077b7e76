export interface ThrowawayPostgres {
  url: string;
  port: number;
  dir: string;
  stop(): void;
  /** Stops the server: `fast` ends sessions cleanly, `immediate` kills them (recovery at the next start). */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same port after `halt`. */
  resume(): Promise<void>;
}
export function findPostgresBin(): string | null;
export function startThrowawayPostgres(options?: { durable?: boolean }): Promise<ThrowawayPostgres>;
