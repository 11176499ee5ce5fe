/**
 * The page data of a game for more than two (app/games/[id]/multi-load.ts): the state endpoint the
 * page polls (since → 204, private games not found for strangers) and the move and resign actions,
 * on real PostgreSQL with the session replaced by a stand-in.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { multiGameStateSchema } from "@/app/_components/multi-game-state";
import { gameSeats, users as usersTable, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { acceptInvitation, createMultiChallenge } from "@/lib/games";

const ctx = vi.hoisted(() => ({ db: null as unknown, user: null as User | null }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));

import { GET as state } from "@/app/games/[id]/state/route";
import { multiMoveAction, multiResignAction } from "@/app/games/[id]/multi-actions";

const T0 = new Date("2026-12-01T12:00:00Z");
const poll = (id: string, query = "") => state(new Request(`http://localhost:3000/games/${id}/state${query}`), { params: Promise.resolve({ id }) });

describe("the page data of a game for more than two", () => {
  let handle: TestDb;
  let u: Record<"alice" | "bob" | "carol" | "eve", User>;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    ctx.db = handle.db;
    const rows = await handle.db.insert(usersTable).values(["Alice", "Bob", "Carol", "Eve"].map((name) => ({ name, email: `${name.toLowerCase()}@example.test` }))).returning();
    u = { alice: rows[0], bob: rows[1], carol: rows[2], eve: rows[3] };
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    ctx.user = null;
  });

  /** White Alice, Grey Bob, Black Carol. */
  async function started(visibility: "public" | "private") {
    const c = await createMultiChallenge(handle.db, u.alice.id, { variant: "three-player", seat: "w", daysPerMove: 2, visibility, others: "link" }, T0);
    await acceptInvitation(handle.db, u.bob.id, { token: c.token, army: "g" }, T0);
    await acceptInvitation(handle.db, u.carol.id, { token: c.token, army: "b" }, T0);
    return c.gameId;
  }

  it("answers the state in the agreed shape, 204 while nothing changed, and the move action's fresh state", async () => {
    const id = await started("public");
    const r = await poll(id);
    expect(r.status).toBe(200);
    const s = multiGameStateSchema.parse(await r.json());
    expect(s).toMatchObject({ id, variant: "three-player", status: "active", moves: [], eliminations: [], daysPerMove: 2, ending: null });
    expect(s.seats.map((x) => [x.army, x.armyName, x.player, x.bot, x.deadline !== null])).toEqual([
      ["w", "White", "Alice", null, true], ["g", "Grey", "Bob", null, false], ["b", "Black", "Carol", null, false],
    ]);
    expect((await poll(id, `?since=${s.version}`)).status).toBe(204);

    ctx.user = u.bob;
    const early = await multiMoveAction({ gameId: id, expectedPly: 0, move: "P f2-f4" });
    expect(early).toMatchObject({ ok: false, code: "not-your-turn", state: { moves: [] } });
    ctx.user = u.alice;
    const moved = await multiMoveAction({ gameId: id, expectedPly: 0, move: "P f2-f4" });
    expect(moved.ok && moved.state.moves).toEqual(["P f2-f4"]);
    expect(moved.ok && moved.state.seats.map((x) => x.deadline !== null)).toEqual([false, true, false]);
    expect((await poll(id, `?since=${s.version}`)).status).toBe(200);
    ctx.user = null;
    expect(await multiMoveAction({ gameId: id, expectedPly: 1, move: "P e9-e8" })).toMatchObject({ ok: false, code: "signed-out" });
    expect(await multiMoveAction({ gameId: id, expectedPly: -1, move: "" })).toMatchObject({ ok: false, code: "invalid", state: null });
  });

  it("resigns by the action: in three-player chess the first army out ends the game, in words", async () => {
    const id = await started("public");
    ctx.user = u.carol;
    const r = await multiResignAction({ gameId: id });
    expect(r.ok && [r.state.status, r.state.eliminations, r.state.ending]).toEqual([
      "finished", [{ army: "b", reason: "resignation", afterPly: 0 }], "White and Grey win: Black resigned",
    ]);
  });

  it("hides a private game from strangers: 404 with or without the version, the state for its players", async () => {
    const id = await started("private");
    ctx.user = u.alice;
    const r = await poll(id);
    expect(r.status).toBe(200);
    const { version } = multiGameStateSchema.parse(await r.json());
    for (const who of [null, u.eve]) {
      ctx.user = who;
      expect((await poll(id)).status).toBe(404);
      expect((await poll(id, `?since=${version}`)).status).toBe(404);
    }
    ctx.user = u.eve;
    expect(await multiMoveAction({ gameId: id, expectedPly: 0, move: "P f2-f4" })).toMatchObject({ ok: false, code: "not-found", state: null });
    const seats = await handle.db.select().from(gameSeats).where(eq(gameSeats.gameId, id));
    expect(seats.map((x) => x.userId).sort()).toEqual([u.alice.id, u.bob.id, u.carol.id].sort());
  });
});
