/**
 * A variant is a declaration: board, pieces in Betza notation, start position and
 * rule switches. `compileVariant` turns it into the tables move generation uses.
 * Mechanics a declaration cannot say (carrying, swapping, unions) plug in as a
 * `Mechanic` (see mechanics/).
 */
import { parseBetza, type Atom } from "./betza";
import { RulesError } from "./errors";
import { makeGeometry, squareAt, type Geometry } from "./geometry";
import type { Mechanic } from "./mechanic";
import type { EndReason } from "./status";
import { unwrap } from "./result";

export type Side = 0 | 1; // 0 = White, 1 = Black

export interface PieceDecl {
  /** Uppercase FEN letter; a promoted piece is `+` and its base piece's letter (`+P`), and reverts to that piece when captured. */
  letter: string;
  /** As players write it on its own, capitalised: "King", "Royal pawn", "Queen-Alfil-Dabbabah". */
  name: string;
  /** The drawing the board uses (app/_components/pieces): the same letter is different pieces in different games. */
  art: string;
  betza: string;
  /** Ranks (1-based, from the owner's side) where `i` moves are allowed. Default [2]. */
  initialRanks?: number[];
  /** Where this piece may never stand, from the owner's side. */
  forbiddenRanks?: ("first" | "last")[];
  /** Promotes on reaching the promotion zone into one of these letters; it must. */
  promotesTo?: string[];
  /** How many of the owner's last ranks are the promotion zone (default 1; Makruk 3). */
  promotionRanks?: number;
  /**
   * Promotion is a choice, offered on every move that starts or ends in the zone (Shogi,
   * docs/games/shogi.md#promotion); it is forced only where the piece could never move
   * again (VariantDecl.noDeadEnds).
   */
  promotionOptional?: boolean;
  /**
   * Its `i` moves need the piece never to have moved (a right held like castling,
   * written in FEN's castling field as its file letter, as Fairy-Stockfish writes it),
   * not a starting rank. A royal piece may not use them while in check.
   */
  unmovedRight?: boolean;
  /** Its unmoved right goes when an opponent's piece of this letter moves onto its rank or file, blocked or not. */
  unmovedRightLostTo?: string;
  /** Moves of this piece reset the fifty-move counter, like pawn moves. */
  pawnLike?: boolean;
  /**
   * Repetitions take it for this piece, as Fairy-Stockfish's position key does: Shogi's
   * promoted silver, knight, lance and pawn are golds there (docs/games/shogi.md#repetition).
   */
  repetitionAs?: string;
  /**
   * Where the piece may stand, from its owner's side: in its palace (VariantDecl.palaces;
   * Xiangqi's general and advisors, Janggi's general and guards) or in its own half (Xiangqi's
   * elephant, which does not cross the river). It never moves, nor attacks, outside it.
   */
  region?: "palace" | "own half";
  /**
   * Moves the piece gains once it stands on this rank (1-based, from the owner's side) or beyond,
   * in Betza notation: Xiangqi's soldier steps sideways after crossing the river (rank 6, `sW`).
   */
  gains?: { fromRank: number; betza: string };
  /** A hopper that may neither jump over nor capture these pieces, of either side (Janggi's cannon: other cannons). */
  hopsNot?: string[];
  /**
   * What the piece is worth, in the game's own units (a pawn about 1), where the game's page
   * gives values (Compound Chess: Sergeant 1.5 … Queen-Alfil-Dabbabah 12.5). The bot (lib/bot)
   * estimates the others from their Betza moves.
   */
  value?: number;
}

export type Royalty =
  | { kind: "king"; piece: string } // one royal piece that must never be left attacked
  /**
   * A side that has lost every one of these pieces has lost the game (or, `whenGone: "wins"`,
   * won it: Antichess). With `check` (the default) the last of them is royal: it must never be
   * left attacked. `check: false`: they may be attacked and captured like any piece (Duck
   * chess, Fog of War: the king is taken, not mated).
   */
  | { kind: "extinction"; pieces: string[]; check?: boolean; whenGone?: "loses" | "wins" }
  | { kind: "none"; piece: string }; // a king that is never captured (Friendly: won by union)

