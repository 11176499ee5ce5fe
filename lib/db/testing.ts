// Fresh, migrated databases for tests. Not imported by the app.
import { randomBytes } from "node:crypto";
import type { Logger } from "drizzle-orm";
import postgres from "postgres";
import { openPglite, openPostgres, type DbHandle } from "./client";

/** The PostgreSQL server the integration tests use (`.ci/run` makes sure it runs). */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres:postgres@127.0.0.1:5432";

export interface TestDb extends DbHandle {
  /** The connection URL (postgres) or null (in-memory PGlite). */
  url: string | null;
}

/**
 * A new database with a unique name on the real PostgreSQL server, migrated;
 * `close()` drops it. Create one per test file (in beforeAll) and close it in afterAll.
 */
export async function createTestPostgres(options: { max?: number; logger?: Logger } = {}): Promise<TestDb> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(`${TEST_POSTGRES_URL}/postgres`, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = `${TEST_POSTGRES_URL}/${name}`;
  const handle = await openPostgres(url, options);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = postgres(`${TEST_POSTGRES_URL}/postgres`, { max: 1, onnotice: () => {} });
      try {
        // FORCE: a test that failed mid-transaction may leave a connection behind.
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** An in-memory PGlite database, migrated (about 5 s to start: share one per file). */
export async function createTestPglite(options: { logger?: Logger } = {}): Promise<TestDb> {
  return { ...(await openPglite(undefined, options)), url: null };
}

/**
 * A logger that keeps the statements Drizzle sends, for tests that count a request's round
 * trips: `statements` since the last `reset()`.
 */
export function statementLog(): Logger & { statements: string[]; reset(): void } {
  const log = {
    statements: [] as string[],
    logQuery(query: string) {
      log.statements.push(query);
    },
    reset() {
      log.statements.length = 0;
    },
  };
  return log;
}

/**
 * Both drivers, for `describe.each(testDrivers)` so one suite runs against each;
 * TEST_DRIVERS=postgres (comma-separated names) narrows it, for mutation testing.
 */
export const testDrivers = ([
  { driver: "postgres", create: createTestPostgres },
  { driver: "pglite", create: createTestPglite },
] as const).filter((d) => !process.env.TEST_DRIVERS || process.env.TEST_DRIVERS.split(",").includes(d.driver));
