/**
 * lib/db/prepared.ts: a query built once runs on whichever executor it is given — inside that
 * executor's transaction, seen by that executor's statement log — on PostgreSQL and on PGlite.
 */
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Db, type DbHandle } from "@/lib/db/client";
import { preparedQuery, preparedStatement } from "@/lib/db/prepared";
import * as schema from "@/lib/db/schema";
import { users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";

let built = 0;
const nameOf = preparedQuery((ex) => {
  built++;
  return ex.select({ name: users.name }).from(users).where(eq(users.email, sql.placeholder("email"))).for("update").prepare("name_of");
});
const rename = preparedStatement<{ name: string }>(() =>
  sql`update ${users} set name = ${sql.placeholder("name")} where ${users.email} = ${sql.placeholder("email")} returning ${users.name}`);

describe("a query built once (preparedQuery)", () => {
  let handle: TestDb;
  let pglite: DbHandle;

  beforeAll(async () => {
    handle = await createTestPostgres();
    pglite = await openPglite();
    for (const db of [handle.db, pglite.db]) await db.insert(users).values({ name: "Alice", email: "alice@example.test" });
  });
  afterAll(async () => {
    await pglite?.close();
    await handle?.close();
  });

  it("is built once and runs on PostgreSQL and on PGlite alike, answering rows from both", async () => {
    built = 0;
    for (const db of [handle.db, pglite.db, handle.db, pglite.db]) {
      expect(await nameOf(db, { email: "alice@example.test" })).toEqual([{ name: "Alice" }]);
    }
    // Once per driver: the second round on each reused the first's.
    expect(built).toBe(2);
    for (const db of [handle.db, pglite.db]) {
      expect(await rename(db, { name: "Alicia", email: "alice@example.test" })).toEqual([{ name: "Alicia" }]);
      expect(await rename(db, { name: "Alice", email: "alice@example.test" })).toEqual([{ name: "Alice" }]);
    }
  });

  it("runs in the transaction it is given: its row lock is that transaction's, and a rollback undoes its write", async () => {
    const other = postgres(handle.url!, { max: 1, onnotice: () => {}, fetch_types: false });
    try {
      await handle.db.transaction(async (tx) => {
        await nameOf(tx, { email: "alice@example.test" });
        // Held until this transaction ends: another connection cannot take the row meanwhile.
        await expect(other`select 1 from users where email = 'alice@example.test' for update nowait`).rejects.toThrow(/could not obtain lock/);
        await rename(tx, { name: "Rolled back", email: "alice@example.test" });
        tx.rollback();
      }).catch((e: unknown) => {
        if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
      });
      expect(await other`select name from users where email = 'alice@example.test' for update nowait`).toEqual([{ name: "Alice" }]);
    } finally {
      await other.end();
    }
  });

  it("is seen by the statement log of the executor it runs on, not of the one it was built on", async () => {
    const client = postgres(handle.url!, { max: 1, onnotice: () => {}, fetch_types: false });
    const statements: string[] = [];
    const logged = drizzle({ client, schema, logger: { logQuery: (q) => statements.push(q) } }) as unknown as Db;
    try {
      await nameOf(logged, { email: "alice@example.test" });
      await logged.transaction((tx) => rename(tx, { name: "Alice", email: "alice@example.test" }));
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/^select "name" from "users" .*for update$/);
      expect(statements[1]).toMatch(/^update "users" set name/);
    } finally {
      await client.end();
    }
  });
});
