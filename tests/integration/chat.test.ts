/**
 * Notes and chat on real PostgreSQL (docs/chat.md): only the players write, notes are their
 * author's alone, a mute and chat turned off hide what they promise to hide (on the page's
 * state and in the emails), the rate limit holds, the email quotes escaped and truncated, and
 * a draw offer is mailed to the player offered it. The players-only check of every chat
 * operation is also in the authorization matrix (tests/integration/authorization.test.ts).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toGameState } from "@/app/games/[id]/load";
import type { Db } from "@/lib/db/client";
import { chatMessages, chatReports, emailOutbox, games, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import {
  CHAT_PER_MINUTE, CHAT_QUOTE_MAX, GameError, createChallenge, getGameView, gameVersion, offerDraw, postChat, reportMessage, saveNote,
  setMute, submitMove,
} from "@/lib/games";
import { T0, insertActiveGame, seedPlayers, type Players } from "../support/games";
import { withBodies } from "../support/mail";

let handle: TestDb;
let db: Db;
let p: Players;

beforeAll(async () => {
  handle = await createTestPostgres({ max: 4 });
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  p = await seedPlayers(db);
});

const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const e = await call.then(() => null, (err: unknown) => err);
  expect(e, "refused").toBeInstanceOf(GameError);
  return { code: (e as GameError).code, message: (e as GameError).message };
}

/** Alice (White) against Bob (Black). */
const aGame = (visibility: "public" | "private" = "public", variant = "chess") =>
  insertActiveGame(db, { white: p.alice, black: p.bob, visibility, variant });

/** What `viewer` reads of the chat on the game page and its poll (the state the browser gets). */
async function seen(gameId: string, viewer: string | null) {
  return toGameState(await getGameView(db, gameId, viewer)).chat;
}
const texts = (chat: Awaited<ReturnType<typeof seen>>) => chat?.messages.map((m) => `${m.mine ? "me" : "them"}: ${m.text}`);

async function yourTurnTo(address: string) {
  const rows = await withBodies(await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, "your-turn"))));
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe("who takes part", () => {
  it("the players write and read; a spectator, a stranger on a private game and a signed-out visitor see no chat at all", async () => {
    const id = await aGame();
    await postChat(db, p.alice, { gameId: id, text: "good luck" }, at(1));
    await postChat(db, p.bob, { gameId: id, text: "you too" }, at(2));
    expect(texts(await seen(id, p.alice))).toEqual(["me: good luck", "them: you too"]);
    expect(texts(await seen(id, p.bob))).toEqual(["them: good luck", "me: you too"]);
    for (const viewer of [p.carol, null]) {
      const state = toGameState(await getGameView(db, id, viewer));
      expect(state.chat).toBeUndefined();
      expect(JSON.stringify(state)).not.toContain("good luck");
    }
    expect(await refusal(postChat(db, p.carol, { gameId: id, text: "hi" }, at(3))))
      .toEqual({ code: "forbidden", message: "only the players of this game may do that" });
    const secret = await aGame("private");
    expect(await refusal(postChat(db, p.carol, { gameId: secret, text: "hi" }, at(3)))).toEqual({ code: "not-found", message: "no such game" });
    expect(await db.select().from(chatMessages).where(eq(chatMessages.authorId, p.carol))).toEqual([]);
  });

  it("mutes and reports are the players' too: others are refused as for any game action", async () => {
    const id = await aGame();
    await postChat(db, p.alice, { gameId: id, text: "hello" }, at(1));
    const [m] = await db.select().from(chatMessages);
    const notAPlayer = { code: "forbidden", message: "only the players of this game may do that" };
    expect(await refusal(setMute(db, p.carol, { gameId: id, mute: true }))).toEqual(notAPlayer);
    expect(await refusal(reportMessage(db, p.carol, { gameId: id, messageId: m.id }))).toEqual(notAPlayer);
    expect(await refusal(saveNote(db, p.carol, { gameId: id, text: "mine" }))).toEqual(notAPlayer);
    // A challenge nobody accepted yet has nobody to mute.
    const open = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0);
    expect(await refusal(setMute(db, p.alice, { gameId: open.gameId, mute: true }))).toEqual({ code: "over", message: "this game has not started yet" });
  });

  it("in a game in fog the players chat, and a spectator's state has neither chat nor position", async () => {
    const id = await aGame("public", "fog-of-war");
    await postChat(db, p.bob, { gameId: id, text: "I see nothing" }, at(1));
    expect(texts(await seen(id, p.alice))).toEqual(["them: I see nothing"]);
    expect(await seen(id, p.carol)).toBeUndefined();
  });

  it("bots read no chat: none is shown in a game against one, and none can be written", async () => {
    // seedPlayers empties users, the bots' accounts too: one comes back as the migration made it.
    const [bot] = await db.insert(users).values({ name: "Bot-level-1", email: "bot-level-1@bots.invalid", notify: "none", botLevel: 1 }).returning();
    const id = await insertActiveGame(db, { white: p.alice, black: bot.id });
    expect(await seen(id, p.alice)).toBeUndefined();
    expect(await refusal(postChat(db, p.alice, { gameId: id, text: "hi bot" }, at(1)))).toEqual({ code: "invalid", message: "bots read no chat" });
  });

  it("a message is bounded, not blank, and only while the game is under way", async () => {
    const id = await aGame();
    expect((await refusal(postChat(db, p.alice, { gameId: id, text: "x".repeat(501) }))).code).toBe("invalid");
    expect((await refusal(postChat(db, p.alice, { gameId: id, text: "   " }))).code).toBe("invalid");
    await postChat(db, p.alice, { gameId: id, text: "y".repeat(500) }, at(1));
    await db.update(games).set({ status: "finished", result: "1-0", endReason: "resignation", deadline: null }).where(eq(games.id, id));
    expect(await refusal(postChat(db, p.alice, { gameId: id, text: "gg" }, at(2)))).toEqual({ code: "over", message: "this game is over" });
    // The history stays for both to read.
    expect((await seen(id, p.bob))?.messages).toHaveLength(1);
  });

  it("a message moves the chat's version on, which the players' state carries, and not the game's, which strangers see", async () => {
    const id = await aGame();
    const [before] = await db.select().from(games).where(eq(games.id, id));
    const stranger = toGameState(await getGameView(db, id, p.carol));
    await postChat(db, p.alice, { gameId: id, text: "your move" }, new Date(before.updatedAt.getTime() + 60_000));
    const [after] = await db.select().from(games).where(eq(games.id, id));
    // The lists order by updated_at and the page's version is it: neither tells anyone that the players chatted.
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(toGameState(await getGameView(db, id, p.carol))).toEqual(stranger);
    expect((await gameVersion(db, id))!.version).toBe(before.updatedAt.getTime());
    for (const player of [p.alice, p.bob]) {
      const state = toGameState(await getGameView(db, id, player));
      expect(state.version).toBe(before.updatedAt.getTime());
      expect(state.chat!.version).toBe(before.chatVersion + 1);
    }
    await postChat(db, p.bob, { gameId: id, text: "thinking" }, new Date(before.updatedAt.getTime() + 61_000));
    expect((await seen(id, p.alice))!.version).toBe(before.chatVersion + 2);
    // Mutes and reports leave it as it was (the other player's page must not tell them apart).
    await setMute(db, p.alice, { gameId: id, mute: true });
    expect((await seen(id, p.bob))!.version).toBe(before.chatVersion + 2);
  });
});

