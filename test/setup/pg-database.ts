// A fresh database per test file on the shared throwaway server, dropped afterwards.
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(serverUrl: string, prefix = 'crashbot_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
