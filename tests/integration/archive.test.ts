/**
 * The archive, pictures, records and feeds against real PostgreSQL and PGlite:
 * every filter and sort, keyset page boundaries (ties, microseconds), and the
 * visibility rules: unlisted never listed, private never shown to a stranger —
 * not in lists, pictures, records or feeds.
 */
import { sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, moves, users, type NewGame } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import { listArchive, visibleGame, type ArchiveEntry, type ArchiveScope } from "@/lib/games/archive";
import { parseArchiveQuery, type ArchiveFilters } from "@/lib/games/archive-params";
import { playerFeed } from "@/lib/games/feed";
import { positionAt } from "@/lib/games/pictures";
import { exportRecord, importRecord } from "@/lib/games/records";
import { Game, variantInfo } from "@/lib/rules";

const SITE = "https://courier.example";
const day = (d: string) => new Date(`${d}T12:00:00Z`);

describe.each(testDrivers)("archive on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  const id: Record<string, string> = {};
  const u: Record<string, string> = {};

  async function game(key: string, values: Partial<NewGame> & { moves?: string[] }) {
    const variant = values.variant ?? "chess";
    const { moves: played, ...rest } = values;
    const start = variantInfo(variant).startFen;
    const g = Game.start(variant, start);
    const fens = (played ?? []).map((m) => {
      g.play(m);
      return g.fen();
    });
    const [row] = await db.insert(games).values({
      variant, startFen: start, currentFen: g.fen(), daysPerMove: 3, status: "finished", result: "1-0",
      endReason: "resignation", whiteId: u.alice, blackId: u.bob, ply: fens.length || rest.ply || 0, ...rest,
    }).returning({ id: games.id });
    id[key] = row.id;
    if (played?.length) {
      await db.insert(moves).values(played.map((text, i) => ({
        gameId: row.id, ply: i + 1, text: g.moves[i], fenAfter: fens[i],
        playerId: i % 2 === 0 ? (rest.whiteId ?? u.alice) : (rest.blackId ?? u.bob), createdAt: rest.createdAt ?? day("2026-01-01"),
      })));
    }
    return row.id;
  }

  const filters = (raw: Record<string, string> = {}, playerFixed = false): ArchiveFilters => {
    const q = parseArchiveQuery(raw, { playerFixed });
    expect(q.problems).toEqual([]);
    return q.filters;
  };
  async function ids(raw: Record<string, string> = {}, scope: ArchiveScope = { viewerId: null }): Promise<string[]> {
    const page = await listArchive(db, { filters: filters(raw, scope.playerId !== undefined) }, scope, 100);
    return page.entries.map((e) => Object.keys(id).find((k) => id[k] === e.id) ?? e.id);
  }
  const sorted = (l: string[]) => [...l].sort();

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
    const rows = await db.insert(users).values(
      ["Alice", "Bob", "Carol", "Dave", "Eve", "Finn"].map((name) => ({ name, email: `${name.toLowerCase()}@example.test` })),
    ).returning();
    for (const r of rows) u[r.name!.toLowerCase()] = r.id;

    const fools = ["P f2-f3", "p e7-e5", "P g2-g4", "q d8-h4"];
    await game("mate", { moves: fools, result: "0-1", endReason: "checkmate", createdAt: day("2026-01-01"), lastMoveAt: day("2026-01-05") });
    await game("compound", { variant: "compound", whiteId: u.bob, blackId: u.alice, ply: 31, result: "0-1", endReason: "resignation", createdAt: day("2026-02-01"), lastMoveAt: day("2026-02-20") });
    await game("ongoing", { whiteId: u.alice, blackId: u.carol, status: "active", result: null, endReason: null, moves: ["P e2-e4", "p e7-e5", "N g1-f3"], createdAt: day("2026-03-01"), lastMoveAt: day("2026-03-04"), deadline: day("2026-03-07") });
    await game("draw", { whiteId: u.carol, blackId: u.bob, ply: 60, result: "1/2-1/2", endReason: "agreement", createdAt: day("2026-01-15"), lastMoveAt: day("2026-03-10") });
    await game("unlisted", { visibility: "unlisted", moves: ["P e2-e4"], result: "1-0", createdAt: day("2026-04-01"), lastMoveAt: day("2026-04-02") });
    await game("private", { visibility: "private", moves: ["P d2-d4", "p d7-d5"], result: "0-1", createdAt: day("2026-04-03"), lastMoveAt: day("2026-04-04") });
    await game("open", { whiteId: u.dave, blackId: null, status: "open", result: null, endReason: null, createdAt: day("2026-04-05") });
    await game("cancelled", { whiteId: u.dave, blackId: null, status: "cancelled", result: null, endReason: "no-first-move", createdAt: day("2026-04-06") });
    await game("imported", { whiteId: null, blackId: null, importedBy: u.carol, whiteName: "Magnus", blackName: "alice", ply: 80, result: "1-0", endReason: "imported", createdAt: day("2025-06-01") });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists public games only, newest last move first", async () => {
    // open sorts by its creation date (no move yet)
    expect(await ids()).toEqual(["open", "draw", "ongoing", "compound", "mate", "imported"]);
  });

  it("filters by game, status, result, ending, dates and number of moves", async () => {
    expect(sorted(await ids({ variant: "compound" }))).toEqual(["compound"]);
    expect(await ids({ status: "open" })).toEqual(["open"]);
    expect(await ids({ status: "ongoing" })).toEqual(["ongoing"]);
    expect(sorted(await ids({ status: "finished" }))).toEqual(["compound", "draw", "imported", "mate"]);
    expect(sorted(await ids({ result: "white" }))).toEqual(["imported"]);
    expect(sorted(await ids({ result: "black" }))).toEqual(["compound", "mate"]);
    expect(await ids({ result: "draw" })).toEqual(["draw"]);
    expect(await ids({ ended: "checkmate" })).toEqual(["mate"]);
    expect(await ids({ ended: "imported" })).toEqual(["imported"]);
    // Dates are of the sort column: last move by default, start with sort=started.
    expect(await ids({ from: "2026-03-01", to: "2026-03-05" })).toEqual(["ongoing"]);
    expect(await ids({ from: "2026-01-01", to: "2026-01-31", sort: "started" })).toEqual(["draw", "mate"]);
    expect(await ids({ to: "2025-12-31" })).toEqual(["imported"]);
    // Moves: 4 plies = 2 moves, 3 plies = 2 moves, 31 plies = 16 moves.
    expect(sorted(await ids({ min_moves: "2", max_moves: "2" }))).toEqual(["mate", "ongoing"]);
    expect(sorted(await ids({ min_moves: "16", max_moves: "30" }))).toEqual(["compound", "draw"]);
    expect(await ids({ min_moves: "31" })).toEqual(["imported"]);
    expect(await ids({ max_moves: "0" })).toEqual(["open"]);
  });

  it("filters by player and opponent, registered or named on an imported record", async () => {
    expect(sorted(await ids({ player: "alice" }))).toEqual(["compound", "imported", "mate", "ongoing"]);
    expect(sorted(await ids({ player: "ALICE", opponent: "bob" }))).toEqual(["compound", "mate"]);
    expect(await ids({ player: "Magnus" })).toEqual(["imported"]);
    expect(await ids({ player: "magnus", opponent: "Alice" })).toEqual(["imported"]);
    expect(await ids({ player: "Nobody" })).toEqual([]);
    // Fool's mate: Alice (White) was mated; she won the Compound game as Black; "alice" lost the imported one.
    expect(await ids({ player: "Alice", result: "won" })).toEqual(["compound"]);
    expect(sorted(await ids({ player: "Alice", result: "lost" }))).toEqual(["imported", "mate"]);
    expect(await ids({ player: "Bob", result: "won" })).toEqual(["mate"]);
    expect(await ids({ player: "Carol", result: "won" })).toEqual([]);
    expect(await ids({ opponent: "Dave" })).toEqual(["open"]);
  });

  it("says why a search found nothing when a name in it names nobody, and only then", async () => {
    const notes = async (filters: Partial<ArchiveFilters>) =>
      (await listArchive(db, { filters: { sort: "last", order: "newest", ...filters } })).notes;
    expect(await notes({ player: "Nobody" })).toEqual(['no player is called "Nobody"']);
    expect(await notes({ player: "alice", opponent: "Nobody" })).toEqual(['no player is called "Nobody"']);
    expect(await notes({ preset: "no-such-preset" })).toEqual(['no preset is called "no-such-preset"']);
    // A name only an imported record carries is somebody, even where the search finds none of theirs.
    expect(await notes({ player: "Magnus" })).toEqual([]);
    expect(await notes({ player: "Magnus", result: "black" })).toEqual([]);
    // Registered names that simply have no such games: nothing is wrong with the search.
    expect(await notes({ player: "Carol", result: "won" })).toEqual([]);
    expect(await notes({ player: "Eve" })).toEqual([]);
  });

  it("sorts by start date and by last move, either way", async () => {
    expect(await ids({ sort: "started" })).toEqual(["open", "ongoing", "compound", "draw", "mate", "imported"]);
    expect(await ids({ sort: "started", order: "oldest" })).toEqual(["imported", "mate", "draw", "compound", "ongoing", "open"]);
    expect(await ids({ order: "oldest" })).toEqual(["imported", "mate", "compound", "ongoing", "draw", "open"]);
  });

  it("on a player page: only that registered player's games; their own page shows unlisted and private too", async () => {
    const page = (viewerId: string | null, raw: Record<string, string> = {}) => ids(raw, { viewerId, playerId: u.alice });
    expect(sorted(await page(null))).toEqual(["compound", "mate", "ongoing"]);
    expect(sorted(await page(u.bob))).toEqual(["compound", "mate", "ongoing"]);
    expect(sorted(await page(u.alice))).toEqual(["compound", "mate", "ongoing", "private", "unlisted"]);
    expect(sorted(await page(u.alice, { opponent: "Carol" }))).toEqual(["ongoing"]);
    expect(await page(null, { result: "won" })).toEqual(["compound"]);
    expect(await page(null, { result: "lost" })).toEqual(["mate"]);
    // A stranger's page never shows Alice's unlisted or private games, nor cancelled challenges to anyone.
    expect(await ids({}, { viewerId: u.dave, playerId: u.dave })).toEqual(["open"]);
  });

  describe("keyset pages", () => {
    const T = "2030-06-01T00:00:00";
    beforeAll(async () => {
      // 23 games in one microsecond-exact instant (ties broken by id), and 4 a microsecond apart.
      const players = { whiteId: u.eve, blackId: u.finn };
      for (let i = 0; i < 23; i++) await game(`tie${i}`, { ...players, variant: "magicpawns", createdAt: day("2030-01-01"), lastMoveAt: new Date(`${T}Z`), ply: 10 });
      for (let i = 0; i < 4; i++) await game(`micro${i}`, { ...players, variant: "magicpawns", createdAt: day("2030-01-01"), ply: 10 });
      for (let i = 0; i < 4; i++) {
        await db.execute(sql`update games set last_move_at = ${`${T}.00000${i + 1}Z`}::timestamptz where id = ${id[`micro${i}`]}`);
      }
    });

    async function walk(f: ArchiveFilters, size: number) {
      const all = (await listArchive(db, { filters: f }, { viewerId: null }, 1000)).entries.map((e) => e.id);
      const seen: string[] = [];
      const pages: ArchiveEntry[][] = [];
      let page = await listArchive(db, { filters: f }, { viewerId: null }, size);
      expect(page.prev).toBeNull();
      for (;;) {
        pages.push(page.entries);
        seen.push(...page.entries.map((e) => e.id));
        if (!page.next) break;
        page = await listArchive(db, { filters: f, after: page.next }, { viewerId: null }, size);
        expect(page.prev).not.toBeNull();
      }
      // And back again from the last page, with "before".
      const back: string[][] = [pages[pages.length - 1].map((e) => e.id)];
      let cur = page;
      while (cur.prev) {
        cur = await listArchive(db, { filters: f, before: cur.prev }, { viewerId: null }, size);
        back.unshift(cur.entries.map((e) => e.id));
      }
      return { all, seen, pages, back };
    }

    it.each([["last", "newest"], ["last", "oldest"], ["started", "newest"], ["started", "oldest"]] as const)(
      "walks every game exactly once through ties and microseconds (sort=%s, order=%s)",
      async (sort, order) => {
        const f = filters({ variant: "magicpawns", sort, order });
        for (const size of [1, 5, 10, 27]) {
          const { all, seen, pages, back } = await walk(f, size);
          expect(all).toHaveLength(27);
          expect(seen).toEqual(all);
          expect(pages.every((p, i) => p.length === (i < pages.length - 1 ? size : p.length))).toBe(true);
          expect(back.flat()).toEqual(all);
        }
        if (sort === "last") {
          const list = (await listArchive(db, { filters: f }, { viewerId: null }, 100)).entries.map((e) => e.id);
          const micro = [0, 1, 2, 3].map((i) => id[`micro${i}`]);
          // a microsecond apart, in order, never merged with the tie group
          expect(list.filter((x) => micro.includes(x))).toEqual(order === "newest" ? [...micro].reverse() : micro);
        }
      },
    );

    it("a page before the start shows the first page; a stale or foreign cursor never errors", async () => {
      const f = filters({ variant: "magicpawns" });
      const first = await listArchive(db, { filters: f }, { viewerId: null }, 5);
      const second = await listArchive(db, { filters: f, after: first.next! }, { viewerId: null }, 5);
      const back = await listArchive(db, { filters: f, before: second.prev! }, { viewerId: null }, 5);
      expect(back.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
      expect(back.prev).toBeNull();
      const far = await listArchive(db, { filters: f, after: { at: "1970-01-01T00:00:00.000000Z", id: "x" } }, { viewerId: null }, 5);
      expect(far.entries).toEqual([]);
      expect(far.next).toBeNull();
    });
  });

  describe("visibility through pictures, records and feeds", () => {
    it("board positions: any ply of a visible game; private ones only for their players", async () => {
      const start = await positionAt(db, id.mate, null, 0);
      expect(start.ok && start.position.fen).toBe(variantInfo("chess").startFen);
      const mate = await positionAt(db, id.mate, null);
      expect(mate.ok && mate.position).toMatchObject({ ply: 4, fixed: false, moveText: "q d8-h4" });
      expect(mate.ok && mate.position.drawing.lastMove.sort()).toEqual(["d8", "h4"]);
      expect(mate.ok && mate.position.drawing.checks).toEqual(["e1"]);
      const two = await positionAt(db, id.mate, null, 2);
      expect(two.ok && two.position.fen).toContain("pppp1ppp/8/4p3");
      expect(await positionAt(db, id.mate, null, 5)).toEqual({ ok: false, reason: "no-ply" });
      expect((await positionAt(db, id.unlisted, null, 1)).ok).toBe(true);
      expect(await positionAt(db, id.private, null, 1)).toEqual({ ok: false, reason: "no-game" });
      expect(await positionAt(db, id.private, u.carol, 1)).toEqual({ ok: false, reason: "no-game" });
      expect((await positionAt(db, id.private, u.alice, 1)).ok).toBe(true);
      expect((await positionAt(db, id.private, u.bob, 2)).ok).toBe(true);
      expect(await positionAt(db, "no-such-game", null)).toEqual({ ok: false, reason: "no-game" });
      expect(await positionAt(db, "'; drop table games; --", null)).toEqual({ ok: false, reason: "no-game" });
    });

    it("records: private games only for their players; PGN for orthodox chess only", async () => {
      const rec = await exportRecord(db, id.mate, null, "record", SITE);
      expect(rec.ok && rec.text).toContain('[White "Alice"]');
      expect(rec.ok && rec.text).toContain("1. P f2-f3 p e7-e5 2. P g2-g4 q d8-h4 0-1");
      expect(rec.ok && rec.filename).toMatch(/^chess-Alice-vs-Bob-[0-9a-f]{8}\.txt$/);
      const pgn = await exportRecord(db, id.mate, null, "pgn", SITE);
      expect(pgn.ok && pgn.text).toContain("1. f3 e5 2. g4 Qh4# 0-1");
      expect(await exportRecord(db, id.compound, null, "pgn", SITE)).toEqual({ ok: false, reason: "not-chess" });
      expect(await exportRecord(db, id.private, null, "record", SITE)).toEqual({ ok: false, reason: "no-game" });
      expect(await exportRecord(db, id.private, u.dave, "pgn", SITE)).toEqual({ ok: false, reason: "no-game" });
      expect((await exportRecord(db, id.private, u.alice, "record", SITE)).ok).toBe(true);
      expect((await exportRecord(db, id.unlisted, null, "record", SITE)).ok).toBe(true);
    });

    it("feeds: public games with a move, latest first; never unlisted or private", async () => {
      const feed = await playerFeed(db, "alice", SITE);
      expect(feed?.player).toBe("Alice");
      expect(XMLValidator.validate(feed!.xml)).toBe(true);
      const doc = new XMLParser({ ignoreAttributes: false }).parse(feed!.xml);
      const entries = [doc.feed.entry].flat();
      const links = entries.map((e: { id: string }) => e.id);
      expect(links).toEqual([`${SITE}/games/${id.ongoing}`, `${SITE}/games/${id.compound}`, `${SITE}/games/${id.mate}`]);
      expect(feed!.xml).not.toContain(id.unlisted);
      expect(feed!.xml).not.toContain(id.private);
      expect(feed!.xml).not.toContain(id.imported);
      expect(entries[0].title).toContain("2. N g1-f3");
      expect(await playerFeed(db, "nobody", SITE)).toBeNull();
    });
  });

  describe("import", () => {
    it("stores a finished game after checking every move, and exports it back the same", async () => {
      const text = [
        '[Event "Club night"]', '[Date "2024.03.17"]', '[White "Kasparov, G."]', '[Black "?"]', '[Result "1-0"]',
        '[Variant "chess"]', "", "1. P e2-e4 p e7-e5 2. B f1-c4 n b8-c6 3. Q d1-h5 n g8-f6 4. Q h5-f7 1-0", "",
      ].join("\n");
      const r = await importRecord(db, u.dave, text, "public");
      expect(r.ok).toBe(true);
      const gameId = (r as { gameId: string }).gameId;
      const view = await visibleGame(db, gameId, null);
      expect(view).toMatchObject({ whiteName: "Kasparov, G.", blackName: null });
      expect(view!.game).toMatchObject({ status: "finished", result: "1-0", endReason: "checkmate", ply: 7, importedBy: u.dave, whiteId: null });
      expect(view!.game.createdAt.toISOString().slice(0, 10)).toBe("2024-03-17");
      expect(await ids({ player: "kasparov, g." })).toEqual([gameId]);

      const out = await exportRecord(db, gameId, null, "record", SITE);
      expect(out.ok && out.text).toContain('[Event "Club night"]');
      expect(out.ok && out.text).toContain('[Date "2024.03.17"]');
      const again = await importRecord(db, u.dave, (out as { text: string }).text, "private");
      const copy = await visibleGame(db, (again as { gameId: string }).gameId, u.dave);
      expect(copy!.game).toMatchObject({ ply: 7, result: "1-0", endReason: "checkmate", currentFen: view!.game.currentFen, visibility: "private" });
      // A private import is its importer's alone.
      expect(await visibleGame(db, copy!.game.id, null)).toBeNull();
      expect(await visibleGame(db, copy!.game.id, u.alice)).toBeNull();
      const pgn = await exportRecord(db, gameId, null, "pgn", SITE);
      expect(pgn.ok && pgn.text).toContain("4. Qxf7# 1-0");
    });

    it("keeps the declared ending of a record the rules cannot see, and reads plain PGN", async () => {
      const r = await importRecord(db, u.dave, '[White "A"]\n[Black "B"]\n[Ending "resignation"]\n\n1. e4 e5 2. Nf3 0-1\n', "unlisted");
      expect(r.ok).toBe(true);
      const g = (await visibleGame(db, (r as { gameId: string }).gameId, null))!.game;
      expect(g).toMatchObject({ result: "0-1", endReason: "resignation", ply: 3, visibility: "unlisted" });
      const plain = await importRecord(db, u.dave, "1. d4 d5 1/2-1/2", "public");
      expect(plain.ok && (await visibleGame(db, plain.gameId, null))!.game.endReason).toBe("imported");
    });

    it("adds no TimeControl the record did not have, and gives back the one it had as written", async () => {
      const none = await importRecord(db, u.dave, '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 1-0\n', "public");
      const without = await exportRecord(db, (none as { gameId: string }).gameId, null, "record", SITE);
      const withoutPgn = await exportRecord(db, (none as { gameId: string }).gameId, null, "pgn", SITE);
      expect(without.ok && without.text).not.toContain("TimeControl");
      expect(withoutPgn.ok && withoutPgn.text).not.toContain("TimeControl");
      const blitz = await importRecord(db, u.dave, '[TimeControl "300+2"]\n\n1. e4 e5 1-0\n', "public");
      const g = (await visibleGame(db, (blitz as { gameId: string }).gameId, null))!.game;
      expect(g.importTags).toMatchObject({ TimeControl: "300+2" });
      const given = await exportRecord(db, g.id, null, "pgn", SITE);
      expect(given.ok && given.text.match(/TimeControl.*/g)).toEqual(['TimeControl "300+2"]']);
      // A game played here says its own pace.
      const played = await exportRecord(db, id.mate, null, "record", SITE);
      expect(played.ok && played.text).toContain('[TimeControl "1/259200"]');
    });

    it("refuses a broken record naming the first bad move, and a record without a result", async () => {
      const before = (await db.select({ n: sql<number>`count(*)::int` }).from(games))[0].n;
      const bad = await importRecord(db, u.dave, '[Variant "chess"]\n\n1. P e2-e4 p e7-e5 2. N g1-f3 n b8-b6 3. B f1-c4 1-0', "public");
      expect(bad.ok).toBe(false);
      // Named as players count it, as written: SAN too (docs/notation.md#san).
      expect((bad as { error: string }).error).toBe("This record cannot be imported: move 2, Black: n b8-b6 is not a legal move here");
      const san = await importRecord(db, u.dave, "1. e4 e5 2. Ke3 Nc6 1-0", "public");
      expect((san as { error: string }).error).toBe("This record cannot be imported: move 2, White: Ke3: the king on e1 cannot go to e3");
      const unknown = await importRecord(db, u.dave, '[Variant "tori-shogi"]\n\n1. P e2-e4 *', "public");
      expect((unknown as { error: string }).error).toMatch(/unknown Variant/i);
      const open = await importRecord(db, u.dave, "1. P e2-e4 p e7-e5 *", "public");
      expect((open as { error: string }).error).toMatch(/no result/);
      const wrong = await importRecord(db, u.dave, "1. P f2-f3 p e7-e5 2. P g2-g4 q d8-h4 1-0", "public");
      expect((wrong as { error: string }).error).toMatch(/says 1-0.*checkmate.*0-1/);
      expect((await importRecord(db, u.dave, "   ", "public")).ok).toBe(false);
      expect((await db.select({ n: sql<number>`count(*)::int` }).from(games))[0].n).toBe(before);
    });
  });
});
