import path from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgresJs } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePgliteDb } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";

// Read at run time from the working directory, so deployments ship drizzle/.
const migrationsFolder = path.join(process.cwd(), "drizzle");

export async function migratePglite(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder });
}

// Any constant shared by every process of this app.
const MIGRATION_LOCK = 72_114_001;

/**
 * Several processes (app servers, the mail worker) may start at once; Drizzle's
 * migrator does not serialise them, so hold an advisory lock on one dedicated
 * connection for the duration.
 */
export async function migratePostgres(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgresJs(drizzlePostgres({ client: sql }), { migrationsFolder });
  } finally {
    // Closing the session releases the lock.
    await sql.end();
  }
}