/**
 * Castling: an unmoved king and an unmoved rook of one side, the squares between their
 * starts and ends empty, the king not in check and crossing no attacked square, land on
 * fixed files. Pairs are [kingside, queenside]; kingside is towards the last file.
 * Chess: king e→g with rook h→f, e→c with rook a→d; Compound: f→i with j→h, f→c with a→d.
 */
export interface CastlingDecl {
  king: string;
  rook: string;
  kingTo: [string, string];
  rookTo: [string, string];
  /**
   * The files king and rooks start on. Absent when every game sets them (Chess960): then
   * the FEN names each right by its rook's file (docs/notation.md#castling-rights) and the
   * move is written `O-O` / `O-O-O`, since the king may not move at all or move as it
   * could without castling.
   */
  homes?: { king: string; rooks: [string, string] };
}

/**
 * Where one game's castling pieces start: per side the king's square and the rooks'
 * [kingside, queenside] squares (-1: no such right), and for each square the rights it
 * guards and the piece that must stay on it (guard[sq] = list of [right bit, side, type]).
 */
export interface CastleHomes {
  king: [number, number];
  rooks: [[number, number], [number, number]];
  guard: ([number, Side, number][] | undefined)[];
}

export interface VariantDecl {
  id: string;
  name: string;
  files: number;
  ranks: number;
  startFen: string;
  /** Games whose start is one of numbered setups (Chess960): how many, and the FEN of each; startFen is one of them. */
  setups?: { count: number; fen: (n: number) => string };
  pieces: PieceDecl[];
  royalty: Royalty;
  castling?: CastlingDecl;
  /**
   * `writtenOnlyWhenCapturable`: FEN gives the en passant square only when a capturer of the
   * side to move stands to take, legally or not (Fairy-Stockfish's FEN), not after every double step.
   */
  enPassant?: {
    victims: string[]; capturers: string[]; writtenOnlyWhenCapturable?: boolean;
    /**
     * Repetition tells positions apart by the square as FEN writes it, a capture standing
     * ready legal or not, as Fairy-Stockfish does; not only by a legal capture (Atomic,
     * where a blast often makes the capture illegal: docs/games/atomic.md#draws).
     */
    repeatsAsWritten?: boolean;
  };
  /** What a side to move with no legal move and not in check gets ("win": the stalemated side wins, Antichess and Duck chess). */
  stalemate: "draw" | "loss" | "win";
  /**
   * Captures are compulsory: while a side has a legal capture (en passant too) it may make
   * no other move (Antichess).
   */
  mustCapture?: boolean;
  /** The names of ends where the core's would read wrongly to players (Atomic: `king-exploded`). */
  endNames?: { extinction?: EndReason; stalemate?: EndReason };
  /** Threefold repetition and fifty moves (100 plies) end the game by themselves, nobody claims them (Friendly). */
  automaticDraws?: boolean;
  /**
   * A side left with its royal piece alone (bare) loses, unless it bares the opponent in
   * turn on its very next move (docs/games/shatranj.md#bare-king). "lookahead": a bare
   * side to move with no such move loses at once, and baring in turn draws (Royal
   * Substitute). "counted", as Fairy-Stockfish judges shatranj by the pieces alone: a
   * bare side to move loses at once if the opponent has two or more other pieces; with
   * one it moves, and loses if that piece still stands; baring in turn plays on.
   */
  bareRoyal?: "lookahead" | "counted";
  /** Moves (each side) without capture or pawn move after which a draw may be claimed (default 50; 0: no such rule). */
  moveRule?: number;
  /**
   * No piece may move or be put down where it could never move again, on an empty board
   * (Shogi: a pawn or lance on the last rank, a knight on the last two); a piece that
   * may promote there must.
   */
  noDeadEnds?: boolean;
  /**
   * Repetition as a rule that ends the game by itself, not a claim (Shogi's sennichite,
   * docs/games/shogi.md#repetition): the game ends when a position (hands and side to move
   * included) stands for the `count`th time. It is a draw, or `result`; with
   * `perpetualCheckLoses` the side that gave check in every position of the cycle loses; with a
   * mechanic that says what a move chases (Mechanic.chases, Xiangqi), then the side that chased
   * a piece with every move of the cycle loses (docs/games/xiangqi.md#repetition).
   */
  repetition?: { count: number; perpetualCheckLoses?: boolean; result?: "draw" | "black-wins" };
  /**
   * Checks a side may give without lengthening the move-count rules: for each check beyond
   * these since the last capture, by the side that gave more, the rules wait one move longer
   * (Xiangqi: 10, the AXF rule as Fairy-Stockfish counts it, docs/games/xiangqi.md#fifty-moves).
   */
  moveRuleChecks?: number;
  /**
   * The two generals may not face each other on a file with nothing between them (Xiangqi,
   * docs/games/xiangqi.md#flying-general): a move that leaves them so is illegal, as if the
   * other general attacked along the file. It is no check: Fairy-Stockfish never counts it
   * among the checkers.
   */
  flyingGeneral?: boolean;
  /**
   * Letters of minor pieces for dead positions: K v K, K + one minor v K, bishops all on one colour.
   * `harmless`: pieces that never reach the other side's royal piece (Xiangqi's advisors and
   * elephants, kept to their own side: docs/games/xiangqi.md#draws); a side with no others cannot
   * win, and with both sides so the position is dead, as Fairy-Stockfish judges it.
   */
  deadPosition?: { minors: string[]; bishop?: string; harmless?: string[] };
  /**
   * Played on the points where the lines cross, not in squares (Xiangqi, Janggi); `river`: a
   * river runs between the two halves of the board (Xiangqi), drawn and named in the rules.
   */
  points?: { river?: boolean };
  /**
   * The two palaces, White's then Black's, each as its lower-left and upper-right corner
   * (["d1", "f3"], ["d8", "f10"]): the squares a general and its advisors keep to, whose
   * diagonals are drawn (docs/games/xiangqi.md, docs/games/janggi.md).
   */
  palaces?: [[string, string], [string, string]];
  /**
   * Each player chooses their own setup before the first move (Janggi's four horse and
   * elephant arrangements): the choices' names, in order, and the start FEN for White's
   * choice `white` and Black's choice `black` (indices into `names`).
   */
  chosenSetups?: { names: string[]; fen: (white: number, black: number) => string };
  /**
   * What the players call the two sides, White's then Black's (Xiangqi: Red and Black;
   * Shogi: Sente and Gote), wherever a side is named to them; FEN, stored data and PGN's
   * tags keep White and Black. Unsaid: ["White", "Black"].
   */
  sideNames?: [string, string];
  /**
   * Each player sees only part of the board (Fog of War, docs/games/fog-of-war.md): the service
   * shows a player their view (lib/rules/view.ts), and FEN may write a square they cannot see as `?`.
   */
  hidden?: boolean;
  /**
   * What the bot (lib/bot, docs/bot.md#goals) plays for beyond the ends the rules judge, where a
   * game's goal is not only taking pieces: a declared term of its evaluation, never code. Unsaid,
   * material counts once, pieces in hand at their value, and no distance is rewarded.
   * - `material`: how material counts: -1 where losing every piece wins (Antichess, docs/games/antichess.md#ends).
   * - `hand`: what a piece in hand is worth, as a share of its value on the board (Crazyhouse, Shogi:
   *   more than 1, since it may be put down almost anywhere: docs/games/crazyhouse.md#drops, docs/games/shogi.md#drops).
   * - `nearKing`: what each step closer to the opponent's king is worth for every own piece but the
   *   king, in pawns (Friendly: a union with the king wins, docs/games/friendly.md#winning).
   * Points (Chaturaji, a later issue) are to come here as one more term.
   */
  botGoal?: { material?: number; hand?: number; nearKing?: number };
  mechanics?: Mechanic[];
  /** Rules in short, for the variant page. */
  summary: string[];
}

