export interface ThrowawayPostgres {
  url: string;
  port: number;
  dir: string;
  stop(): void;
}
export function findPostgresBin(): string | null;
export function startThrowawayPostgres(): Promise<ThrowawayPostgres>;
