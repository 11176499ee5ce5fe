/**
 * The embedded defaults a newcomer runs on (README, Configuration), in a temporary
 * project folder: with no DATABASE_URL the app's database is PGlite in
 * .data/pglite (or PGLITE_DIR), kept on disk; with no AUTH_SECRET a secret is
 * generated once into .data/auth-secret (owner-only) and reused after a restart.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { getDb, openPglite, type DbHandle } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

const saved = { ...process.env };
let project: string;
const app = globalThis as { __courierDb?: Promise<DbHandle> };

/** Closes the app's database so the next getDb() opens it anew, as a restarted server would. */
async function restart(): Promise<void> {
  const opened = app.__courierDb;
  app.__courierDb = undefined;
  if (opened) await (await opened).close();
}

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "courier-defaults-"));
  vi.spyOn(process, "cwd").mockReturnValue(project);
  for (const name of ["DATABASE_URL", "PGLITE_DIR", "AUTH_SECRET"]) delete process.env[name];
});
afterEach(async () => {
  await restart();
});
afterAll(() => {
  vi.restoreAllMocks();
  process.env = saved;
  rmSync(project, { recursive: true, force: true });
});

describe("AUTH_SECRET unset", () => {
  it("a secret is generated once into .data/auth-secret, readable by its owner only, and reused", () => {
    const file = path.join(project, ".data", "auth-secret");
    expect(existsSync(file)).toBe(false);
    const secret = authSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(readFileSync(file, "utf8")).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart (or a second process) reads the same one: sign-in links stay valid.
    expect(authSecret()).toBe(secret);
    expect(readFileSync(file, "utf8")).toBe(secret);
  });

  it("a set AUTH_SECRET wins, and nothing is written", () => {
    const elsewhere = path.join(project, "other");
    process.env.AUTH_SECRET = "from-the-environment";
    try {
      expect(authSecret(elsewhere)).toBe("from-the-environment");
      expect(existsSync(elsewhere)).toBe(false);
    } finally {
      delete process.env.AUTH_SECRET;
    }
  });
});

describe("DATABASE_URL unset", () => {
  it("the app's database is PGlite in .data/pglite, migrated, and what it stores survives a restart", async () => {
    const folder = path.join(project, ".data", "pglite");
    expect(existsSync(folder)).toBe(false);
    const db = await getDb();
    await db.insert(users).values({ name: "Newcomer", email: "newcomer@example.test" });
    expect(existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
    await restart();
    const again = await getDb();
    expect(again).not.toBe(db);
    const [row] = await again.select().from(users).where(eq(users.name, "Newcomer"));
    expect(row?.email).toBe("newcomer@example.test");
  });

  it("PGLITE_DIR picks another folder", async () => {
    const folder = path.join(project, "elsewhere", "db");
    process.env.PGLITE_DIR = folder;
    try {
      const db = await getDb();
      await db.insert(users).values({ name: "Elsewhere", email: "elsewhere@example.test" });
      await restart();
      // The folder holds that database, and the default one knows nothing of it.
      const direct = await openPglite(folder);
      try {
        // The bots come with the migrations (drizzle/0007_bots.sql); the people are this folder's own.
        expect(await direct.db.select({ name: users.name }).from(users).where(isNull(users.botLevel))).toEqual([{ name: "Elsewhere" }]);
      } finally {
        await direct.close();
      }
      const defaults = await openPglite(path.join(project, ".data", "pglite"));
      try {
        const names = (await defaults.db.select({ name: users.name }).from(users)).map((u) => u.name);
        expect(names).not.toContain("Elsewhere");
      } finally {
        await defaults.close();
      }
    } finally {
      delete process.env.PGLITE_DIR;
    }
  });
});
