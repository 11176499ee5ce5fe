import { err, ok, type Result } from "./result";

/**
 * A move in the players' words: a list of actions (docs/notation.md "Actions"). Squares are names
 * like "e4"; a piece is its FEN letter, uppercase for White, lowercase for Black.
 */
export type Action =
  | { type: "step"; piece: string; from: string; to: string; promotion?: string }
  | { type: "place"; piece: string; to: string }
  | { type: "name"; piece: string; square: string }
  | { type: "pass" }
  /** Duck chess: the duck moves to `to` after the piece move (docs/games/duck.md#notation). */
  | { type: "duck"; to: string }
  | { type: "promote"; piece: string; square: string; promotion: string }
  | {
      type: "castle";
      wing: "kingside" | "queenside";
      /** The squares of a listed castling (the board's targets, the engine UCI's king-takes-rook); text does not carry them. */
      king?: string;
      rook?: string;
      kingTo?: string;
    };

/** One action in canonical text (docs/notation.md#actions). */
export function makeActionText(a: Action): string {
  switch (a.type) {
    case "step":
      return `${a.piece} ${a.from}-${a.to}${a.promotion ? `=${a.promotion}` : ""}`;
    case "place":
      return `${a.piece}*${a.to}`;
    case "name":
      return `${a.piece} ${a.square}`;
    case "pass":
      return "pass";
    case "duck":
      return `duck ${a.to}`;
    case "promote":
      return `${a.piece} ${a.square}=${a.promotion}`;
    case "castle":
      return a.wing === "kingside" ? "O-O" : "O-O-O";
  }
}

/** A move in canonical text: its actions joined by "; ", as `parseActions` reads them back. */
export function makeMoveText(actions: readonly Action[]): string {
  return actions.map(makeActionText).join("; ");
}

const SQUARE = "([a-p](?:1[0-6]|[1-9]))";
// A promoted piece's letter is `+` and its base letter (Shogi's `+P`), moving or promoted to.
const PIECE = "(\\+?[A-Za-z])";
const STEP = new RegExp(`^${PIECE}\\s*${SQUARE}\\s*[-x]\\s*${SQUARE}(?:\\s*=\\s*${PIECE})?$`);
const PLACE = new RegExp(`^([A-Za-z])\\s*\\*\\s*${SQUARE}$`);
const PROMOTE = new RegExp(`^([A-Za-z])\\s+${SQUARE}\\s*=\\s*([A-Za-z])$`);
const DUCK_STEP = new RegExp(`^duck\\s+${SQUARE}$`, "i");
const NAME = new RegExp(`^${PIECE}\\s+${SQUARE}$`);
// Letter O or digit zero, any case, as PGN writers do.
const CASTLE = /^([O0])-\1(-\1)?$/i;

/** Reads move text tolerantly (spacing, case of `pass`); the error shows how to write a move when it is not move text at all. */
export function parseActions(text: string): Result<Action[]> {
  if (text.length > 2000) return unreadable(text);
  const parts = text.split(";");
  const actions: Action[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    let m: RegExpExecArray | null;
    if (/^pass$/i.test(part)) actions.push({ type: "pass" });
    else if ((m = CASTLE.exec(part))) actions.push({ type: "castle", wing: m[2] ? "queenside" : "kingside" });
    else if ((m = DUCK_STEP.exec(part))) actions.push({ type: "duck", to: m[1].toLowerCase() });
    else if ((m = STEP.exec(part))) actions.push({ type: "step", piece: m[1], from: m[2], to: m[3], ...(m[4] ? { promotion: m[4] } : {}) });
    else if ((m = PLACE.exec(part))) actions.push({ type: "place", piece: m[1], to: m[2] });
    else if ((m = PROMOTE.exec(part))) actions.push({ type: "promote", piece: m[1], square: m[2], promotion: m[3] });
    else if ((m = NAME.exec(part))) actions.push({ type: "name", piece: m[1], square: m[2] });
    else return unreadable(text);
  }
  return ok(actions);
}

const unreadable = (text: string) => err<Action[]>(`cannot read move '${text.slice(0, 80)}': write it like 'P e2-e4' or 'Q d2-d5; P*d6'`);
