/**
 * The import action's size limits (lib/games/record-limits.ts), called as the form
 * calls it, with the session and redirect replaced by stand-ins and a real
 * database: a file or pasted record over the limit gets the message the page shows,
 * and nothing is stored; one at the limit imports.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, users, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { FILE_TOO_LARGE, MAX_RECORD_BYTES, RECORD_TOO_LARGE } from "@/lib/games/record-limits";
import { importRecord } from "@/lib/games/records";
import { wipe } from "../support/games";

const ctx = vi.hoisted(() => {
  class Redirect extends Error {
    constructor(readonly url: string) {
      super(`NEXT_REDIRECT ${url}`);
    }
  }
  return { Redirect, user: null as User | null, db: null as unknown };
});
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new ctx.Redirect(url);
  },
}));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ requireUser: async () => ctx.user }));

import { importGame } from "@/app/import/actions";

const RECORD = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';
/** The record, padded with a comment to exactly `bytes` bytes. */
const padded = (bytes: number) => `${RECORD}{${"x".repeat(bytes - RECORD.length - 3)}}\n`;

function form(fields: { record?: string; file?: File }): FormData {
  const f = new FormData();
  f.set("record", fields.record ?? "");
  if (fields.file) f.set("file", fields.file);
  f.set("visibility", "public");
  return f;
}

async function submit(fields: { record?: string; file?: File }) {
  try {
    return await importGame({ error: null, text: "" }, form(fields));
  } catch (e) {
    if (e instanceof ctx.Redirect) return { redirect: e.url };
    throw e;
  }
}

describe("import action size limits", () => {
  let handle: TestDb;
  let db: Db;
  const stored = async () => (await db.select({ n: count() }).from(games))[0].n;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    db = handle.db;
    ctx.db = db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await wipe(db, true);
    [ctx.user] = await db.insert(users).values({ name: "Importer", email: "importer@example.test" }).returning();
  });

  it("a file over the limit gets the message, and nothing is read or stored", async () => {
    expect(padded(MAX_RECORD_BYTES)).toHaveLength(MAX_RECORD_BYTES);
    for (const size of [1_500_000, MAX_RECORD_BYTES + 1]) {
      const file = new File([padded(size)], "big.pgn");
      expect(await submit({ record: "1. e4", file })).toEqual({ error: FILE_TOO_LARGE, text: "1. e4" });
    }
    expect(FILE_TOO_LARGE).toBe("The file is too large (limit 500 kB).");
    expect(await stored()).toBe(0);
  });

  it("pasted text over the limit, counted in bytes as it is sent", async () => {
    // 170,000 characters, but three bytes each.
    expect(await submit({ record: `${RECORD}{${"♞".repeat(170_000)}}` })).toEqual({ error: RECORD_TOO_LARGE, text: "" });
    expect(await submit({ record: padded(MAX_RECORD_BYTES + 1) })).toEqual({ error: RECORD_TOO_LARGE, text: "" });
    expect(await stored()).toBe(0);
    expect(await importRecord(db, ctx.user!.id, padded(MAX_RECORD_BYTES + 1), "public")).toEqual({ ok: false, error: RECORD_TOO_LARGE });
  });

  it("a file or pasted record of exactly the limit imports", async () => {
    expect(await submit({ file: new File([padded(MAX_RECORD_BYTES)], "game.pgn") })).toEqual({ redirect: expect.stringMatching(/^\/games\/[0-9a-f-]{36}$/) });
    expect(await submit({ record: padded(MAX_RECORD_BYTES) })).toEqual({ redirect: expect.stringMatching(/^\/games\/[0-9a-f-]{36}$/) });
    expect(await stored()).toBe(2);
  });

  it("a file in the record field, or no visibility, is refused with a message", async () => {
    const f = form({});
    f.set("record", new File(["1. e4"], "x.txt"));
    expect(await importGame({ error: null, text: "" }, f)).toEqual({ error: "Paste the record as text.", text: "" });
    f.set("record", RECORD);
    f.delete("visibility");
    expect(await importGame({ error: null, text: "" }, f)).toEqual({ error: "Choose who may see the game.", text: RECORD });
  });
});
