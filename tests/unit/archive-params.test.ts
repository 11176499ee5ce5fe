import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { archiveSearch, decodeCursor, encodeCursor, parseArchiveQuery } from "@/lib/games/archive-params";
import { proxy } from "@/proxy";

describe("archive query strings", () => {
  it("reads every filter and writes the same search back canonically", () => {
    const raw = "variant=compound&player=Alice&opponent=Bob&status=finished&result=won&ended=checkmate&from=2026-01-01&to=2026-02-28&min_moves=10&max_moves=40&sort=started&order=oldest";
    const q = parseArchiveQuery(new URLSearchParams(raw));
    expect(q.problems).toEqual([]);
    expect(q.untidy).toBe(false);
    expect(q.filters).toEqual({
      variant: "compound", player: "Alice", opponent: "Bob", status: "finished", result: "won", ended: "checkmate",
      from: "2026-01-01", to: "2026-02-28", minMoves: 10, maxMoves: 40, sort: "started", order: "oldest",
    });
    expect(archiveSearch(q.filters)).toBe(`?${raw}`);
  });

  it("defaults to every listed game by last move, newest first, and leaves defaults out of addresses", () => {
    const q = parseArchiveQuery({});
    expect(q.filters).toEqual({ sort: "last", order: "newest" });
    expect(archiveSearch(q.filters)).toBe("");
    const spelled = parseArchiveQuery({ sort: "last", order: "newest" });
    expect(spelled.untidy).toBe(true);
    expect(archiveSearch(spelled.filters)).toBe("");
  });

  it("treats the empty fields of a submitted form as absent, and says the address can be tidier", () => {
    const q = parseArchiveQuery(new URLSearchParams("variant=&player=&status=ongoing&min_moves=&sort=last"));
    expect(q.problems).toEqual([]);
    expect(q.untidy).toBe(true);
    expect(archiveSearch(q.filters)).toBe("?status=ongoing");
  });

  it("ignores bad values with a message, never throws", () => {
    const q = parseArchiveQuery({
      variant: "tori-shogi", status: "paused", result: "1-0", ended: "boredom", from: "2026-02-30", to: "yesterday",
      min_moves: "-3", max_moves: "lots", sort: "elo", order: "random",
    });
    expect(q.filters).toEqual({ sort: "last", order: "newest" });
    expect(q.problems).toHaveLength(10);
    expect(q.problems[0]).toBe("variant=tori-shogi was ignored: not a game played here");
    expect(q.problems.join("\n")).toContain("from=2026-02-30 was ignored: no such date");
  });

  it("catches contradictions: reversed ranges, won/lost without a player, results of open challenges", () => {
    expect(parseArchiveQuery({ from: "2026-03-01", to: "2026-01-01" }).problems).toEqual(["from=2026-03-01 is after to=2026-01-01: both were ignored"]);
    expect(parseArchiveQuery({ min_moves: "9", max_moves: "3" }).filters.minMoves).toBeUndefined();
    const won = parseArchiveQuery({ result: "won" });
    expect(won.filters.result).toBeUndefined();
    expect(won.problems[0]).toMatch(/needs a player/);
    expect(parseArchiveQuery({ result: "won" }, { playerFixed: true }).filters.result).toBe("won");
    expect(parseArchiveQuery({ status: "open", result: "draw" }).filters.result).toBeUndefined();
    // An opponent alone is a player.
    expect(parseArchiveQuery({ opponent: "Bob" }).filters).toMatchObject({ player: "Bob", opponent: undefined });
  });

  it("takes the first of a repeated parameter, and cuts long values in messages", () => {
    const q = parseArchiveQuery(new URLSearchParams("status=open&status=finished"));
    expect(q.filters.status).toBe("open");
    expect(q.problems[0]).toMatch(/more than once/);
    const long = parseArchiveQuery({ player: "x".repeat(500) });
    expect(long.filters.player).toBeUndefined();
    expect(long.problems[0].length).toBeLessThan(120);
    expect(parseArchiveQuery({ player: "a\u0000b" }).problems[0]).toMatch(/control characters/);
  });

  it("keeps a player page's own player out of the query string", () => {
    const q = parseArchiveQuery({ player: "Mallory", opponent: "Bob" }, { playerFixed: true });
    expect(q.filters.player).toBeUndefined();
    expect(q.filters.opponent).toBe("Bob");
    expect(archiveSearch({ ...q.filters, player: "X" }, {}, { playerFixed: true })).toBe("?opponent=Bob");
  });

  it("round-trips cursors and refuses tampered ones", () => {
    const c = { at: "2026-11-29T12:34:56.123456Z", id: "5b0e8c52-1a43-4f6e-9bd7-0b0c7cfb0a51" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    const q = parseArchiveQuery({ after: encodeCursor(c), variant: "chess" });
    expect(q.after).toEqual(c);
    expect(archiveSearch(q.filters, { after: c })).toBe(`?variant=chess&after=${encodeCursor(c)}`);
    for (const bad of ["", "!!!", encodeCursor({ at: "2026-11-29", id: "x" }), Buffer.from("2026-11-29T12:34:56.123456Z|a|b").toString("base64url"),
      Buffer.from("2026-11-29T12:34:56.123456Z|'; drop table games").toString("base64url"), "A".repeat(400)]) {
      expect(decodeCursor(bad)).toBeNull();
    }
    const broken = parseArchiveQuery({ after: "nonsense!" });
    expect(broken.after).toBeUndefined();
    expect(broken.problems[0]).toMatch(/first page/);
    expect(parseArchiveQuery({ after: encodeCursor(c), before: encodeCursor(c) }).after).toBeUndefined();
  });

  // Each decodes to the cursor's shape, and each made PostgreSQL refuse the timestamp (a 500).
  const forged = [
    "0000-01-01T00:00:00.000000Z", "2026-02-30T12:00:00.000000Z", "2026-01-01T24:00:00.000000Z", "1066-10-14T09:00:00.000000Z",
    "9999-12-31T23:59:59.999999Z", "2026-13-01T00:00:00.000000Z", "2026-00-10T00:00:00.000000Z",
  ].map((at) => encodeCursor({ at, id: "5b0e8c52-1a43-4f6e-9bd7-0b0c7cfb0a51" }));

  it("refuses cursors that decode but name no real time in range", () => {
    for (const bad of forged) expect(decodeCursor(bad), Buffer.from(bad, "base64url").toString()).toBeNull();
    expect(decodeCursor(encodeCursor({ at: "2024-02-29T23:59:59.999999Z", id: "g1" }))).toEqual({ at: "2024-02-29T23:59:59.999999Z", id: "g1" });
    expect(parseArchiveQuery({ before: forged[0] }).problems[0]).toMatch(/^the page position \(before=.*\) was not understood: showing the first page$/);
  });

  it("answers an archive address with a bad page position 400, with the reason and the first page's link", async () => {
    for (const path of ["/games?variant=chess&after=", "/players/Alice?order=oldest&before="]) {
      const response = proxy(new NextRequest(`http://localhost:3000${path}${forged[0]}`));
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain("was not understood.");
      expect(page).toContain(`href="${path.split("&")[0]}"`);
    }
    const garbage = await proxy(new NextRequest("http://localhost:3000/games?after=%3Cscript%3E")).text();
    expect(garbage).toContain("(after=&lt;script&gt;)");
    // A good cursor, or none, goes on to the page.
    for (const path of ["/games", `/games?after=${encodeCursor({ at: "2026-11-29T12:34:56.123456Z", id: "g1" })}`]) {
      const response = proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get("x-middleware-next")).toBe("1");
    }
  });
});
