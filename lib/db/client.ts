import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { z } from "zod";
import { migratePglite, migratePostgres } from "./migrate";
import * as schema from "./schema";

/** The database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, as passed to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that runs queries: functions that must join the caller's transaction take this. */
export type Executor = Db | Tx;

export interface DbHandle {
  db: Db;
  /** Applies pending migrations from drizzle/ (idempotent; `open*` already did it once). */
  migrate(): Promise<void>;
  /**
   * LISTENs on `channel` on a connection of its own (postgres.js keeps one for all its
   * listens and reconnects it; PGlite listens in process). `onListening` runs each time
   * the LISTEN is (re)established: notifications sent while it was down are lost, so
   * callers read again what they watch. Resolves to the unlisten.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListening: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PGlite: on disk under `dataDir`, or in memory when it is omitted. PGlite takes no
 * lock, so only one process may open a given folder.
 */
export async function openPglite(dataDir?: string, options: { logger?: Logger } = {}): Promise<DbHandle> {
  // PGlite creates only the last folder of its path.
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const db = drizzlePglite({ client, schema, logger: options.logger });
  const handle: DbHandle = {
    db,
    migrate: () => migratePglite(db),
    async listen(channel, onPayload, onListening) {
      const unlisten = await client.listen(channel, onPayload);
      onListening();
      return () => unlisten();
    },
    close: () => client.close(),
  };
  await handle.migrate();
  return handle;
}

/**
 * PostgreSQL through postgres.js, migrated on open. `logger` sees every statement Drizzle sends
 * (tests count a request's round trips with it).
 */
export async function openPostgres(url: string, options: { max?: number; logger?: Logger } = {}): Promise<DbHandle> {
  const client = postgres(url, {
    max: options.max ?? 10,
    // Re-run migrations and IF NOT EXISTS emit harmless NOTICEs.
    onnotice: () => {},
    // No array-type lookup on connect: the schema has no arrays, and a connection
    // dropped during that lookup is an unhandled rejection in postgres 3.4.9, fatal to
    // the worker process (tests/integration/faults.test.ts; scripts/patch-postgres.mjs).
    fetch_types: false,
    // Reconnect within a second once the database is back. The driver's default
    // grows to 10–20 s after a burst of failed attempts (a restart under load), and
    // requests wait that long for a connection.
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
  });
  const handle: DbHandle = {
    db: drizzlePostgres({ client, schema, logger: options.logger }),
    migrate: () => migratePostgres(url),
    async listen(channel, onPayload, onListening) {
      const { unlisten } = await client.listen(channel, onPayload, onListening);
      return unlisten;
    },
    // A connection the database dropped mid-transaction can keep end() waiting: bound it.
    close: () => client.end({ timeout: 5 }),
  };
  try {
    await handle.migrate();
  } catch (error) {
    await client.end();
    throw error;
  }
  return handle;
}

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  // A separate folder lets e2e runs and dev servers avoid sharing one PGlite folder.
  PGLITE_DIR: z.string().min(1).optional(),
  // Each process's connections: with several app processes and workers, their sum must stay under PostgreSQL's max_connections.
  DATABASE_POOL: z.coerce.number({ message: "DATABASE_POOL must be a number of connections" })
    .int("DATABASE_POOL must be a whole number of connections")
    .min(1, "DATABASE_POOL must be 1 to 100 connections").max(100, "DATABASE_POOL must be 1 to 100 connections")
    .optional(),
});

/** Where the app's database is and how many connections a process keeps to it, from the environment (README's table). */
export function databaseSettings(env: Record<string, string | undefined> = process.env) {
  return envSchema.parse({
    DATABASE_URL: env.DATABASE_URL || undefined,
    PGLITE_DIR: env.PGLITE_DIR || undefined,
    DATABASE_POOL: env.DATABASE_POOL || undefined,
  });
}

/** The database the environment names (databaseSettings), opened and migrated. */
export function openFromEnv(environment: Record<string, string | undefined> = process.env): Promise<DbHandle> {
  const env = databaseSettings(environment);
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, { max: env.DATABASE_POOL });
  // The ignore comment keeps Turbopack from tracing the whole project into the build
  // because of a path only known at run time.
  return openPglite(path.resolve(/*turbopackIgnore: true*/ env.PGLITE_DIR ?? path.join(process.cwd(), ".data", "pglite")));
}

// On globalThis so the dev server's hot reloads reuse the one instance instead of
// opening the PGlite folder a second time.
const holder = globalThis as typeof globalThis & { __courierDb?: Promise<DbHandle> };

/**
 * The app's database: postgres.js when DATABASE_URL is set, else PGlite under
 * .data/pglite (or PGLITE_DIR). Opened and migrated on first use.
 */
export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

/** The app's database handle (getDb's), for what needs more than queries: its listens. */
export function getDbHandle(): Promise<DbHandle> {
  if (!holder.__courierDb) {
    const opening = openFromEnv();
    holder.__courierDb = opening;
    // A failed open (server down, bad URL) is retried by the next caller.
    opening.catch(() => {
      if (holder.__courierDb === opening) holder.__courierDb = undefined;
    });
  }
  return holder.__courierDb;
}

/** True when `error` (or its cause, as Drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const details = e as Error & { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (details.code === "23505") {
      return constraint === undefined || (details.constraint ?? details.constraint_name) === constraint;
    }
  }
  return false;
}
