import { readFileSync } from "node:fs";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { asc, eq, sql } from "drizzle-orm";
import { pgSchema, text } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSettings, isUniqueViolation, openFromEnv, type Db } from "@/lib/db/client";
import { migratePostgres } from "@/lib/db/migrate";
import { accounts, games, invitations, moves, sessions, users, verificationTokens } from "@/lib/db/schema";
import { createTestPostgres, TEST_POSTGRES_URL, testDrivers, type TestDb } from "@/lib/db/testing";

// Raw db.execute results differ by driver, so read the catalogue through the query builder.
const infoTables = pgSchema("information_schema").table("tables", {
  tableName: text("table_name").notNull(),
  tableSchema: text("table_schema").notNull(),
});

const FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

describe.each(testDrivers)("schema and migrations on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  beforeAll(async () => {
    handle = await create();
    db = handle.db;
  });
  afterAll(() => handle?.close());

  async function newUser(name: string | null = null) {
    const [user] = await db
      .insert(users)
      .values({ email: `${crypto.randomUUID()}@example.test`, name })
      .returning();
    return user;
  }

  it("creates every table, and re-running migrations changes nothing", async () => {
    const tables = async () =>
      (
        await db
          .select({ name: infoTables.tableName })
          .from(infoTables)
          .where(eq(infoTables.tableSchema, "public"))
      ).map((r) => r.name).sort();
    const before = await tables();
    expect(before).toEqual([
      "accounts",
      "chat_messages",
      "chat_mutes",
      "chat_reports",
      "conditional_moves",
      "dev_mailbox",
      "email_outbox",
      "game_eliminations",
      "game_notes",
      "game_seats",
      "games",
      "invitations",
      "moves",
      "preset_versions",
      "presets",
      "rate_events",
      "reply_stops",
      "reply_tokens",
      "sessions",
      "users",
      "verification_tokens",
    ]);
    await handle.migrate();
    expect(await tables()).toEqual(before);
  });

  it("gives users their preference defaults", async () => {
    const user = await newUser();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user).toMatchObject({ name: null, notify: "every-move", boardOrientation: "player", confirmMoves: true });
  });

  it("keeps display names unique regardless of case, while many users have none", async () => {
    await newUser();
    await newUser();
    await newUser("Alice");
    const error = await newUser("aLICE").catch((e: unknown) => e);
    expect(isUniqueViolation(error, "users_name_lower_key")).toBe(true);
    expect(isUniqueViolation(error, "some_other_constraint")).toBe(false);
    expect(isUniqueViolation(new Error("unrelated"))).toBe(false);
  });

  it("refuses a second move at the same ply", async () => {
    const [white, black] = [await newUser(), await newUser()];
    const [game] = await db
      .insert(games)
      .values({ variant: "chess", whiteId: white.id, blackId: black.id, status: "active", startFen: FEN, currentFen: FEN, daysPerMove: 3 })
      .returning();
    expect(game).toMatchObject({ ply: 0, visibility: "public", result: null });
    const move = { gameId: game.id, ply: 1, text: "P e2-e4", fenAfter: FEN, playerId: white.id };
    await db.insert(moves).values(move);
    const error = await db.insert(moves).values({ ...move, text: "P d2-d4" }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("enforces the game invariants", async () => {
    const [white, black] = [await newUser(), await newUser()];
    const base = { variant: "chess", startFen: FEN, currentFen: FEN, daysPerMove: 3 };
    // An open challenge may lack either colour...
    await db.insert(games).values({ ...base, blackId: black.id });
    // ...an active game may not; a finished game needs a result and only it has one.
    await expect(db.insert(games).values({ ...base, whiteId: white.id, status: "active" })).rejects.toThrow();
    await expect(
      db.insert(games).values({ ...base, whiteId: white.id, blackId: black.id, status: "finished" }),
    ).rejects.toThrow();
    await expect(
      db.insert(games).values({ ...base, whiteId: white.id, blackId: black.id, status: "active", result: "1-0" }),
    ).rejects.toThrow();
    await expect(db.insert(games).values({ ...base, whiteId: white.id, blackId: white.id })).rejects.toThrow();
    await db.insert(games).values({ ...base, whiteId: white.id, blackId: black.id, status: "finished", result: "1/2-1/2" });
  });

  it("generates distinct invitation tokens and requires a target for direct invitations", async () => {
    const [from, to] = [await newUser(), await newUser()];
    const [game] = await db
      .insert(games)
      .values({ variant: "chess", whiteId: from.id, startFen: FEN, currentFen: FEN, daysPerMove: 3 })
      .returning();
    const [a, b] = await db
      .insert(invitations)
      .values([
        { gameId: game.id, fromId: from.id, kind: "link" },
        { gameId: game.id, fromId: from.id, kind: "user", toUserId: to.id },
      ])
      .returning();
    expect(a.token).toMatch(/^[0-9a-f]{32}$/);
    expect(a.token).not.toBe(b.token);
    expect(b.status).toBe("pending");
    await expect(db.insert(invitations).values({ gameId: game.id, fromId: from.id, kind: "user" })).rejects.toThrow();
    await expect(db.insert(invitations).values({ gameId: game.id, fromId: from.id, kind: "email" })).rejects.toThrow();
  });

  it("rolls a failed transaction back", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ email });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("serves the Auth.js adapter: users, sessions, verification tokens", async () => {
    const adapter = DrizzleAdapter(db, {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    });
    const email = `${crypto.randomUUID()}@example.test`;
    const created = await adapter.createUser!({ id: "ignored", email, emailVerified: null });
    expect(created.id).not.toBe("ignored");
    expect(await adapter.getUserByEmail!(email)).toMatchObject({ id: created.id, notify: "every-move" });

    const expires = new Date(Date.now() + 86_400_000);
    await adapter.createSession!({ sessionToken: "tok-" + created.id, userId: created.id, expires });
    const found = await adapter.getSessionAndUser!("tok-" + created.id);
    expect(found?.user.id).toBe(created.id);
    expect(found?.session.expires.getTime()).toBe(expires.getTime());

    await adapter.createVerificationToken!({ identifier: email, token: "hashed", expires });
    expect(await adapter.useVerificationToken!({ identifier: email, token: "hashed" })).toMatchObject({ token: "hashed" });
    expect(await adapter.useVerificationToken!({ identifier: email, token: "hashed" })).toBeNull();
  });
});

