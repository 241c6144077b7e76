// Vitest globalSetup for the store project: starts one throwaway PostgreSQL server
// and provides its URL as `pgUrl`. With TEST_DATABASE_URL set, that server is used
// instead. Without PostgreSQL installed the PostgreSQL suites are skipped, except in
// CI, where that is an error.
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres, type ThrowawayPostgres } from './pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    return () => {};
  }
  let server: ThrowawayPostgres;
  try {
    server = await startThrowawayPostgres();
  } catch (e) {
    if ((e as { code?: string }).code === 'PG_NOT_INSTALLED' && process.env.CI !== 'true') {
      console.warn(`[store tests] ${(e as Error).message}: the PostgreSQL suites are skipped`);
      project.provide('pgUrl', null);
      return () => {};
    }
    throw e;
  }
  project.provide('pgUrl', server.url);
  return () => server.stop();
}
