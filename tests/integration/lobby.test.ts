/**
 * The lobby lists open challenges to public games only; an unlisted or private
 * open challenge (and a private link) is reached by its link alone. Accepting by
 * invitation id, as the lobby's and the home page's buttons do, cannot take one of
 * those: without the token it is no invitation at all. Real PostgreSQL; the accept
 * action is driven as a client calls it, with the framework replaced by stand-ins.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, invitations, users, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { acceptInvitation, createChallenge, GameError, openChallenges } from "@/lib/games";
import { challengesBy } from "@/lib/games/overview";
import { T0, seedPlayers, wipe, type Players } from "../support/games";

const ctx = vi.hoisted(() => ({ db: null as unknown, user: null as User | null }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error(`NEXT_REDIRECT ${url}`), { url });
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({
  requireUser: async () => {
    if (!ctx.user?.name) throw new Error("signed out");
    return ctx.user;
  },
}));

import { acceptChallenge } from "@/app/_actions/invitations";

describe("the lobby and who may accept an open challenge", () => {
  let handle: TestDb;
  let db: Db;
  let p: Players;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 3 });
    db = handle.db;
    ctx.db = db;
    p = await seedPlayers(db);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await wipe(db);
  });

  const open = (visibility: "public" | "unlisted" | "private", at = T0) =>
    createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, visibility, opponent: { kind: "open" } }, at);
  const statusOf = async (gameId: string) => (await db.select().from(games).where(eq(games.id, gameId)))[0].status;
  async function refusal(promise: Promise<unknown>): Promise<GameError> {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(GameError);
    return error as GameError;
  }

  it("lists only the open challenges of public games", async () => {
    const pub = await open("public", T0);
    await open("unlisted", new Date(T0.getTime() + 1000));
    await open("private", new Date(T0.getTime() + 2000));
    await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "link" } }, new Date(T0.getTime() - 1000));
    expect((await openChallenges(db)).map((c) => c.gameId)).toEqual([pub.gameId]);
    // The author's home page says which are in the lobby, and gives the others' links.
    expect((await challengesBy(db, p.alice)).map((c) => [c.kind, c.listed])).toEqual([["open", false], ["open", false], ["open", true], ["link", false]]);
  });

  it("accepts an unlisted or private open challenge, or a private link, only with its token", async () => {
    const link = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "link" } }, T0);
    for (const c of [await open("unlisted"), await open("private"), link]) {
      const error = await refusal(acceptInvitation(db, p.bob, { invitationId: c.invitationId }, T0));
      // Looks like no invitation: not "for someone else", not "already accepted".
      expect({ code: error.code, message: error.message }).toEqual({ code: "not-found", message: "no such invitation" });
      expect(await statusOf(c.gameId)).toBe("open");
      await acceptInvitation(db, p.bob, { token: c.token }, T0);
      expect(await statusOf(c.gameId)).toBe("active");
    }
    // Even once taken, by id it still says nothing about it.
    const taken = await open("private");
    await acceptInvitation(db, p.carol, { token: taken.token }, T0);
    expect((await refusal(acceptInvitation(db, p.bob, { invitationId: taken.invitationId }, T0))).code).toBe("not-found");
  });

  it("a public one is accepted from the lobby by id, as before", async () => {
    const pub = await open("public");
    await acceptInvitation(db, p.bob, { invitationId: pub.invitationId }, T0);
    expect(await statusOf(pub.gameId)).toBe("active");
  });

  it("the lobby's accept action refuses a private challenge's id with a message, and starts nothing", async () => {
    const [bob] = await db.select().from(users).where(eq(users.id, p.bob));
    ctx.user = bob;
    const secret = await open("private");
    const form = new FormData();
    form.set("invitationId", secret.invitationId);
    form.set("from", "/lobby");
    expect(await acceptChallenge({ error: null }, form)).toEqual({ error: "No such invitation." });
    expect(await statusOf(secret.gameId)).toBe("open");
    const [inv] = await db.select().from(invitations).where(eq(invitations.id, secret.invitationId));
    expect(inv.status).toBe("pending");

    const pub = await open("public");
    form.set("invitationId", pub.invitationId);
    await expect(acceptChallenge({ error: null }, form)).rejects.toMatchObject({ url: `/games/${pub.gameId}` });
  });
});