describe("notes", () => {
  it("are seen by their author only, on the page, in the state and in the emails", async () => {
    const id = await aGame();
    // The page's read of the game carries the viewer's own notes, and nobody else's.
    const noteOf = async (viewer: string | null) => (await getGameView(db, id, viewer)).note ?? "";
    await saveNote(db, p.bob, { gameId: id, text: "Plan: the Sicilian, then h5" });
    await saveNote(db, p.alice, { gameId: id, text: "Bob likes gambits" });
    expect(await noteOf(p.bob)).toBe("Plan: the Sicilian, then h5");
    expect(await noteOf(p.alice)).toBe("Bob likes gambits");
    expect(await noteOf(p.carol)).toBe("");
    expect(await noteOf(null)).toBe("");
    await submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, at(1));
    for (const viewer of [p.alice, p.carol, null]) {
      expect(JSON.stringify(toGameState(await getGameView(db, id, viewer)))).not.toContain("Sicilian");
    }
    const mail = await withBodies(await db.select().from(emailOutbox));
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) expect(`${m.subject}${m.html}${m.text}`).not.toMatch(/Sicilian|gambits/);
    // Saved again: replaced; emptied: gone.
    await saveNote(db, p.bob, { gameId: id, text: "Plan B" });
    expect(await noteOf(p.bob)).toBe("Plan B");
    await saveNote(db, p.bob, { gameId: id, text: "  " });
    expect(await noteOf(p.bob)).toBe("");
    expect((await refusal(saveNote(db, p.bob, { gameId: id, text: "n".repeat(10_001) }))).code).toBe("invalid");
  });
});

