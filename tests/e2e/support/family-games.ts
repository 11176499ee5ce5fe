/**
 * One short game of each game, played to its end in family-games.spec.ts: those of the
 * old family and Chess960 here, and every game with a file games/<id>.ts (exporting
 * `game`, a FamilyGame, and its end `reason` in it or beside it). Every sequence was checked with
 * the rules tool (`npm run -s rules -- play <id> start …` then `status`, docs/rules-tool.md).
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ArtId } from "../../../app/_components/pieces/art";
import type { EndReason } from "../../../lib/rules";
import type { ClickedMove } from "./play";

export interface FamilyGame {
  variant: string;
  /** What the move made by clicking shows. */
  clicked: string;
  /** A numbered setup chosen in the challenge form (Chess960). */
  setup?: number;
  /** The setups the players choose on the game page before the first move (Janggi), by index. */
  setups?: { white: number; black: number };
  /** White's move first; the last one ends the game. */
  moves: (string | ClickedMove)[];
  winner: "white" | "black";
  /** How the last move ends it (a game's file may export it beside the game instead, as `reason`). */
  reason?: EndReason;
  /** Pieces on the final board, each with the drawing it must have: the game's own pieces. */
  drawn: [code: string, at: string, art: ArtId][];
}

/** A game with its end known. */
export type PlayedGame = FamilyGame & { reason: EndReason };

export const FAMILY_GAMES: PlayedGame[] = [
  {
    variant: "chess960",
    clicked: "castling king-side with king and rook swapping squares (setup 7, QNBNRKRB)",
    setup: 7,
    moves: [
      { text: "O-O", clicks: ["f1", "g1"] }, "p a7-a6", "N b1-c3", "p a6-a5", "N c3-e4", "p b7-b6", "N e4-g5", "p b6-b5", "N g5-h7",
    ],
    winner: "white",
    reason: "checkmate",
    drawn: [["wK", "g1", "king"], ["wR", "f1", "rook"], ["wN", "h7", "knight"]],
  },
  {
    variant: "shatranj",
    clicked: "an alfil's leap",
    moves: ["N b1-a3", { text: "b f8-h6", clicks: ["f8", "h6"] }, "N a3-c4", "p g7-g6", "N c4-a5", "p g6-g5", "N a5-b7"],
    winner: "white",
    reason: "checkmate",
    drawn: [["wQ", "e1", "ferz"], ["bQ", "e8", "ferz"], ["wB", "c1", "alfil"], ["bB", "h6", "alfil"]],
  },
  {
    variant: "chaturanga",
    clicked: "an elephant's leap",
    moves: ["N g1-h3", { text: "b c8-a6", clicks: ["c8", "a6"] }, "N h3-f4", "p b7-b6", "N f4-h5", "p b6-b5", "N h5-g7"],
    winner: "white",
    reason: "checkmate",
    drawn: [["wQ", "d1", "ferz"], ["bQ", "d8", "ferz"], ["wB", "c1", "alfil"], ["bB", "a6", "alfil"]],
  },
  {
    variant: "makruk",
    clicked: "a pawn promoted to a met on the sixth rank",
    moves: [
      "P d3-d4", "p a6-a5", "P d4-d5", "p a5-a4", { text: "P d5-e6=M", clicks: ["d5", "e6"] },
      "n g8-e7", "N b1-d2", "n e7-d5", "N g1-e2", "n d5-e3",
    ],
    winner: "black",
    reason: "checkmate",
    drawn: [["wM", "e6", "met"], ["wM", "e1", "met"], ["bM", "d8", "met"], ["wS", "c1", "khon"], ["bS", "c8", "khon"]],
  },
  {
    variant: "ouk-chatrang",
    clicked: "the king's first-move leap",
    moves: ["N b1-d2", { text: "k e8-g7", clicks: ["e8", "g7"] }, "N g1-e2", "n g8-e7", "P a3-a4", "n e7-d5", "P a4-a5", "n d5-e3"],
    winner: "black",
    reason: "checkmate",
    drawn: [["bK", "g7", "king"], ["wM", "e1", "met"], ["bM", "d8", "met"], ["wS", "f1", "khon"], ["bS", "c8", "khon"]],
  },
  {
    variant: "sittuyin",
    clicked: "pieces put down from the hand in the setup",
    moves: [
      { text: "K*h1", fromHand: "King", clicks: ["h1"] }, "k*e8", "R*g1", "r*a8",
      { text: "S*g2", fromHand: "Elephant", clicks: ["g2"] }, "r*h8",
      { text: "F*h2", fromHand: "General", clicks: ["h2"] }, "n*d6", "R*a1", "n*c6", "S*b2", "s*b7", "N*a2", "s*g7", "N*b1", "f*f7",
      "N a2-c1", "n d6-e4", "N c1-a2", "n e4-f2",
    ],
    winner: "black",
    reason: "checkmate",
    drawn: [["wS", "g2", "sittuyinElephant"], ["wF", "h2", "sittuyinGeneral"], ["bS", "g7", "sittuyinElephant"], ["bF", "f7", "sittuyinGeneral"]],
  },
];

/** The games' own files, games/<id>.ts, in the order of their names. */
const dir = fileURLToPath(new URL("./games/", import.meta.url));
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".ts")).sort() : [];

export const GAME_FILES: PlayedGame[] = await Promise.all(
  files.map(async (file) => {
    const m = (await import(`./games/${file}`)) as { game: FamilyGame; reason?: EndReason };
    const reason = m.game.reason ?? m.reason;
    if (!reason) throw new Error(`tests/e2e/support/games/${file}: no end reason, in the game or exported beside it`);
    return { ...m.game, reason };
  }),
);
