import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseDisplayName, displayNameSchema, updateSettings } from "@/lib/auth/profile";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";

describe("display names", () => {
  it("accept 3 to 20 letters, digits, - and _", () => {
    for (const good of ["abc", "Knight_Rider-7", "a".repeat(20), "  padded  "]) expect(displayNameSchema.safeParse(good).success).toBe(true);
    for (const bad of ["ab", "a".repeat(21), "two words", "Ünïcode", "a/b", "<b>", ""]) expect(displayNameSchema.safeParse(bad).success).toBe(false);
  });
});

describe.each(testDrivers)("profile on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  beforeAll(async () => {
    handle = await create();
    db = handle.db;
  });
  afterAll(() => handle?.close());

  const newUser = async () =>
    (await db.insert(users).values({ email: `${crypto.randomUUID()}@example.test` }).returning())[0];
  const load = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

  it("lets a new user choose a free name once", async () => {
    const [a, b] = [await newUser(), await newUser()];
    expect(await chooseDisplayName(db, a.id, " Morphy ")).toEqual({ ok: true });
    expect((await load(a.id)).name).toBe("Morphy");
    expect(await chooseDisplayName(db, b.id, "MORPHY")).toEqual({ ok: false, error: "name-taken" });
    expect((await load(b.id)).name).toBeNull();
    expect(await chooseDisplayName(db, a.id, "Anderssen")).toEqual({ ok: false, error: "name-already-chosen" });
    expect((await load(a.id)).name).toBe("Morphy");
    await expect(chooseDisplayName(db, b.id, "no spaces allowed")).rejects.toThrow();
  });

  it("saves settings, keeping names unique", async () => {
    const [a, b] = [await newUser(), await newUser()];
    await chooseDisplayName(db, a.id, "Steinitz");
    const settings = { name: "Lasker", notify: "digest", boardOrientation: "white", confirmMoves: false } as const;
    expect(await updateSettings(db, b.id, settings)).toEqual({ ok: true });
    expect(await load(b.id)).toMatchObject(settings);
    expect(await updateSettings(db, b.id, { ...settings, name: "steinitz" })).toEqual({ ok: false, error: "name-taken" });
    expect((await load(b.id)).name).toBe("Lasker");
    // Changing only the case of one's own name is allowed.
    expect(await updateSettings(db, b.id, { ...settings, name: "LASKER" })).toEqual({ ok: true });
    await expect(updateSettings(db, b.id, { ...settings, notify: "hourly" as never })).rejects.toThrow();
  });

  it("keeps the piece set and shogi coordinates: traditional and off at first, as chosen after, untouched when left out", async () => {
    const u = await newUser();
    expect(await load(u.id)).toMatchObject({ pieceSet: "traditional", shogiCoordinates: false });
    const settings = { name: "Sakata", notify: "none", boardOrientation: "player", confirmMoves: true } as const;
    expect(await updateSettings(db, u.id, { ...settings, pieceSet: "western", shogiCoordinates: true })).toEqual({ ok: true });
    expect(await load(u.id)).toMatchObject({ pieceSet: "western", shogiCoordinates: true });
    // A caller that does not know these settings leaves them as they are.
    expect(await updateSettings(db, u.id, { ...settings, name: "Sakata2" })).toEqual({ ok: true });
    expect(await load(u.id)).toMatchObject({ name: "Sakata2", pieceSet: "western", shogiCoordinates: true });
    await expect(updateSettings(db, u.id, { ...settings, pieceSet: "staunton" as never })).rejects.toThrow();
  });

  it("keeps the move notation: the project's at first, SAN once chosen, untouched when left out (docs/notation.md#san)", async () => {
    const u = await newUser();
    expect(await load(u.id)).toMatchObject({ moveNotation: "coordinates" });
    const settings = { name: "Anderssen", notify: "none", boardOrientation: "player", confirmMoves: true } as const;
    expect(await updateSettings(db, u.id, { ...settings, moveNotation: "san" })).toEqual({ ok: true });
    expect(await load(u.id)).toMatchObject({ moveNotation: "san" });
    expect(await updateSettings(db, u.id, { ...settings, name: "Anderssen2" })).toEqual({ ok: true });
    expect(await load(u.id)).toMatchObject({ name: "Anderssen2", moveNotation: "san" });
    await expect(updateSettings(db, u.id, { ...settings, moveNotation: "descriptive" as never })).rejects.toThrow();
  });
});