describe("migrations on PostgreSQL", () => {
  it("serialise when several processes start at once", async () => {
    const name = `test_migrate_${crypto.randomUUID().replaceAll("-", "")}`;
    const admin = postgres(`${TEST_POSTGRES_URL}/postgres`, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    try {
      const url = `${TEST_POSTGRES_URL}/${name}`;
      await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);
      const check = postgres(url, { max: 1 });
      const applied = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
      await check.end();
      // Each migration once, however many processes raced to apply it.
      const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
      expect(applied[0].n).toBe(journal.entries.length);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

describe("the database's settings", () => {
  it("read the pool's size from DATABASE_POOL, refusing what is not 1 to 100 connections", () => {
    expect(databaseSettings({ DATABASE_URL: "postgres://db/app" })).toEqual({ DATABASE_URL: "postgres://db/app" });
    expect(databaseSettings({ DATABASE_URL: "postgres://db/app", DATABASE_POOL: "20" }).DATABASE_POOL).toBe(20);
    for (const bad of ["0", "101", "2.5", "many", "-3"]) {
      expect(() => databaseSettings({ DATABASE_POOL: bad }), bad).toThrow(/DATABASE_POOL must be/);
    }
    expect(() => databaseSettings({ DATABASE_URL: "mysql://db/app" })).toThrow(/DATABASE_URL must be a postgres/);
  });

  it("keep a process to its pool's size, however many statements wait", async () => {
    const test = await createTestPostgres();
    const pids = async (db: Db) => new Set((await Promise.all(Array.from({ length: 6 }, () =>
      db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`) as unknown as Promise<{ pid: number }[]>))).map(([r]) => r.pid)).size;
    try {
      for (const [pool, connections] of [["2", 2], ["", 6]] as const) {
        const handle = await openFromEnv({ DATABASE_URL: test.url!, DATABASE_POOL: pool });
        try {
          expect(await pids(handle.db), `DATABASE_POOL=${pool}`).toBe(connections);
        } finally {
          await handle.close();
        }
      }
    } finally {
      await test.close();
    }
  });
});
