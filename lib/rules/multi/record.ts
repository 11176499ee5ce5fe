/**
 * The record of a game for more than two (docs/notation.md#the-record-of-a-game-for-more-than-two):
 * a PGN-like header with one tag per army (its colour's name, `[Red "Alice"]`), the N-FEN start,
 * and the moves numbered by rounds, the armies that went out between moves as comments.
 * PGN itself holds two players only, so this is the one record these games have.
 */
import { multiGameInfo } from "./game";
import { replayMultiGame, type MultiElimination } from "./replay";

export interface MultiRecordInput {
  variant: string;
  startFen: string;
  moves: readonly string[];
  eliminations: readonly MultiElimination[];
  /** Tags first in the header (Event, Site, Date, …), as given. */
  tags: Record<string, string>;
  /** Each army's player by letter; "?" where the seat is empty. */
  players: Record<string, string | null>;
  /** Once over: each army's place and score, and the ending in words. */
  end: { places: Record<string, { place: number | null; score: number | null }>; ending: string } | null;
}

const quote = (v: string) => v.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, " ");

/** "r 1 45, g 2 31, b 3 12, y 4 0" once over (place, then score), "*" while the game goes on. */
function resultTag(order: readonly string[], end: MultiRecordInput["end"]): string {
  if (!end) return "*";
  return order.map((a) => `${a} ${end.places[a]?.place ?? "-"} ${end.places[a]?.score ?? 0}`).join(", ");
}

export function makeMultiRecord(input: MultiRecordInput): string {
  const info = multiGameInfo(input.variant);
  const order = info.armies.map((a) => a.letter);
  const name = new Map(info.armies.map((a) => [a.letter, a.name]));
  const tags: [string, string][] = [
    ...Object.entries(input.tags),
    ["Variant", input.variant],
    ...info.armies.map((a): [string, string] => [a.name, input.players[a.letter] ?? "?"]),
    ["NFEN", input.startFen],
    ...(input.end ? [["Ending", input.end.ending] as [string, string]] : []),
    ["Result", resultTag(order, input.end)],
  ];
  // Who moved each ply: the rules say, out armies skipped (lib/rules/multi/replay.ts).
  const { movers } = replayMultiGame(input.variant, input.startFen, input.moves, input.eliminations);
  const words: string[] = [];
  const out = (ply: number) => {
    for (const e of input.eliminations) {
      if (e.afterPly === ply) words.push(`{${name.get(e.army) ?? e.army} ${e.reason === "resignation" ? "resigned" : "ran out of time"}}`);
    }
  };
  let round = 0;
  let last = Infinity;
  input.moves.forEach((m, i) => {
    out(i);
    const at = order.indexOf(movers[i]);
    // A new round when the turn comes round again: the mover sits at or before the one before.
    if (at <= last) words.push(`${++round}.`);
    last = at;
    words.push(m);
  });
  out(input.moves.length);
  // The end in words closes the moves, as a result token closes PGN's; "*" while the game goes on.
  words.push(input.end ? `{${input.end.ending.replace(/[{}]/g, "")}}` : "*");
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return `${tags.map(([k, v]) => `[${k} "${quote(v)}"]`).join("\n")}\n\n${lines.join("\n")}\n`;
}