describe("mute", () => {
  it("hides the muted player's messages from the muter only, silently, and keeps them out of the emails to the muter", async () => {
    const id = await aGame();
    await setMute(db, p.bob, { gameId: id, mute: true });
    await postChat(db, p.alice, { gameId: id, text: "you will lose" }, at(1));
    await postChat(db, p.bob, { gameId: id, text: "we will see" }, at(2));
    const bob = await seen(id, p.bob);
    expect(bob).toMatchObject({ muted: true, off: null, open: true });
    expect(texts(bob)).toEqual(["me: we will see"]);
    // Alice is not told: she sees the chat as before.
    const alice = await seen(id, p.alice);
    expect(alice).toMatchObject({ muted: false, off: null });
    expect(texts(alice)).toEqual(["me: you will lose", "them: we will see"]);
    await submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, at(3));
    const mail = await yourTurnTo("bob@example.test");
    expect(`${mail.html}${mail.text}`).not.toContain("you will lose");
    // Unmuted: shown again.
    await setMute(db, p.bob, { gameId: id, mute: false });
    expect(texts(await seen(id, p.bob))).toEqual(["them: you will lose", "me: we will see"]);
  });
});

describe("chat off", () => {
  it("for either player closes it for both: the one who turned it off sees nothing, the other is told, nobody writes, no email quotes", async () => {
    const id = await aGame();
    await postChat(db, p.alice, { gameId: id, text: "before" }, at(1));
    await db.update(users).set({ chatEnabled: false }).where(eq(users.id, p.bob));
    expect(await seen(id, p.bob)).toEqual({ off: "you", muted: false, open: false, messages: [], version: 1 });
    expect(await seen(id, p.alice)).toEqual({ off: "opponent", muted: false, open: false, messages: [], version: 1 });
    expect(await refusal(postChat(db, p.alice, { gameId: id, text: "hello?" }, at(2)))).toEqual({ code: "forbidden", message: "Bob has turned chat off" });
    expect(await refusal(postChat(db, p.bob, { gameId: id, text: "hi" }, at(2)))).toEqual({ code: "forbidden", message: "you have turned chat off in Settings" });
    await submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, at(3));
    const mail = await yourTurnTo("bob@example.test");
    expect(`${mail.html}${mail.text}`).not.toContain("before");
    expect(await db.select({ text: chatMessages.text }).from(chatMessages)).toEqual([{ text: "before" }]);
  });
});

describe("rate limit", () => {
  it(`takes ${CHAT_PER_MINUTE} messages a minute from a player, in all games together, then refuses until the minute has passed`, async () => {
    const one = await aGame();
    const two = await insertActiveGame(db, { white: p.dave, black: p.alice });
    for (let i = 0; i < CHAT_PER_MINUTE; i++) await postChat(db, p.alice, { gameId: i % 2 ? one : two, text: `m${i}` }, at(i));
    expect(await refusal(postChat(db, p.alice, { gameId: one, text: "one more" }, at(30))))
      .toEqual({ code: "limited", message: `at most ${CHAT_PER_MINUTE} messages a minute: wait a moment` });
    // The opponent's budget is their own.
    await postChat(db, p.bob, { gameId: one, text: "calm down" }, at(30));
    await postChat(db, p.alice, { gameId: one, text: "sorry" }, at(61));
    expect((await db.select().from(chatMessages).where(eq(chatMessages.authorId, p.alice)))).toHaveLength(CHAT_PER_MINUTE + 1);
  });
});

describe("rate limit under concurrency", () => {
  it(`15 messages sent at once give exactly ${CHAT_PER_MINUTE}: the player's row lock counts them one after the other`, async () => {
    // In three games, so the games' row locks do not line them up.
    const ids = [await aGame(), await insertActiveGame(db, { white: p.dave, black: p.alice }), await insertActiveGame(db, { white: p.alice, black: p.carol })];
    const sent = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => postChat(db, p.alice, { gameId: ids[i % 3], text: `at once ${i}` }, at(1))));
    expect(sent.filter((s) => s.status === "fulfilled")).toHaveLength(CHAT_PER_MINUTE);
    for (const s of sent) if (s.status === "rejected") expect((s.reason as GameError).code).toBe("limited");
    expect(await db.select().from(chatMessages)).toHaveLength(CHAT_PER_MINUTE);
  });
});

describe("reports", () => {
  it("record a row for the moderators, once, for the opponent's messages only", async () => {
    const id = await aGame();
    await postChat(db, p.alice, { gameId: id, text: "rude words" }, at(1));
    await postChat(db, p.bob, { gameId: id, text: "polite words" }, at(2));
    const [rude, polite] = await db.select().from(chatMessages).orderBy(chatMessages.createdAt);
    await reportMessage(db, p.bob, { gameId: id, messageId: rude.id });
    await reportMessage(db, p.bob, { gameId: id, messageId: rude.id });
    expect(await db.select({ messageId: chatReports.messageId, reporterId: chatReports.reporterId }).from(chatReports))
      .toEqual([{ messageId: rude.id, reporterId: p.bob }]);
    expect((await seen(id, p.bob))?.messages.map((m) => m.reported)).toEqual([true, false]);
    // Alice is not told hers was reported.
    expect((await seen(id, p.alice))?.messages.map((m) => m.reported)).toEqual([false, false]);
    expect(await refusal(reportMessage(db, p.bob, { gameId: id, messageId: polite.id })))
      .toEqual({ code: "invalid", message: "you can report your opponent's messages, not your own" });
    // A message of another game is not this game's.
    const other = await insertActiveGame(db, { white: p.bob, black: p.dave });
    expect(await refusal(reportMessage(db, p.bob, { gameId: other, messageId: rude.id }))).toEqual({ code: "not-found", message: "no such message" });
  });
});