export interface PieceType {
  index: number; // 1..31
  letter: string;
  /** The name inside a sentence (pieceNoun): "a royal pawn cannot stand on a7". */
  name: string;
  betza: string;
  atoms: [CompiledAtom[], CompiledAtom[]]; // per side
  initialRanks: number[];
  forbiddenFirst: boolean;
  forbiddenLast: boolean;
  promotesTo: number[]; // type indices
  /** The type this piece reverts to when captured: its base piece for a promoted one (`+P`: P), else itself. */
  base: number;
  /** Promotion may be declined, and is offered on moves that start in the zone too (PieceDecl.promotionOptional). */
  promotionOptional: boolean;
  /** Per side, the squares where it could never move again (VariantDecl.noDeadEnds); undefined when there are none. */
  deadEnds: [Uint8Array, Uint8Array] | undefined;
  pawnLike: boolean;
  /** First rank (0-based, from the owner's side) of the promotion zone; Infinity when the piece never promotes. */
  promotionFrom: number;
  unmovedRight: boolean;
  /** Type whose move onto this piece's rank or file takes its unmoved right, 0 for none. */
  unmovedRightLostTo: number;
  /** Two atoms reach the same square (QAD's D and Q): generation must drop duplicates. */
  overlapping: boolean;
  /** Per side, 1 on the squares where it may stand (PieceDecl.region); undefined when it may stand anywhere. */
  region: [Uint8Array, Uint8Array] | undefined;
  /** Which region that is, for the refusals' words. */
  keepsTo: PieceDecl["region"];
}

