/**
 * Games for more than two in the archive's rows (app/_archive/archive-view.tsx) and their record
 * (lib/rules/multi/record.ts, docs/notation.md#the-record-of-a-game-for-more-than-two).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Results, SearchForm } from "@/app/_archive/archive-view";
import type { ArchiveEntry } from "@/lib/games/archive";
import { MultiGame, makeMultiRecord } from "@/lib/rules";

describe("an archive row of a game for more than two", () => {
  const entry: ArchiveEntry = {
    id: "m1", variant: "four-player", status: "finished", choosingSetups: false, result: null, endReason: "last-army-standing", ply: 37,
    visibility: "public", whiteName: null, blackName: null, whiteRegistered: false, blackRegistered: false, imported: false,
    createdAt: new Date("2026-12-01T12:00:00Z"), lastMoveAt: new Date("2026-12-02T12:00:00Z"), ending: "Red wins: the last army standing",
    seats: [
      { army: "r", armyName: "Red", player: "Alice", place: 1, winner: true },
      { army: "b", armyName: "Blue", player: "Bob", place: 2, winner: false },
      { army: "y", armyName: "Yellow", player: "Carol", place: 3, winner: false },
      { army: "g", armyName: "Green", player: null, place: 4, winner: false },
    ],
  };
  const html = renderToStaticMarkup(<Results page={{ entries: [entry], next: null, prev: null, notes: [] }} filters={{ sort: "last", order: "newest" }} />);

  it("names every seat with its army and place, the game, and the ending in words", () => {
    expect(html).toContain("Four-player chess</a>");
    expect(html).toContain('href="/players/Alice"');
    expect(html).toMatch(/Alice<\/a> \(Red, 1st\)/);
    expect(html).toMatch(/Bob<\/a> \(Blue, 2nd\)/);
    expect(html).toMatch(/\(open seat\)<\/span> \(Green, 4th\)/);
    expect(html).toContain("<td>Red wins: the last army standing</td>");
    expect(html).toContain('<th scope="col">Players</th>');
    expect(html).not.toContain("White");
  });

  it("shows its picture route as the thumbnail, counting turns", () => {
    expect(html).toContain('src="/games/m1/board.svg?ply=37&amp;size=16"');
    expect(html).toContain('alt="Board after turn 37"');
  });

  it("the search form offers these games", () => {
    const form = renderToStaticMarkup(<SearchForm action="/games" filters={{ variant: "three-player", sort: "last", order: "newest" }} />);
    expect(form).toContain('<option value="three-player" selected="">Three-player chess</option>');
  });
});

describe("the record of a game for more than two", () => {
  const start = MultiGame.start("four-player").fen();
  const record = (moves: string[], eliminations: { army: string; reason: "resignation" | "timeout"; afterPly: number }[]) => makeMultiRecord({
    variant: "four-player", startFen: start, moves, eliminations, tags: { Event: "Test" },
    players: { r: "Alice", b: "Bob \"the rook\"", y: null, g: "Dave" }, end: null,
  });

  it("numbers rounds as the turn comes round, out armies skipped, and says where one went out", () => {
    const text = record(
      ["P h2-h3", "P b7-c7", "P h13-h12", "P m8-l8", "P i2-i3", "P g13-g12", "P m7-l7", "P e2-e3"],
      [{ army: "b", reason: "resignation", afterPly: 5 }],
    );
    const [, moves] = text.split("\n\n");
    expect(moves.replace(/\s+/g, " ")).toBe("1. P h2-h3 P b7-c7 P h13-h12 P m8-l8 2. P i2-i3 {Blue resigned} P g13-g12 P m7-l7 3. P e2-e3 * ");
    // Lines as PGN wraps them, under 80 characters.
    expect(moves.split("\n").length).toBeGreaterThan(1);
    for (const line of moves.split("\n")) expect(line.length).toBeLessThan(80);
  });

  it("quotes names safely, marks an empty seat, and always writes the start", () => {
    const text = record([], [{ army: "r", reason: "timeout", afterPly: 0 }]);
    expect(text).toContain('[Blue "Bob \\"the rook\\""]\n[Yellow "?"]');
    expect(text).toContain(`[NFEN "${start}"]`);
    expect(text).toContain('[Result "*"]\n\n{Red ran out of time} *\n');
  });
});