describe("emails", () => {
  it("the your-turn email quotes the opponent's latest message since one's own last move, escaped and truncated", async () => {
    const id = await aGame();
    await submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, at(1));
    await postChat(db, p.alice, { gameId: id, text: "said before Bob moved" }, at(2));
    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, at(3));
    await db.delete(emailOutbox);
    await postChat(db, p.alice, { gameId: id, text: "an older one" }, at(4));
    const hostile = `<script>alert("x")</script> & <a href="https://evil.test">click</a> ${"z".repeat(300)}`;
    await postChat(db, p.alice, { gameId: id, text: hostile }, at(5));
    await submitMove(db, p.alice, { gameId: id, expectedPly: 2, move: "N g1-f3" }, at(6));
    const mail = await yourTurnTo("bob@example.test");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('<a href="https://evil.test"');
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=");
    expect(mail.text).toContain(`<script>alert("x")</script> &`);
    expect(mail.text).toContain(`${"z".repeat(CHAT_QUOTE_MAX - hostile.indexOf("z") - 1)}…`);
    expect(mail.text).not.toContain("z".repeat(CHAT_QUOTE_MAX));
    expect(`${mail.html}${mail.text}`).not.toMatch(/an older one|said before Bob moved/);
    // Nothing said since the opponent's last move: nothing quoted.
    await submitMove(db, p.bob, { gameId: id, expectedPly: 3, move: "n b8-c6" }, at(7));
    const toAlice = await yourTurnTo("alice@example.test");
    expect(toAlice.text).not.toContain("wrote:");
  });

  it("never quotes to a player a message they reported: the latest one they did not report is quoted instead", async () => {
    const id = await aGame();
    await submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, at(1));
    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, at(2));
    await postChat(db, p.alice, { gameId: id, text: "a fair remark" }, at(3));
    await postChat(db, p.alice, { gameId: id, text: "an insult" }, at(4));
    const [insult] = await db.select().from(chatMessages).where(eq(chatMessages.text, "an insult"));
    await reportMessage(db, p.bob, { gameId: id, messageId: insult.id }, at(5));
    await db.delete(emailOutbox);
    await submitMove(db, p.alice, { gameId: id, expectedPly: 2, move: "N g1-f3" }, at(6));
    const mail = await yourTurnTo("bob@example.test");
    expect(`${mail.html}${mail.text}`).not.toContain("an insult");
    expect(mail.text).toContain("a fair remark");
    // Alice reporting nothing of Bob's, Bob's message is quoted to her as ever; his report was his own.
    await postChat(db, p.bob, { gameId: id, text: "that was rude" }, at(7));
    await submitMove(db, p.bob, { gameId: id, expectedPly: 3, move: "n b8-c6" }, at(8));
    expect((await yourTurnTo("alice@example.test")).text).toContain("that was rude");
  });

  it("a draw offer is mailed to the player offered it, once, by name only, and as the mail settings allow", async () => {
    const id = await aGame();
    await db.delete(emailOutbox);
    await offerDraw(db, p.alice, { gameId: id }, at(1));
    await offerDraw(db, p.alice, { gameId: id }, at(2));
    const mail = await withBodies(await db.select().from(emailOutbox));
    expect(mail.map((m) => [m.toAddress, m.kind, m.subject])).toEqual([["bob@example.test", "draw-offer", "Alice offers a draw (Chess)"]]);
    expect(mail[0].text).toContain(`/games/${id}`);
    expect(`${mail[0].html}${mail[0].text}`).not.toContain("alice@example.test");
    // Carol reads the daily digest: the offer waits for her on the game page.
    const withCarol = await insertActiveGame(db, { white: p.alice, black: p.carol });
    await db.delete(emailOutbox);
    await offerDraw(db, p.alice, { gameId: withCarol }, at(3));
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });
});

it("the game's view carries the chat for nobody but the two players", async () => {
  const id = await aGame();
  expect((await getGameView(db, id, p.dave)).chat).toBeNull();
  expect((await getGameView(db, id, null)).chat).toBeNull();
  expect((await getGameView(db, id, p.alice)).chat).toMatchObject({ open: true, messages: [] });
});