export interface CompiledAtom extends Atom {
  /** Square delta of one step of the vector on this board. */
  step: number;
  /** Square delta of the blocking square for a lame oblique leap, else 0. */
  block: number;
  /** Square delta of a lame zebra's second blocking square, else 0. */
  block2: number;
  /** Types (bitmask) a hopper's atom neither jumps over nor captures (PieceDecl.hopsNot), else 0. */
  hopsNot: number;
  /** Rank (0-based, from the owner's side) from which the piece has this atom (PieceDecl.gains), else 0. */
  fromRank: number;
}

/** An attack line seen from the attacked square: which types attack from each distance. */
export interface AttackRay {
  step: number;
  block: number; // lame oblique leaps: offset from the target square that must be empty
  block2: number; // a lame zebra's second such square, else 0
  /** Types (bitmask) the hoppers of this line neither attack over nor attack (PieceDecl.hopsNot). */
  hopsNot: number;
  masks: number[]; // masks[k] = bitmask of type indices attacking from k steps away
  /** Hoppers: the attacker stands beyond exactly one piece (the screen), masks counting the steps to it. */
  hop: boolean;
  /** The attackers have this atom only from this rank of theirs on (PieceDecl.gains), else 0. */
  fromRank: number;
}

export interface Variant {
  decl: VariantDecl;
  id: string;
  /** What the players call White and Black (VariantDecl.sideNames). */
  sideNames: readonly [string, string];
  geo: Geometry;
  types: PieceType[]; // index 0 unused
  byLetter: Map<string, number>;
  royalTypes: number; // bitmask
  royalKind: Royalty["kind"];
  /** Extinction: whether the last royal piece must not be left attacked. */
  royalCheck: boolean;
  /** Extinction: the side that lost its royal pieces has lost (false: has won). */
  extinctionLoses: boolean;
  kingType: number; // the royal type for "king"/"none", 0 for extinction
  /** The type whose square Position.kingSq follows: kingType, or an extinction game's one royal type (Atomic). */
  trackedRoyal: number;
  /** The royal types, listed. */
  royalList: number[];
  attackRays: [AttackRay[], AttackRay[]]; // rays of attacks BY each side
  /**
   * Per side, per square: the types of that side that may stand there (PieceDecl.region), as
   * a bitmask; a piece attacks no square it may not stand on, as in Fairy-Stockfish.
   */
  standable: [Int32Array, Int32Array];
  /** Some attack hops (a cannon): a step onto an empty square may then expose the royal piece. */
  hoppers: boolean;
  /** VariantDecl.flyingGeneral. */
  flyingGeneral: boolean;
  /** Files (0-based) where king and rook land, [kingside, queenside]. */
  castling?: { king: number; rook: number; kingTo: [number, number]; rookTo: [number, number]; fixedHomes: boolean };
  /** The declared homes; a Chess960 position gets its own from its FEN. */
  castleHomes: CastleHomes;
  /**
   * For each square on a first rank: the unmoved-right bit of that side and file
   * (White 1 << file, Black 1 << (16 + file)), else 0.
   */
  unmovedBit: Int32Array;
  epVictims: number; // bitmask
  epCapturers: number; // bitmask
  mechanics: Mechanic[];
  // The mechanics with each hook, looked up once rather than on every generation.
  ownPieceHooks: Mechanic[];
  generator: Mechanic | undefined;
  extenders: Mechanic[];
  afterMovers: Mechanic[];
  /** The mechanic that judges attacks on royal pieces (royalThreat), and the one that judges legality (legal). */
  threat: Mechanic | undefined;
  judge: Mechanic | undefined;
  /** The mechanic whose ends leave no move at all (Mechanic.stopsPlay). */
  stopper: Mechanic | undefined;
}

