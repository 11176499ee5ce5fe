import { carrying } from "../mechanics/carrying";
import type { PieceDecl, VariantDecl } from "../variant";
import { chess, classicEnPassant, orthodoxPieces } from "./chess";

/**
 * Companion Chess pieces: orthodox, but a pawn may stand on its own first rank
 * (put down there by a queen; it steps one square from there), plus the Prince.
 */
export const companionPieces: PieceDecl[] = [
  ...orthodoxPieces.map((p): PieceDecl => (p.letter === "P" ? { ...p, forbiddenRanks: ["last"] } : p)),
  // One step any way to an empty square; captures one step diagonally; not royal, never promotes.
  { letter: "I", name: "Prince", art: "prince", betza: "mKcF" },
];

/** The pieces carrying acts on: the queen carries a pawn, which becomes a Prince on the far ranks. */
const ROLES = { queen: "Q", pawn: "P", prince: "I" };

// Each form's first line is its own: the game cards show only that line.
const attach =
  "Attach: a queen carrying nothing moves as a queen onto a friendly pawn or Prince, which she then carries (a Prince becomes a pawn again). She carries at most one, and an attaching move never also puts one down.";
const prince =
  "A pawn put down on its owner's 7th or 8th rank becomes a Prince (I) at once: one step in any direction to an empty square, captures one step diagonally (backwards too); not royal, never promotes.";
const pawns =
  "A pawn on its 2nd rank may double-step wherever it came from, with en passant after every double step; a pawn on its 1st rank steps one square. Putting a pawn down and attaching count as pawn moves for the fifty-move rule; a queen captured while carrying loses her pawn.";

/** Companion Chess (Piotr Smagacz): detach by way 1 or way 2. */
export const companion: VariantDecl = {
  ...chess,
  enPassant: classicEnPassant,
  id: "companion",
  name: "Companion Chess",
  pieces: companionPieces,
  mechanics: [carrying({ ...ROLES, way1: true, pregnancy: false })],
  summary: [
    "Orthodox chess, with a queen that carries a pawn and puts it down beside her or on the square she left.",
    attach,
    "Detach: after any move of the carrying queen (captures too) she may put the pawn down on an empty square orthogonally next to her new square (way 1, `Q d2-d5; P*d6`) or on the square she left (way 2, `Q d2-d5; P*d2`); or, as a whole move, next to her without moving (`P*d3`).",
    prince,
    pawns,
  ],
};

/** Companion Chess, the form that detaches by way 2 only. */
export const companionWay2: VariantDecl = {
  ...companion,
  id: "companion-way2",
  name: "Companion Chess (way 2 only)",
  mechanics: [carrying({ ...ROLES, way1: false, pregnancy: false })],
  summary: [
    "Orthodox chess, with a queen that carries a pawn and puts it down only on the square she left (way 2).",
    attach,
    "Detach (way 2 only): after any move of the carrying queen (captures too) she may put the pawn down on the square she left (`Q d2-d5; P*d2`). There is no other way to put it down.",
    prince,
    pawns,
  ],
};

/** Companion Chess Extended: Companion Chess plus Reproduction Chess's pregnancy pass. */
export const companionExtended: VariantDecl = {
  ...companion,
  id: "companion-extended",
  name: "Companion Chess Extended",
  mechanics: [carrying({ ...ROLES, way1: true, pregnancy: true })],
  summary: [
    "Companion Chess, where instead of moving a player may make a queen pregnant with a new pawn.",
    ...companion.summary.slice(1, -1),
    "Pass: instead of moving, a player with fewer than eight pawns on the board may make a queen that carries nothing pregnant: she carries a new pawn and puts it down later by way 1 or way 2 (`pass`, or `Q d1; pass` to name the queen when several carry nothing). A pass counts as a pawn move.",
    pawns,
  ],
};
