/**
 * Traditional Xiangqi notation, for reading a game as Xiangqi players write it
 * (docs/notation.md#traditional-xiangqi-notation): WXF (`C2=5`) and Chinese (`炮二平五`).
 * Only ever shown: moves are written, stored and submitted in the project's coordinates
 * (`C h3-e3`). Pure: the placement of the position before the move is all it needs.
 */
import { parseActions } from "../actions";

export type XiangqiNotation = "wxf" | "chinese";

/** The pieces by their FEN letter (docs/games/xiangqi.md): WXF's letter, Red's and Black's character. */
const PIECES: Record<string, { wxf: string; red: string; black: string; diagonal: boolean }> = {
  K: { wxf: "K", red: "帥", black: "將", diagonal: false },
  A: { wxf: "A", red: "仕", black: "士", diagonal: true },
  B: { wxf: "E", red: "相", black: "象", diagonal: true },
  N: { wxf: "H", red: "傌", black: "馬", diagonal: true },
  R: { wxf: "R", red: "俥", black: "車", diagonal: false },
  C: { wxf: "C", red: "炮", black: "砲", diagonal: false },
  P: { wxf: "P", red: "兵", black: "卒", diagonal: false },
};

const FILES = 9;
const RANKS = 10;
/** Red's numbers are Chinese numerals, Black's full-width Arabic digits, as Chinese game records print them. */
const RED_NUMBERS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const BLACK_NUMBERS = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const OPERATORS = { wxf: { forward: "+", back: "-", across: "=" }, chinese: { forward: "進", back: "退", across: "平" } };

type Placement = Map<string, string>;

const fileIndex = (square: string) => square.charCodeAt(0) - 97;
const rankIndex = (square: string) => Number(square.slice(1)) - 1;

/** The placement of a Xiangqi FEN (its first field), or null when it is not a 9×10 board. */
export function xiangqiPlacement(fen: string): Placement | null {
  const rows = fen.trim().split(" ")[0].split("/");
  if (rows.length !== RANKS) return null;
  const out: Placement = new Map();
  for (let i = 0; i < RANKS; i++) {
    let file = 0;
    for (const m of rows[i].matchAll(/(\d+)|([A-Za-z])|(.)/g)) {
      if (m[3] !== undefined) return null;
      if (m[1]) file += Number(m[1]);
      else out.set(String.fromCharCode(97 + file++) + String(RANKS - i), m[2]);
      if (file > FILES) return null;
    }
    if (file !== FILES) return null;
  }
  return out;
}

/**
 * The front-to-back position words of `count` like pieces on one file: WXF's `+` and `-`
 * (`++` and `--` for the foremost and rearmost of four or five soldiers; the middle one of
 * three or five keeps its file number, null here), and Chinese 前, 中, 後 (一 to 五 for
 * four or five soldiers, counted from the front).
 */
function tandem(count: number, index: number, style: XiangqiNotation): string | null {
  if (style === "chinese") {
    if (count === 2) return ["前", "後"][index];
    if (count === 3) return ["前", "中", "後"][index];
    return RED_NUMBERS[index];
  }
  const marks: Record<number, (string | null)[]> = { 2: ["+", "-"], 3: ["+", null, "-"], 4: ["++", "+", "-", "--"], 5: ["++", "+", null, "-", "--"] };
  return marks[count][index];
}

/**
 * One move in traditional notation, or null when it is not a Xiangqi step from this
 * position (a move the record could not have: the caller shows the coordinates).
 * Files are counted 1 to 9 from each player's right; an advance or retreat along a file
 * counts ranks, except for the horse, elephant and advisor, which name the file they reach.
 */
export function xiangqiMove(placement: Placement, move: string, style: XiangqiNotation): string | null {
  const parsed = parseActions(move);
  if (!parsed.ok || parsed.value.length !== 1 || parsed.value[0].type !== "step") return null;
  const { piece: moved, from, to } = parsed.value[0];
  const letter = placement.get(from);
  if (!letter || letter.toUpperCase() !== moved.toUpperCase() || fileIndex(to) >= FILES || rankIndex(to) >= RANKS || from === to) return null;
  const type = letter.toUpperCase();
  const piece = PIECES[type];
  if (!piece) return null;
  const red = letter === type;
  const numbers = style === "wxf" ? ["1", "2", "3", "4", "5", "6", "7", "8", "9"] : red ? RED_NUMBERS : BLACK_NUMBERS;
  const fileNumber = (square: string) => numbers[red ? FILES - 1 - fileIndex(square) : fileIndex(square)];
  const ahead = (square: string) => (red ? rankIndex(square) : -rankIndex(square));

  // Like pieces on the moving piece's file, front (nearest the opponent) first.
  const onFile = (file: number) =>
    [...placement].filter(([sq, l]) => l === letter && fileIndex(sq) === file).map(([sq]) => sq).sort((a, b) => ahead(b) - ahead(a));
  const same = onFile(fileIndex(from));
  const name = style === "wxf" ? piece.wxf : red ? piece.red : piece.black;
  let origin: string;
  if (same.length === 1) {
    origin = name + fileNumber(from);
  } else {
    const mark = tandem(same.length, same.indexOf(from), style);
    // Soldiers doubled on two files: the file number takes the piece's place.
    const otherFile = type === "P" && [...Array(FILES).keys()].some((f) => f !== fileIndex(from) && onFile(f).length > 1);
    if (mark === null) origin = (otherFile ? fileNumber(from) : name) + fileNumber(from);
    else if (style === "wxf") origin = (otherFile ? fileNumber(from) : mark.length === 2 ? "" : name) + mark;
    else origin = mark + (otherFile ? fileNumber(from) : name);
  }

  const ops = OPERATORS[style];
  const advance = ahead(to) - ahead(from);
  if (advance === 0) return origin + ops.across + fileNumber(to);
  const op = advance > 0 ? ops.forward : ops.back;
  return origin + op + (piece.diagonal ? fileNumber(to) : numbers[Math.abs(advance) - 1]);
}

/**
 * Every move of a game in traditional notation, from its start FEN: the placement is
 * carried through the moves (a step moves its piece and takes what stood there, all a
 * Xiangqi move does). A move that cannot be written so, and every one after it, is null.
 */
export function xiangqiRecord(startFen: string, moves: readonly string[], style: XiangqiNotation): (string | null)[] {
  const placement = xiangqiPlacement(startFen);
  const out: (string | null)[] = [];
  let lost = placement === null;
  for (const move of moves) {
    const text = lost || !placement ? null : xiangqiMove(placement, move, style);
    out.push(text);
    if (text === null || !placement) {
      lost = true;
      continue;
    }
    const step = parseActions(move);
    if (step.ok && step.value[0].type === "step") {
      const { from, to } = step.value[0];
      placement.set(to, placement.get(from)!);
      placement.delete(from);
    }
  }
  return out;
}
