import { defineConfig } from 'vitest/config';

// Two projects: `unit` needs nothing; `store` (the crash store and the weekly summary
// jobs) gets a throwaway PostgreSQL server from test/setup/postgres.ts, so the same
// suite runs against SQLite and a real PostgreSQL.
const STORE = ['test/store/**/*.test.ts', 'test/app/summary/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary'] },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...STORE] },
      },
      { extends: true, test: { name: 'store', include: STORE, globalSetup: ['test/setup/postgres.ts'] } },
    ],
  },
});
