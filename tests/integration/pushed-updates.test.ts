/**
 * Pushed updates (docs/pushed-updates.md), on real PostgreSQL with two database clients standing
 * for two app processes, each with its own LISTEN (lib/games/push.ts):
 * - every change of a game's version (a move, a draw offer, a chat message, a resignation) made
 *   through the service on one process reaches the watchers on the other, and a refused move
 *   publishes nothing; after a lost LISTEN connection is back, the watched games are read again;
 * - GET /games/<id>/events: a private game's stream is not found for a stranger or a signed-out
 *   visitor; a stream resumed from an old version (?since= or Last-Event-ID) hears the current one
 *   at once; a move's event carries the move (a conditional answer played with it: the answer),
 *   any other change's none; a Fog of War game's stream carries version numbers only; the watch ends with the client;
 *   a process holding MAX_STREAMS refuses one more, and one client address holding STREAMS_PER_CLIENT too;
 * - and the embedded default (PGlite) publishes in process.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { stampPeerAddresses } from "@/lib/auth/client-address";
import { openPostgres, type DbHandle } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { createTestPglite, createTestPostgres, type TestDb } from "@/lib/db/testing";
import { addConditionalLine, gameVersion, offerDraw, resign, submitMove } from "@/lib/games";
import { postChat } from "@/lib/games/chat";
import { createGameFeed, type GameFeed } from "@/lib/games/push";
import { games } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";

const ctx = vi.hoisted(() => ({ db: null as unknown, feed: null as unknown, user: null as User | null }));

vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user }));
vi.mock("@/lib/games/push", async (original) => ({ ...(await original<object>()), gameFeed: async () => ctx.feed }));

import { GET as events, MAX_STREAMS, STREAMS_PER_CLIENT } from "@/app/games/[id]/events/route";

/** The peer stamp this process puts on a request from 127.0.0.1, as under `next start` (instrumentation.ts). */
async function loopbackStamp(): Promise<string> {
  stampPeerAddresses();
  const server = createServer((req, res) => res.end(String(req.headers["x-courier-peer"])));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Watches a game (its LISTEN in place once this resolves): the first version heard, or a failure after `ms`. */
async function nextVersion(feed: GameFeed, gameId: string, ms = 5000): Promise<{ version: Promise<number>; stop: () => void }> {
  let heard!: (v: number) => void;
  const version = new Promise<number>((resolve, reject) => {
    heard = resolve;
    setTimeout(() => reject(new Error(`no version of ${gameId} within ${ms} ms`)), ms);
  });
  return { version, stop: await feed.watch(gameId, (v) => heard(v)) };
}

/** Reads a stream of server-sent events: its events' lines, and whether more came within `ms`. */
function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const lines: string[] = [];
  return {
    lines,
    /** The next event's data, or null when none comes within `ms`. */
    async next(ms = 5000): Promise<string | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          lines.push(...block);
          const data = block.find((l) => l.startsWith("data: "));
          if (data) return data.slice(6);
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) return null;
        // A read still waiting when the time ran out is kept for the next call: its chunk is not lost.
        pending ??= reader.read();
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([pending, new Promise<null>((r) => (timer = setTimeout(() => r(null), left)))]);
        clearTimeout(timer);
        if (chunk === null) return null;
        pending = null;
        if (chunk.done) throw new Error("the stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe("pushed updates across two processes", () => {
  let handle: TestDb;
  let other: DbHandle;
  let mover: GameFeed, watcher: GameFeed;
  let p: Players;
  let users: Record<keyof Players, User>;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    other = await openPostgres(handle.url!, { max: 2 });
    p = await seedPlayers(handle.db);
    const rows = await handle.db.query.users.findMany();
    const byId = (id: string) => rows.find((u) => u.id === id)!;
    users = { alice: byId(p.alice), bob: byId(p.bob), carol: byId(p.carol), dave: byId(p.dave) };
    // Moves are made on the first process; the streams are served by the second.
    mover = createGameFeed(handle);
    watcher = createGameFeed(other);
    ctx.db = other.db;
    ctx.feed = watcher;
  });
  afterAll(async () => {
    await mover?.close();
    await watcher?.close();
    await other?.close();
    await handle?.close();
  });
  beforeEach(() => {
    ctx.user = null;
  });

  const open = (id: string, query = "", init: RequestInit = {}) =>
    events(new Request(`http://localhost:3000/games/${id}/events${query}`, init), { params: Promise.resolve({ id }) });

  it("a move on one process reaches the watchers on both, with the game's new version", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const there = await nextVersion(watcher, id);
    const here = await nextVersion(mover, id);
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    const stored = (await gameVersion(handle.db, id))!.version;
    expect(await there.version).toBe(stored);
    expect(await here.version).toBe(stored);
    there.stop();
    here.stop();
    expect(watcher.watching()).toBe(0);
  });

  it("a draw offer, a chat message and a resignation publish too; a refused move publishes nothing", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const heard: number[] = [];
    const unwatch = await watcher.watch(id, (v) => heard.push(v));
    await expect(submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e5" })).rejects.toThrow();
    const changes = [
      () => offerDraw(handle.db, p.alice, { gameId: id }),
      () => postChat(handle.db, p.bob, { gameId: id, text: "no thanks" }),
      () => resign(handle.db, p.bob, { gameId: id }),
    ];
    for (const [i, change] of changes.entries()) {
      await change();
      const stored = (await gameVersion(handle.db, id))!.version;
      // One notification per change (a chat message keeps the game's version: wait for the count, not the number).
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(i + 1);
      expect(heard.at(-1)).toBe(stored);
    }
    unwatch();
  });

  it("after its LISTEN connection is back, a process reads every watched game again (what was sent meanwhile is lost)", async () => {
    let listenAgain = () => {};
    // A LISTEN that hears nothing: the move below is made while it is "down".
    const deaf = createGameFeed({
      db: other.db,
      listen: async (_channel, _onPayload, onListening) => {
        listenAgain = onListening;
        onListening();
        return async () => {};
      },
    });
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const heard = await nextVersion(deaf, id);
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    listenAgain();
    expect(await heard.version).toBe((await gameVersion(handle.db, id))!.version);
    heard.stop();
  });

  /** What a move's event carries after the version: the move as the game now stores it. */
  const carried = async (id: string) => {
    const [g] = await handle.db.select().from(games).where(eq(games.id, id));
    const [text] = (await handle.db.query.moves.findMany({ where: (m, { and, eq: is }) => and(is(m.gameId, id), is(m.ply, g.ply)) })).map((m) => m.text);
    const drawOffer = g.drawOfferBy === null ? null : g.drawOfferBy === g.whiteId ? "white" : "black";
    return JSON.stringify({ ply: g.ply, text, deadline: g.deadline?.toISOString() ?? null, drawOffer });
  };

  it("a stream hears a move made on the other process: 'changed, version N', and the move", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const now = (await gameVersion(handle.db, id))!.version;
    const r = await open(id, `?since=${now}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(r.headers.get("cache-control")).toContain("no-transform");
    const stream = eventReader(r);
    // Up to date: nothing to say until the game changes.
    expect(await stream.next(300)).toBeNull();
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    const after = (await gameVersion(handle.db, id))!.version;
    expect(await stream.next()).toBe(`${after} ${await carried(id)}`);
    expect(JSON.parse((await carried(id)))).toMatchObject({ ply: 1, text: "P e2-e4", drawOffer: null, deadline: expect.stringMatching(/^\d{4}-/) });
    expect(stream.lines).toContain(`id: ${after}`);
    await stream.cancel();
    await expect.poll(() => watcher.watching()).toBe(0);
  });

  it("a move's event names the draw offer it leaves; a draw offer, a resignation and a game's last move carry no move", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    ctx.user = users.alice;
    const stream = eventReader(await open(id));
    const versions = async () => {
      const { version, chatVersion } = (await gameVersion(handle.db, id))!;
      return `${version}.${chatVersion}`;
    };
    expect(await stream.next()).toBe(await versions());
    await offerDraw(handle.db, p.alice, { gameId: id });
    expect(await stream.next()).toBe(await versions());
    // Alice's own offer stands after her move.
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P f2-f3" });
    expect(await stream.next()).toBe(`${await versions()} ${await carried(id)}`);
    expect(JSON.parse(await carried(id)).drawOffer).toBe("white");
    await submitMove(handle.db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" });
    expect(JSON.parse((await stream.next())!.split(" ").slice(1).join(" ")).drawOffer).toBeNull();
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 2, move: "P g2-g4" });
    await stream.next();
    // Mate: the game is over, and the page reads how it ended.
    await submitMove(handle.db, p.bob, { gameId: id, expectedPly: 3, move: "q d8-h4" });
    expect(await stream.next()).toBe(await versions());
    await stream.cancel();

    const other = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
    ctx.user = null;
    const resigned = eventReader(await open(other));
    await resigned.next();
    await resign(handle.db, p.bob, { gameId: other });
    expect(await resigned.next()).toBe(String((await gameVersion(handle.db, other))!.version));
    await resigned.cancel();
  });

  it("a conditional answer played with the move: the event carries the answer, the game as the transaction left it", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
    await addConditionalLine(handle.db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] });
    ctx.user = users.bob;
    const stream = eventReader(await open(id));
    await stream.next();
    await submitMove(handle.db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" });
    const { version, chatVersion } = (await gameVersion(handle.db, id))!;
    expect(await stream.next()).toBe(`${version}.${chatVersion} ${await carried(id)}`);
    expect(JSON.parse(await carried(id))).toMatchObject({ ply: 3, text: "N g1-f3" });
    // One notification for the transaction: nothing more comes.
    expect(await stream.next(500)).toBeNull();
    await stream.cancel();
  });

  it("a private game's stream is not found for a stranger or a signed-out visitor, and open to its players", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, visibility: "private" });
    for (const who of [users.carol, null]) {
      ctx.user = who;
      const r = await open(id);
      expect(r.status, who?.name ?? "signed out").toBe(404);
      const body = await r.text();
      expect(body).not.toContain("Alice");
      expect(body).not.toMatch(/\d{10,}/);
    }
    expect(watcher.watching()).toBe(0);
    ctx.user = users.bob;
    const r = await open(id);
    expect(r.status).toBe(200);
    const stream = eventReader(r);
    // A player's stream names the chat's version too.
    const { version, chatVersion } = (await gameVersion(handle.db, id))!;
    expect(await stream.next()).toBe(`${version}.${chatVersion}`);
    await stream.cancel();
    await expect.poll(() => watcher.watching()).toBe(0);
  });

  it("resumes: a stream from an old version hears the current one at once, Last-Event-ID before ?since=", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const before = (await gameVersion(handle.db, id))!.version;
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    await submitMove(handle.db, p.bob, { gameId: id, expectedPly: 1, move: "P e7-e5" });
    const now = (await gameVersion(handle.db, id))!.version;
    const resumed = eventReader(await open(id, `?since=${before}`));
    expect(await resumed.next(1000)).toBe(String(now));
    await resumed.cancel();
    // The browser's reconnect names the last version it heard, which is the current one here.
    const reconnected = eventReader(await open(id, `?since=${before}`, { headers: { "Last-Event-ID": String(now) } }));
    expect(await reconnected.next(300)).toBeNull();
    await reconnected.cancel();
  });

  it("a Fog of War game's stream carries nothing but version numbers, to a spectator as to a player", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, variant: "fog-of-war" });
    const streams = [];
    for (const who of [null, users.bob]) {
      ctx.user = who;
      streams.push(eventReader(await open(id)));
    }
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    const after = String((await gameVersion(handle.db, id))!.version);
    for (const s of streams) {
      // The version at connection, then the move's.
      expect(await s.next()).not.toBeNull();
      expect((await s.next())?.split(".")[0]).toBe(after);
      expect(s.lines.every((l) => /^(retry: \d+|id: \d+(\.\d+)?|data: \d+(\.\d+)?|: )$/.test(l)), s.lines.join("|")).toBe(true);
      await s.cancel();
    }
  });

  it("a chat message is heard by the players' streams as 'N.C', and by no stranger's", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const { version, chatVersion } = (await gameVersion(handle.db, id))!;
    ctx.user = users.carol;
    const stranger = eventReader(await open(id, `?since=${version}`));
    ctx.user = users.alice;
    const player = eventReader(await open(id, `?since=${version}.${chatVersion}`));
    // Both up to date: silence.
    expect(await player.next(300)).toBeNull();
    await postChat(handle.db, p.bob, { gameId: id, text: "good luck" });
    expect(await player.next()).toBe(`${version}.${chatVersion + 1}`);
    expect(await stranger.next(1000)).toBeNull();
    // A move is news to both; the stranger hears the game's version alone.
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    const after = (await gameVersion(handle.db, id))!.version;
    expect(await stranger.next()).toBe(`${after} ${await carried(id)}`);
    expect(await player.next()).toBe(`${after}.${chatVersion + 1} ${await carried(id)}`);
    expect(stranger.lines.filter((l) => l.startsWith("id: ")).join("|")).not.toContain(".");
    await stranger.cancel();
    await player.cancel();
    await expect.poll(() => watcher.watching()).toBe(0);
  });

  it("the watch ends when the client goes (the request aborted)", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const going = new AbortController();
    const r = await open(id, "", { signal: going.signal });
    expect(r.status).toBe(200);
    expect(watcher.watching()).toBe(1);
    going.abort();
    expect(watcher.watching()).toBe(0);
  });

  it("a process holding MAX_STREAMS streams refuses one more (503: the page polls), and takes it again once one goes", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const held = await Promise.all(Array.from({ length: MAX_STREAMS }, () => watcher.watch(id, () => {})));
    const refused = await open(id);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    held.pop()!();
    const taken = await open(id);
    expect(taken.status).toBe(200);
    await taken.body!.cancel();
    for (const unwatch of held) unwatch();
    expect(watcher.watching()).toBe(0);
  });

  it("one client address holds at most STREAMS_PER_CLIENT streams (429: its pages poll), and every other client is still served", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    // Clients behind a trusted proxy on loopback, told apart by X-Forwarded-For.
    const stamp = await loopbackStamp();
    const from = (client: string) => ({ headers: { "x-courier-peer": stamp, "x-forwarded-for": client } });
    vi.stubEnv("TRUSTED_PROXIES", "127.0.0.1");
    try {
      const held: Response[] = [];
      for (let i = 0; i < STREAMS_PER_CLIENT; i++) held.push(await open(id, "", from("203.0.113.7")));
      expect(held.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const refused = await open(id, "", from("203.0.113.7"));
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      const other = await open(id, "", from("198.51.100.2"));
      expect(other.status).toBe(200);
      await held.pop()!.body!.cancel();
      const again = await open(id, "", from("203.0.113.7"));
      expect(again.status).toBe(200);
      for (const r of [...held, other, again]) await r.body!.cancel();
    } finally {
      vi.unstubAllEnvs();
    }
    await expect.poll(() => watcher.watching()).toBe(0);
  });

  it("a bad version or game id is refused, not streamed", async () => {
    for (const [id, query] of [["x", "?since=abc"], ["x", "?since=-1"], ["x", "?since=1e400"]]) expect((await open(id, query)).status).toBe(400);
    expect((await open("x", "", { headers: { "Last-Event-ID": "nope" } })).status).toBe(400);
    for (const id of ["no-such-game", "\u0000", "a".repeat(300)]) expect((await open(id)).status).toBe(404);
    expect(watcher.watching()).toBe(0);
  });
});

describe("pushed updates on the embedded database (PGlite)", () => {
  let handle: TestDb;
  let feed: GameFeed;
  let p: Players;

  beforeAll(async () => {
    handle = await createTestPglite();
    feed = createGameFeed(handle);
    p = await seedPlayers(handle.db);
  });
  afterAll(async () => {
    await feed?.close();
    await handle?.close();
  });

  it("a move is heard in process, with the game's new version", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const heard = await nextVersion(feed, id);
    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    expect(await heard.version).toBe((await gameVersion(handle.db, id))!.version);
    heard.stop();
  });
});