/**
 * A piece's name inside a sentence: a common noun ("the pawn", "a royal pawn", "a sergeant"),
 * except a name with capitals inside, made of other pieces' names ("a Queen-Alfil-Dabbabah").
 */
export function pieceNoun(name: string): string {
  return /[A-Z]/.test(name.slice(1)) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** Does a piece of this type standing on `sq` stand in its side's promotion zone (never, for a piece that does not promote)? */
export function inPromotionZone(type: PieceType, geo: Geometry, side: Side, sq: number): boolean {
  const rank = geo.rankOf[sq];
  return (side === 0 ? rank : geo.ranks - 1 - rank) >= type.promotionFrom;
}

/** The sides' names where a game declares none (VariantDecl.sideNames). */
export const DEFAULT_SIDE_NAMES: readonly [string, string] = ["White", "Black"];

export function compileVariant(decl: VariantDecl): Variant {
  const geo = makeGeometry(decl.files, decl.ranks);
  const byLetter = new Map<string, number>();
  decl.pieces.forEach((p, i) => {
    if (!/^\+?[A-Z]$/.test(p.letter) || byLetter.has(p.letter)) throw new RulesError(`bad piece letter ${p.letter} in ${decl.id}`);
    byLetter.set(p.letter, i + 1);
  });
  const typeOf = (letter: string) => {
    const t = byLetter.get(letter);
    if (!t) throw new RulesError(`unknown piece letter ${letter} in ${decl.id}`);
    return t;
  };
  const types: PieceType[] = [undefined as unknown as PieceType];
  decl.pieces.forEach((p, i) => {
    const gained = p.gains ? unwrap(parseBetza(p.gains.betza)).map((a) => ({ ...a, fromRank: p.gains!.fromRank - 1 })) : [];
    const atoms = [...unwrap(parseBetza(p.betza)).map((a) => ({ ...a, fromRank: 0 })), ...gained];
    const hopsNot = (p.hopsNot ?? []).reduce((m, l) => m | (1 << typeOf(l)), 0);
    const forSide = (side: Side): CompiledAtom[] =>
      atoms.map((a) => {
        const dy = side === 0 ? a.dy : -a.dy;
        const via = a.via ? [a.via[0], side === 0 ? a.via[1] : -a.via[1]] : undefined;
        const via2 = a.via2 ? [a.via2[0], side === 0 ? a.via2[1] : -a.via2[1]] : undefined;
        // Every field always present: one object shape for the generator's hot loop.
        return {
          dx: a.dx,
          dy,
          min: a.min,
          max: Math.min(a.max, Math.max(decl.files, decl.ranks)),
          move: a.move,
          capture: a.capture,
          initial: a.initial,
          via: undefined,
          hop: a.hop,
          step: dy * geo.stride + a.dx,
          block: via ? via[1] * geo.stride + via[0] : 0,
          block2: via2 ? via2[1] * geo.stride + via2[0] : 0,
          hopsNot: a.hop ? hopsNot : 0,
          fromRank: a.fromRank,
        };
      });
    types.push({
      index: i + 1,
      letter: p.letter,
      name: pieceNoun(p.name),
      betza: p.betza,
      atoms: [forSide(0), forSide(1)],
      initialRanks: (p.initialRanks ?? [2]).map((r) => r - 1),
      forbiddenFirst: p.forbiddenRanks?.includes("first") ?? false,
      forbiddenLast: p.forbiddenRanks?.includes("last") ?? false,
      promotesTo: (p.promotesTo ?? []).map(typeOf),
      base: p.letter.startsWith("+") ? typeOf(p.letter.slice(1)) : i + 1,
      promotionOptional: p.promotionOptional ?? false,
      deadEnds: decl.noDeadEnds ? deadEnds(geo, [forSide(0), forSide(1)]) : undefined,
      pawnLike: p.pawnLike ?? false,
      promotionFrom: p.promotesTo?.length ? decl.ranks - (p.promotionRanks ?? 1) : Infinity,
      unmovedRight: p.unmovedRight ?? false,
      unmovedRightLostTo: p.unmovedRightLostTo ? typeOf(p.unmovedRightLostTo) : 0,
      overlapping: hasOverlap(atoms, Math.max(decl.files, decl.ranks)),
      region: p.region && regionSquares(decl, geo, p.region),
      keepsTo: p.region,
    });
  });
  const royalLetters = decl.royalty.kind === "extinction" ? decl.royalty.pieces : [decl.royalty.piece];
  const royalTypes = royalLetters.reduce((m, l) => m | (1 << typeOf(l)), 0);
  const mask = (letters: string[] | undefined) => (letters ?? []).reduce((m, l) => m | (1 << typeOf(l)), 0);
  const c = decl.castling;
  const fileIndex = (f: string) => f.charCodeAt(0) - 97;
  const pair = (p: [string, string]) => [fileIndex(p[0]), fileIndex(p[1])] as [number, number];
  const castling = c && {
    king: typeOf(c.king),
    rook: typeOf(c.rook),
    kingTo: pair(c.kingTo),
    rookTo: pair(c.rookTo),
    fixedHomes: c.homes !== undefined,
  };
  const homeRank = (side: Side) => (side === 0 ? 0 : decl.ranks - 1);
  const home = (side: Side, f: string | undefined) => (f === undefined ? -1 : squareAt(geo, fileIndex(f), homeRank(side)));
  const h = c?.homes;
  const castleHomes = makeCastleHomes(
    geo, castling,
    [home(0, h?.king), home(1, h?.king)],
    [[home(0, h?.rooks[0]), home(0, h?.rooks[1])], [home(1, h?.rooks[0]), home(1, h?.rooks[1])]],
  );
  const unmovedBit = new Int32Array(geo.size);
  for (let f = 0; f < decl.files; f++) {
    unmovedBit[squareAt(geo, f, 0)] = 1 << f;
    unmovedBit[squareAt(geo, f, decl.ranks - 1)] = 1 << (16 + f);
  }
  return {
    decl,
    id: decl.id,
    sideNames: decl.sideNames ?? DEFAULT_SIDE_NAMES,
    geo,
    types,
    byLetter,
    royalTypes,
    royalKind: decl.royalty.kind,
    royalCheck: decl.royalty.kind !== "extinction" || decl.royalty.check !== false,
    extinctionLoses: decl.royalty.kind !== "extinction" || decl.royalty.whenGone !== "wins",
    kingType: decl.royalty.kind === "extinction" ? 0 : typeOf(decl.royalty.piece),
    trackedRoyal: royalLetters.length === 1 ? typeOf(royalLetters[0]) : 0,
    royalList: royalLetters.map(typeOf),
    attackRays: [attackRays(types, 0), attackRays(types, 1)],
    standable: [standable(geo, types, 0), standable(geo, types, 1)],
    hoppers: types.slice(1).some((t) => t.atoms[0].some((a) => a.hop && a.capture)),
    flyingGeneral: decl.flyingGeneral ?? false,
    castling,
    castleHomes,
    unmovedBit,
    epVictims: mask(decl.enPassant?.victims),
    epCapturers: mask(decl.enPassant?.capturers),
    mechanics: decl.mechanics ?? [],
    ownPieceHooks: (decl.mechanics ?? []).filter((m) => m.ontoOwnPiece),
    generator: decl.mechanics?.find((m) => m.generate),
    extenders: (decl.mechanics ?? []).filter((m) => m.extend),
    afterMovers: (decl.mechanics ?? []).filter((m) => m.afterMove),
    threat: decl.mechanics?.find((m) => m.royalThreat),
    judge: decl.mechanics?.find((m) => m.legal),
    stopper: decl.mechanics?.find((m) => m.stopsPlay),
  };
}

/** The homes of one game: the king's and rooks' squares, and the guard they imply. */
export function makeCastleHomes(
  geo: Geometry, castling: Variant["castling"], king: CastleHomes["king"], rooks: CastleHomes["rooks"],
): CastleHomes {
  const guard: CastleHomes["guard"] = new Array(geo.size).fill(undefined);
  if (castling) {
    for (const side of [0, 1] as Side[]) {
      for (const wing of [0, 1]) {
        if (rooks[side][wing] < 0) continue;
        const bit = 1 << (side * 2 + wing);
        for (const [sq, type] of [[king[side], castling.king], [rooks[side][wing], castling.rook]]) {
          (guard[sq] ??= []).push([bit, side, type]);
        }
      }
    }
  }
  return { king, rooks, guard };
}

/**
 * Groups every capturing atom of one side by its reversed direction, so an attack
 * test walks each line out from the target once and looks up the type it meets.
 */
function attackRays(types: PieceType[], side: Side): AttackRay[] {
  const rays = new Map<string, AttackRay>();
  for (const t of types.slice(1)) {
    for (const a of t.atoms[side]) {
      if (!a.capture || a.initial) continue;
      const step = -a.step;
      const block = a.block ? a.block - a.step : 0;
      const block2 = a.block2 ? a.block2 - a.step : 0;
      const key = `${step}:${block}:${block2}:${a.hop}:${a.hopsNot}:${a.fromRank}`;
      let ray = rays.get(key);
      if (!ray) rays.set(key, (ray = { step, block, block2, hopsNot: a.hopsNot, masks: [], hop: a.hop, fromRank: a.fromRank }));
      for (let k = a.min; k <= a.max; k++) ray.masks[k] = (ray.masks[k] ?? 0) | (1 << t.index);
    }
  }
  for (const ray of rays.values()) for (let k = 0; k < ray.masks.length; k++) ray.masks[k] ??= 0;
  return [...rays.values()];
}

/** Per side, the squares of a piece's region (PieceDecl.region). */
function regionSquares(decl: VariantDecl, geo: Geometry, region: NonNullable<PieceDecl["region"]>): [Uint8Array, Uint8Array] {
  const forSide = (side: Side) => {
    const inside = new Uint8Array(geo.size);
    for (const sq of geo.squares) {
      const rank = geo.rankOf[sq];
      if (region === "own half") {
        inside[sq] = (side === 0 ? rank : decl.ranks - 1 - rank) < decl.ranks / 2 ? 1 : 0;
      } else {
        if (!decl.palaces) throw new RulesError(`${decl.id}: a piece keeps to the palace, but the game declares no palaces`);
        const [lo, hi] = decl.palaces[side].map((name) => ({ file: fileIndexOf(name), rank: Number(name.slice(1)) - 1 }));
        const file = geo.fileOf[sq];
        inside[sq] = file >= lo.file && file <= hi.file && rank >= lo.rank && rank <= hi.rank ? 1 : 0;
      }
    }
    return inside;
  };
  return [forSide(0), forSide(1)];
}

const fileIndexOf = (name: string) => name.charCodeAt(0) - 97;

/** Per square, the types of one side that may stand there, as a bitmask. */
function standable(geo: Geometry, types: PieceType[], side: Side): Int32Array {
  const mask = new Int32Array(geo.size);
  for (const sq of geo.squares) {
    for (const t of types.slice(1)) if (!t.region || t.region[side][sq]) mask[sq] |= 1 << t.index;
  }
  return mask;
}

/** Per side, the squares from which no moving atom reaches a square of the board; undefined when there are none. */
function deadEnds(geo: Geometry, atoms: [CompiledAtom[], CompiledAtom[]]): [Uint8Array, Uint8Array] | undefined {
  let any = false;
  const forSide = (side: Side) => {
    const dead = new Uint8Array(geo.size);
    for (const sq of geo.squares) {
      const moves = atoms[side].some((a) => a.move && !a.initial && a.min <= 1 && geo.fileOf[sq + a.step] >= 0);
      if (!moves) dead[sq] = 1;
      any ||= !moves;
    }
    return dead;
  };
  const both: [Uint8Array, Uint8Array] = [forSide(0), forSide(1)];
  return any ? both : undefined;
}

/** Whether two atoms of one piece reach a common square on an empty board. */
function hasOverlap(atoms: Atom[], span: number): boolean {
  const seen = new Set<string>();
  for (const a of atoms) {
    for (let k = a.min; k <= Math.min(a.max, span); k++) {
      // A hopper reaches only squares beyond the first piece, a slider only up to it: never the same square.
      const key = `${a.hop ? "p" : ""}${a.dx * k},${a.dy * k}`;
      if (seen.has(key)) return true;
      seen.add(key);
    }
  }
  return false;
}
