/**
 * Presets against real PostgreSQL (lib/games/presets.ts, docs/presets.md#in-the-service):
 * publishing and versions, a game keeping the version it started with, challenges and moves
 * judged by the rules module, only the author publishing new versions, the archive's preset
 * filter, and hostile input at the boundary.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, invitations, moves, presetVersions, presets, rateEvents, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { GameError, acceptInvitation, createChallenge, getGameView, resign, submitMove } from "@/lib/games";
import { listArchive } from "@/lib/games/archive";
import { parseArchiveQuery } from "@/lib/games/archive-params";
import { positionAt } from "@/lib/games/pictures";
import { exportRecord, importRecord } from "@/lib/games/records";
import { loadGame } from "@/app/games/[id]/load";
import { runClock } from "@/lib/games/clock";
import { recordByVariant } from "@/lib/games/overview";
import { playerFeed } from "@/lib/games/feed";
import { gamesOfPlayer } from "@/lib/games/queries";
import {
  MAX_PRESET_CHARS, PUBLISHES_PER_DAY, listPresets, presetBySlug, presetVersion, presetsToChallenge, publishPreset, versionsOfPreset,
} from "@/lib/games/presets";
import { findVariantInfo } from "@/lib/rules";
import { WAZIR_GAME, wazirGame } from "../support/presets";

const T0 = new Date("2026-12-01T12:00:00Z");

async function refusal(p: Promise<unknown>): Promise<GameError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(GameError);
  return e as GameError;
}

describe("presets on postgres", () => {
  let handle: TestDb;
  let db: Db;
  let alice: string, bob: string;

  beforeAll(async () => {
    handle = await createTestPostgres();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    for (const t of [emailOutbox, moves, invitations, games, presetVersions, presets, rateEvents]) await db.delete(t);
    await db.delete(users);
    const rows = await db.insert(users).values([
      { name: "Alice", email: "alice@example.test" },
      { name: "Bob", email: "bob@example.test" },
    ]).returning();
    [alice, bob] = rows.map((r) => r.id);
  });

  /** Alice (White) against Bob (Black) in a game of this variant, accepted. */
  async function startGame(variant: string): Promise<string> {
    const c = await createChallenge(db, alice, { variant, color: "white", daysPerMove: 3, opponent: { kind: "user", name: "Bob" } }, T0);
    await acceptInvitation(db, bob, { invitationId: c.invitationId }, T0);
    return c.gameId;
  }

  const publish = (userId: string, text = WAZIR_GAME, extra: { slug?: string; name?: string; rules?: string } = {}) =>
    publishPreset(db, userId, { slug: extra.slug ?? "wazir-chess", name: extra.name ?? "Wazir Chess", rules: extra.rules ?? "", text }, T0);

  it("publishes a preset: version 1, its game declared under the version's id, the author and rules kept", async () => {
    const p = await publish(alice, WAZIR_GAME, { rules: "The wazir steps **one square** orthogonally." });
    expect(p).toEqual({ slug: "wazir-chess", version: 1, variant: "preset.wazir-chess.1", newVersion: true });
    expect(findVariantInfo(p.variant)?.name).toBe("Wazir Chess");
    const page = await presetBySlug(db, "Wazir-Chess");
    expect(page).toMatchObject({ name: "Wazir Chess", authorName: "Alice", latestVersion: 1, rulesText: "The wazir steps **one square** orthogonally." });
    expect(page!.versions.map((v) => v.number)).toEqual([1]);
    expect((await presetVersion(db, p.variant))?.text).toBe(WAZIR_GAME);
  });

  it("publishing again makes a new version; the same text and name again only updates the rules text", async () => {
    await publish(alice);
    const v2 = await publish(alice, wazirGame("fW"), { rules: "new rules" });
    expect(v2).toMatchObject({ version: 2, variant: "preset.wazir-chess.2", newVersion: true });
    const same = await publish(alice, wazirGame("fW"), { rules: "newer rules" });
    expect(same).toMatchObject({ version: 2, newVersion: false });
    const page = await presetBySlug(db, "wazir-chess");
    expect(page!.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(page!.rulesText).toBe("newer rules");
  });

  it("a rules-only update counts as a publication, and moves no preset up the lists", async () => {
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    const input = (slug: string, rules: string) => ({ slug, name: "Wazir Chess", rules, text: WAZIR_GAME });
    await publishPreset(db, alice, input("wazir-chess", "first"), at(0));
    await publishPreset(db, bob, input("bobs-wazirs", ""), at(1));
    const edit = await publishPreset(db, alice, input("wazir-chess", "second"), at(2));
    expect(edit.newVersion).toBe(false);
    expect((await presetBySlug(db, "wazir-chess"))!).toMatchObject({ rulesText: "second", updatedAt: at(0) });
    expect((await listPresets(db)).map((p) => p.slug)).toEqual(["bobs-wazirs", "wazir-chess"]);
    const counted = await db.select().from(rateEvents).where(eq(rateEvents.key, alice));
    expect(counted.map((r) => r.bucket)).toEqual(["preset-publish", "preset-publish"]);
    // So the daily limit holds for rules edits too.
    for (let i = 2; i < PUBLISHES_PER_DAY; i++) await publishPreset(db, alice, input("wazir-chess", `edit ${i}`), at(3));
    const e = await refusal(publishPreset(db, alice, input("wazir-chess", "one too many"), at(4)));
    expect(e.code).toBe("limited");
    expect((await presetBySlug(db, "wazir-chess"))!.rulesText).toBe(`edit ${PUBLISHES_PER_DAY - 1}`);
  });

  it("the challenge form offers the preset version a link names, however far it is out of the newest list", async () => {
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    await publishPreset(db, alice, { slug: "oldest", name: "Oldest Wazirs", text: WAZIR_GAME }, at(0));
    await publishPreset(db, alice, { slug: "oldest", name: "Oldest Wazirs", text: wazirGame("fW") }, at(1));
    await publishPreset(db, bob, { slug: "newer", name: "Newer", text: WAZIR_GAME }, at(2));
    await publishPreset(db, bob, { slug: "newest", name: "Newest", text: WAZIR_GAME }, at(3));
    const variants = async (asked: string) => (await presetsToChallenge(db, asked, 2)).map((p) => p.variant);
    expect(await variants("")).toEqual(["preset.newest.1", "preset.newer.1"]);
    expect(await variants("preset.oldest.2")).toEqual(["preset.oldest.2", "preset.newest.1", "preset.newer.1"]);
    // An older version too: a game keeps its version, so a link may name one.
    expect((await presetsToChallenge(db, "preset.oldest.1", 2))[0]).toMatchObject({ variant: "preset.oldest.1", name: "Oldest Wazirs", authorName: "Alice", slug: "oldest" });
    expect(await variants("preset.newer.1")).toEqual(["preset.newest.1", "preset.newer.1"]);
    expect(await variants("preset.oldest.3")).toEqual(["preset.newest.1", "preset.newer.1"]);
    expect(await variants("preset.nowhere.1")).toEqual(["preset.newest.1", "preset.newer.1"]);
  });

  it("a game keeps the version it started with after a new one is published", async () => {
    const v1 = await publish(alice);
    const old = await startGame(v1.variant);
    // Version 2: the wazir only steps forward.
    const v2 = await publish(alice, wazirGame("fW"));
    const fresh = await startGame(v2.variant);
    expect((await db.select().from(games).where(eq(games.id, old)))[0].variant).toBe("preset.wazir-chess.1");
    // Sideways is a wazir's move in version 1 only.
    await submitMove(db, alice, { gameId: old, expectedPly: 0, move: "W c1-b1" }, T0);
    const e = await refusal(submitMove(db, alice, { gameId: fresh, expectedPly: 0, move: "W c1-b1" }, T0));
    expect(e.code).toBe("illegal");
    expect((await getGameView(db, old, null)).moves.map((m) => m.text)).toEqual(["W c1-b1"]);
  });

  it("challenges and plays a preset game: every move judged by the rules, illegal ones refused", async () => {
    const { variant } = await publish(alice);
    const gameId = await startGame(variant);
    const illegal = await refusal(submitMove(db, alice, { gameId, expectedPly: 0, move: "W c1-c3" }, T0));
    expect(illegal.code).toBe("illegal");
    const played = await submitMove(db, alice, { gameId, expectedPly: 0, move: "P a2-a3" }, T0);
    expect(played).toMatchObject({ ply: 1, text: "P a2-a3" });
    const notYours = await refusal(submitMove(db, alice, { gameId, expectedPly: 1, move: "p a5-a4" }, T0));
    expect(notYours.code).toBe("not-your-turn");
    await submitMove(db, bob, { gameId, expectedPly: 1, move: "p a5-a4" }, T0);
    const [g] = await db.select().from(games).where(eq(games.id, gameId));
    expect(g).toMatchObject({ ply: 2, variant, status: "active" });
    // The picture of a preset game draws from its version's declaration.
    const pic = await positionAt(db, gameId, null);
    expect(pic.ok && pic.position.drawing.files).toBe(6);
  });

  it("a preset game's record names its version and imports again as a game of it", async () => {
    const { variant } = await publish(alice);
    const gameId = await startGame(variant);
    await submitMove(db, alice, { gameId, expectedPly: 0, move: "W c1-b1" }, T0);
    await submitMove(db, bob, { gameId, expectedPly: 1, move: "w c6-b6" }, T0);
    await resign(db, bob, { gameId }, T0);
    const record = await exportRecord(db, gameId, null, "record", "https://courier.example");
    if (!record.ok) throw new Error(record.reason);
    expect(record.text).toContain(`[Variant "${variant}"]`);
    const imported = await importRecord(db, alice, record.text, "public", T0);
    if (!imported.ok) throw new Error(imported.error);
    const [g] = await db.select().from(games).where(eq(games.id, imported.gameId));
    expect(g).toMatchObject({ variant, ply: 2, status: "finished", result: "1-0" });
  });

  it("a version published by another app server is declared from the database when its game is first used", async () => {
    const [p] = await db.insert(presets).values({ slug: "elsewhere", authorId: bob, name: "Elsewhere" }).returning();
    await db.insert(presetVersions).values({ presetId: p.id, number: 1, variant: "preset.elsewhere.1", name: "Elsewhere", format: "preset", text: WAZIR_GAME });
    expect(findVariantInfo("preset.elsewhere.1")).toBeUndefined();
    const gameId = await startGame("preset.elsewhere.1");
    expect(findVariantInfo("preset.elsewhere.1")?.name).toBe("Elsewhere");
    await submitMove(db, alice, { gameId, expectedPly: 0, move: "W c1-b1" }, T0);
  });

  it("refuses a challenge with a preset version that does not exist", async () => {
    const e = await refusal(createChallenge(db, alice, { variant: "preset.nothing-here.1", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0));
    expect(e.code).toBe("not-found");
    const badId = await refusal(createChallenge(db, alice, { variant: "preset.wazir-chess.x", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0));
    expect(badId.code).toBe("invalid");
  });

  it("only the author publishes new versions of a preset", async () => {
    await publish(alice);
    const e = await refusal(publish(bob, wazirGame("fW"), { name: "Bob's Wazirs", rules: "mine now" }));
    expect(e.code).toBe("forbidden");
    expect(e.message).toMatch(/only its author/);
    const page = await presetBySlug(db, "wazir-chess");
    expect(page).toMatchObject({ latestVersion: 1, name: "Wazir Chess", rulesText: "", authorName: "Alice" });
    expect(await versionsOfPreset(db, "wazir-chess")).toEqual(["preset.wazir-chess.1"]);
  });

  it("a player without a display name, or a session whose user is gone, publishes nothing", async () => {
    const [nameless] = await db.insert(users).values({ email: "nameless@example.test" }).returning();
    expect((await refusal(publish(nameless.id))).message).toBe("choose a display name first");
    expect((await refusal(publish("no-such-user"))).code).toBe("not-found");
    expect(await db.select().from(presets)).toEqual([]);
  });

  it("the archive filters by preset: every version's games, nothing else", async () => {
    const v1 = await publish(alice);
    const a = await startGame(v1.variant);
    const v2 = await publish(alice, wazirGame("fW"));
    const b = await startGame(v2.variant);
    await startGame("chess");
    const other = await publish(bob, WAZIR_GAME, { slug: "other-wazirs", name: "Other Wazirs" });
    await startGame(other.variant);
    const q = parseArchiveQuery({ preset: "wazir-chess" });
    expect(q.problems).toEqual([]);
    const page = await listArchive(db, q);
    expect(page.entries.map((e) => e.id).sort()).toEqual([a, b].sort());
    const one = await listArchive(db, parseArchiveQuery({ variant: v2.variant }));
    expect(one.entries.map((e) => e.id)).toEqual([b]);
    const none = parseArchiveQuery({ preset: "no-such-preset" });
    expect((await listArchive(db, none)).entries).toEqual([]);
    expect(parseArchiveQuery({ preset: "<script>" }).problems[0]).toMatch(/preset=<script> was ignored/);
  });

  it("refuses bad text with the parser's line, and hostile input at the boundary, in players' words", async () => {
    const bad = await refusal(publish(alice, "this is no preset"));
    expect(bad.code).toBe("invalid");
    expect(bad.message).toMatch(/^line \d+: /);
    const big = await refusal(publish(alice, "x".repeat(MAX_PRESET_CHARS + 1)));
    expect(big.message).toMatch(/a preset may have at most 20,000 characters/);
    expect((await refusal(publish(alice, WAZIR_GAME, { slug: "../admin" }))).message).toMatch(/only letters a–z, digits and hyphens/);
    expect((await refusal(publish(alice, WAZIR_GAME, { slug: "ab" }))).message).toMatch(/at least 3/);
    expect((await refusal(publish(alice, WAZIR_GAME, { name: "Evil\u0007Name" }))).message).toMatch(/control characters/);
    expect((await refusal(publish(alice, WAZIR_GAME, { rules: "a\u0000b" }))).message).toMatch(/NUL/);
    expect((await refusal(publishPreset(db, alice, { slug: 3, name: null, text: [] } as never, T0))).code).toBe("invalid");
    expect(await db.select().from(presets)).toEqual([]);
  });

  it("limits publications per player per day", async () => {
    for (let i = 0; i < PUBLISHES_PER_DAY; i++) await publish(alice, WAZIR_GAME, { slug: `wazirs-${i}` });
    const e = await refusal(publish(alice, WAZIR_GAME, { slug: "one-too-many" }));
    expect(e.code).toBe("limited");
    // Bob's budget is his own.
    await publish(bob, WAZIR_GAME, { slug: "bobs-wazirs" });
  });

  it("a stored version the rules no longer read: every read path says so in players' words, none crashes", async () => {
    const { variant } = await publish(alice);
    const gameId = await startGame(variant);
    await submitMove(db, alice, { gameId, expectedPly: 0, move: "W c1-b1" }, T0);
    const finished = await startGame(variant);
    await resign(db, bob, { gameId: finished }, T0);
    // A version whose text a later parser refuses, stored as it was: never declared in this process.
    const [p] = await db.insert(presets).values({ slug: "broken", authorId: alice, name: "Broken" }).returning();
    await db.insert(presetVersions).values({ presetId: p.id, number: 1, variant: "preset.broken.1", name: "Broken", format: "preset", text: "name: Broken\nboard: 8 by 8\n" });
    for (const id of [gameId, finished]) await db.update(games).set({ variant: "preset.broken.1" }).where(eq(games.id, id));
    const unreadable = /preset version can no longer be read by the rules/;
    expect((await refusal(getGameView(db, gameId, alice))).message).toMatch(unreadable);
    // The game page and its state poll show that sentence, not a server error.
    expect(await loadGame(db, gameId, alice)).toEqual({ unreadable: expect.stringMatching(/^This game's preset version can no longer be read by the rules; /) });
    // A private game stays "not found" to strangers, unreadable or not.
    await db.update(games).set({ visibility: "private" }).where(eq(games.id, gameId));
    expect(await loadGame(db, gameId, null)).toBeNull();
    await db.update(games).set({ visibility: "public" }).where(eq(games.id, gameId));
    const pic = await positionAt(db, gameId, null);
    expect(pic).toMatchObject({ ok: false, reason: "unreadable" });
    const archive = await listArchive(db, parseArchiveQuery({}), { viewerId: null });
    expect(archive.entries.map((e) => e.id)).toContain(gameId);
    const record = await exportRecord(db, gameId, null, "record", "https://courier.example");
    expect(record.ok).toBe(false);
    expect((await gamesOfPlayer(db, alice, alice)).map((g) => g.id)).toContain(gameId);
    expect((await recordByVariant(db, alice, null)).map((r) => r.variant)).toContain("preset.broken.1");
    expect((await playerFeed(db, "Alice", "https://courier.example"))?.xml).toContain(gameId);
    // Moving in it is refused in the same words, and the game is left as it was.
    expect((await refusal(submitMove(db, bob, { gameId, expectedPly: 1, move: "w c6-b6" }, T0))).message).toMatch(unreadable);
    expect((await refusal(resign(db, bob, { gameId }, T0))).message).toMatch(unreadable);
    // The clock passes it by (nothing in it can be judged), the other games' deadlines still kept.
    await db.update(games).set({ deadline: T0 }).where(eq(games.id, gameId));
    await runClock(db, new Date(T0.getTime() + 3600_000));
    expect((await db.select().from(games).where(eq(games.id, gameId)))[0]).toMatchObject({ status: "active", ply: 1 });
  });
});
