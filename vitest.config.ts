import { defineConfig } from 'vitest/config';

// Three projects: `unit` needs nothing; `e2e` runs the built executable; `store` (the crash store and the weekly summary
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
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.e2e.test.ts', ...STORE],
        },
      },
      // Runs the built `crashbot` executable, so it builds dist/ first.
      {
        extends: true,
        test: { name: 'e2e', include: ['test/**/*.e2e.test.ts'], globalSetup: ['test/setup/build.ts'] },
      },
      { extends: true, test: { name: 'store', include: STORE, globalSetup: ['test/setup/postgres.ts'] } },
    ],
  },
});
