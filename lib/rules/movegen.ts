/**
 * Pseudo-legal moves from the compiled atom tables, attack tests, playing moves,
 * and legality by the variant's royalty rule.
 */
import { MAX_FILES, MAX_RANKS, squareAt, type Geometry } from "./geometry";
import { MoveKind, newMove, type Move } from "./move";
import { CASTLE_BITS, hasUnseen, OFF, pieceCode, typeOn, UNSEEN, type Position } from "./position";
import { inPromotionZone, type AttackRay, type PieceType, type Side } from "./variant";

const MAX_SQUARES = MAX_FILES * MAX_RANKS;

/** Is `sq` attacked by a piece of side `by`? Only pieces that may stand on `sq` attack it (PieceDecl.region). */
export function attacked(pos: Position, sq: number, by: Side): boolean {
  const board = pos.board;
  const rays = pos.variant.attackRays[by];
  const allowed = pos.variant.standable[by][sq];
  for (let i = 0; i < rays.length; i++) {
    const ray = rays[i];
    const masks = ray.masks;
    let s = sq;
    let screened = !ray.hop;
    if (ray.hopsNot !== 0 && hopsNotOver(ray.hopsNot, board[sq])) continue;
    for (let k = 1; k < masks.length; k++) {
      s += ray.step;
      const v = board[s];
      if (v === OFF) break;
      if (v !== 0) {
        // A hopper's line goes on past its screen, the first piece, to the piece that attacks.
        if (!screened) {
          if (ray.hopsNot !== 0 && hopsNotOver(ray.hopsNot, v)) break;
          screened = true;
          continue;
        }
        const t = (v >> (5 * by)) & 31;
        if (t !== 0 && (masks[k] & allowed) >> t & 1 && (ray.block === 0 || board[sq + ray.block] === 0) &&
          (ray.block2 === 0 || board[sq + ray.block2] === 0) &&
          (ray.fromRank === 0 || relativeRank(pos.geo, by, s) >= ray.fromRank)) return true;
        break;
      }
    }
  }
  return false;
}

/** Does the square's code hold a piece, of either side, of the types in `mask` (PieceDecl.hopsNot)? */
const hopsNotOver = (mask: number, code: number) => (((mask >> (code & 31)) | (mask >> ((code >> 5) & 31))) & 1) !== 0;

const relativeRank = (geo: Geometry, side: Side, sq: number) => (side === 0 ? geo.rankOf[sq] : geo.ranks - 1 - geo.rankOf[sq]);

/**
 * Do the two generals face each other on a file with nothing between (VariantDecl.flyingGeneral)?
 * `royal` is the square of `side`'s general.
 */
export function generalsFace(pos: Position, side: Side, royal: number): boolean {
  const other = pos.kingSq[1 - side];
  if (other === -1 || pos.geo.fileOf[other] !== pos.geo.fileOf[royal]) return false;
  const step = other > royal ? pos.geo.stride : -pos.geo.stride;
  let s = royal + step;
  while (s !== other && pos.board[s] === 0) s += step;
  return s === other;
}

/** The square of a side's royal piece that must not be attacked, or -1 when none must be protected. */
export function protectedRoyal(pos: Position, side: Side): number {
  const v = pos.variant;
  if (v.royalKind === "king") return pos.kingSq[side];
  if (v.royalKind === "extinction" && v.royalCheck && pos.royalCount(side) === 1) {
    const k = pos.kingSq[side];
    return k !== -1 ? k : pos.royalSquares(side)[0];
  }
  return -1;
}

/** Is the side's protected royal piece attacked now (by the core's test, or the game's own: `royalThreat`)? */
export function inCheck(pos: Position, side: Side): boolean {
  const sq = protectedRoyal(pos, side);
  return sq !== -1 && royalThreatened(pos, side, sq);
}

/** Would a protected royal piece of `side` on `sq` be attacked there? */
function royalThreatened(pos: Position, side: Side, sq: number): boolean {
  const threat = pos.variant.threat;
  return threat ? threat.royalThreat!(pos, side, sq) : attacked(pos, sq, (1 - side) as Side);
}

// What a square reached by `pieceTargets` holds.
export const EMPTY = 0;
export const ENEMY = 1;
/** One's own piece, reached by a moving atom: only a mechanic's `ontoOwnPiece` makes a move of it. */
export const OWN = 2;

/** A target of `pieceTargets`: the square, what it holds, the promotion (0 for none). */
export const targetSquare = (e: number) => e & 511;
export const targetHolds = (e: number) => (e >> 9) & 3;
export const targetPromotion = (e: number) => e >> 11;

/** Does a piece of this type stand on one of the ranks its `i` moves start from? */
export function onInitialRank(type: PieceType, geo: Geometry, side: Side, sq: number): boolean {
  const rank = geo.rankOf[sq];
  return type.initialRanks.includes(side === 0 ? rank : geo.ranks - 1 - rank);
}

/** May this piece make its `i` moves: from its initial ranks, or, with an unmoved right, unmoved (and a royal piece not in check). */
export function initialMoveAllowed(pos: Position, type: PieceType, sq: number): boolean {
  if (!type.unmovedRight) return onInitialRank(type, pos.geo, pos.turn, sq);
  if (!(pos.unmoved & pos.variant.unmovedBit[sq])) return false;
  return !((pos.variant.royalTypes >> type.index) & 1) || !inCheck(pos, pos.turn);
}

let seenStamp = 0;
let seen = new Int32Array(0);

/**
 * The squares the piece of type `type` of side `us` on `sq` reaches by its atoms:
 * empty squares by moving atoms, opponent's pieces by capturing ones, and with `own`
 * one's own pieces by moving ones; its `i` atoms only when `initial` says they are
 * allowed (initialMoveAllowed). Each square once (overlapping atoms), in atom
 * order, once per promotion choice where the piece promotes (and once unpromoted where
 * promotion is optional), never where it could not move again (VariantDecl.noDeadEnds); written to `out` as
 * square | holds << 9 | promotion << 11. Returns how many.
 */
export function pieceTargets(
  board: Int16Array, geo: Geometry, type: PieceType, us: Side, sq: number, own: boolean, initial: boolean, out: Int32Array,
): number {
  const themShift = 5 * (1 - us);
  const atoms = type.atoms[us];
  const dedupe = type.overlapping;
  const region = type.region?.[us];
  const rank = relativeRank(geo, us, sq);
  if (dedupe) {
    if (seen.length < board.length) seen = new Int32Array(board.length);
    seenStamp++;
  }
  let n = 0;
  for (let j = 0; j < atoms.length; j++) {
    const a = atoms[j];
    if (a.initial && !initial) continue;
    if (a.block !== 0 && board[sq + a.block] !== 0) continue;
    if (a.block2 !== 0 && board[sq + a.block2] !== 0) continue;
    if (rank < a.fromRank) continue;
    const { step, min, max } = a;
    let to = sq;
    let screened = !a.hop;
    for (let k = 1; k <= max; k++) {
      to += step;
      const w = board[to];
      if (w === OFF) break;
      if (!screened) {
        // A hopper reaches nothing before its screen, the first piece on the line, which may not be one it may not jump.
        if (w !== 0) {
          if (a.hopsNot !== 0 && hopsNotOver(a.hopsNot, w)) break;
          screened = true;
        }
        continue;
      }
      if (k < min) {
        if (w !== 0) break;
        continue;
      }
      if (region !== undefined && region[to] === 0) {
        if (w !== 0) break;
        continue;
      }
      const enemy = w !== 0 && ((w >> themShift) & 31) !== 0;
      if (w === 0 ? a.move : enemy && a.capture && !(a.hopsNot !== 0 && hopsNotOver(a.hopsNot, w))) {
        if (dedupe) {
          if (seen[to] === seenStamp) {
            if (w === 0) continue;
            break;
          }
          seen[to] = seenStamp;
        }
        const holds = w === 0 ? EMPTY : ENEMY;
        if (inPromotionZone(type, geo, us, to) || (type.promotionOptional && inPromotionZone(type, geo, us, sq))) {
          for (const p of type.promotesTo) out[n++] = to | (holds << 9) | (p << 11);
          if (type.promotionOptional && !type.deadEnds?.[us][to]) out[n++] = to | (holds << 9);
        } else if (!type.deadEnds?.[us][to]) {
          out[n++] = to | (holds << 9);
        }
      } else if (own && w !== 0 && !enemy && a.move && !(dedupe && seen[to] === seenStamp)) {
        if (dedupe) seen[to] = seenStamp;
        out[n++] = to | (OWN << 9);
      }
      if (w !== 0) break;
    }
  }
  return n;
}

/** Room for every target of one piece: each square once, times the promotion choices. */
export const newTargets = () => new Int32Array(MAX_SQUARES * 32);
const targets = newTargets();

/** Orthodox-style generation for the side to move: steps, captures, castling, en passant. */
export function generateCore(pos: Position, out: Move[]): void {
  const us = pos.turn;
  const board = pos.board;
  const v = pos.variant;
  const hooks = v.ownPieceHooks;
  const own = hooks.length > 0;
  const shift = 5 * us;
  const geo = pos.geo;
  const squares = geo.squares;
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i];
    const code = board[sq];
    if (code === 0) continue;
    const t = (code >> shift) & 31;
    if (t === 0) continue;
    const type = v.types[t];
    const n = pieceTargets(board, geo, type, us, sq, own, initialMoveAllowed(pos, type, sq), targets);
    for (let j = 0; j < n; j++) {
      const e = targets[j];
      if (own && ((e >> 9) & 3) === OWN) for (const h of hooks) h.ontoOwnPiece!(pos, sq, e & 511, out);
      else out.push(newMove(MoveKind.Step, sq, e & 511, t, e >> 11));
    }
  }
  generateCastling(pos, out);
  generateEnPassant(pos, out);
}

/** Squares of one castling (wing 0 kingside, 1 queenside): where king and rook start and land. */
export function castlingSquares(pos: Position, side: Side, wing: 0 | 1) {
  const c = pos.variant.castling!;
  const homes = pos.castleHomes;
  const rank = side === 0 ? 0 : pos.geo.ranks - 1;
  return {
    king: homes.king[side],
    rook: homes.rooks[side][wing],
    kingTo: squareAt(pos.geo, c.kingTo[wing], rank),
    rookTo: squareAt(pos.geo, c.rookTo[wing], rank),
  };
}

/** Which wing a castling move is, by where the king lands (in Chess960 it may not move at all). */
export function castlingWing(pos: Position, m: Move): 0 | 1 {
  return pos.geo.fileOf[m.to] === pos.variant.castling!.kingTo[0] ? 0 : 1;
}

function generateCastling(pos: Position, out: Move[]): void {
  const c = pos.variant.castling;
  if (!c || pos.castling === 0) return;
  const us = pos.turn;
  const them = (1 - us) as Side;
  for (const wing of [0, 1] as const) {
    if (!(pos.castling & CASTLE_BITS[us][wing])) continue;
    const s = castlingSquares(pos, us, wing);
    if (!castlingPathClear(pos, s)) continue;
    if (pos.variant.threat) {
      // A game's own test leaves the landing square to legality, judged with the rook moved.
      if (!castlingSafe(pos, s, (sq) => sq !== s.kingTo && royalThreatened(pos, us, sq))) continue;
    } else if (pos.variant.royalCheck && !castlingSafe(pos, s, (sq) => attacked(pos, sq, them))) {
      // A king that may be attacked (Duck chess) castles through and into attack, as Fairy-Stockfish lets it.
      continue;
    }
    out.push(newMove(MoveKind.Castle, s.king, s.kingTo, c.king, 0));
  }
}

/** Every square the king and rook cross or land on is empty, but for the two of them. */
export function castlingPathClear(pos: Position, s: ReturnType<typeof castlingSquares>): boolean {
  const lo = Math.min(s.king, s.rook, s.kingTo, s.rookTo);
  const hi = Math.max(s.king, s.rook, s.kingTo, s.rookTo);
  for (let sq = lo; sq <= hi; sq++) {
    if (sq !== s.king && sq !== s.rook && pos.board[sq] !== 0) return false;
  }
  return true;
}

/**
 * The king is not in check and crosses or lands on no square for which `threatened` holds.
 * Tested with the rook still on its square; an attack along the rank that only the rook's
 * leaving opens (Chess960) is caught by the legality test after the move.
 */
export function castlingSafe(
  pos: Position, s: ReturnType<typeof castlingSquares>, threatened: (sq: number) => boolean,
): boolean {
  const dir = s.kingTo > s.king ? 1 : -1;
  for (let sq = s.king; ; sq += dir) {
    if (threatened(sq)) return false;
    if (sq === s.kingTo) return true;
  }
}

/** Adds the en passant captures of the side to move, pseudo-legal (FEN writing asks whether there is one). */
export function generateEnPassant(pos: Position, out: Move[]): void {
  const ep = pos.ep;
  const v = pos.variant;
  if (ep === -1 || v.epCapturers === 0) return;
  const us = pos.turn;
  const them = (1 - us) as Side;
  const victim = ep - pos.forward(us);
  const vt = typeOn(pos.board[victim], them);
  // In a view the pawn to be taken may stand unseen (docs/games/fog-of-war.md#what-each-player-sees).
  const unseenVictim = v.decl.hidden && pos.board[victim] === UNSEEN;
  if ((!unseenVictim && (!vt || !((v.epVictims >> vt) & 1))) || pos.board[ep] !== 0) return;
  for (let t = 1; t < v.types.length; t++) {
    if (!((v.epCapturers >> t) & 1)) continue;
    for (const a of v.types[t].atoms[us]) {
      if (!a.capture || a.move || a.min !== 1) continue;
      const from = ep - a.step;
      const code = pos.board[from];
      if (code !== OFF && typeOn(code, us) === t && typeOn(code, them) === 0) {
        out.push(newMove(MoveKind.EnPassant, from, ep, t, 0));
      }
    }
  }
}

/**
 * Moves a piece (with everything it carries) from–to, capturing what stands on `to`,
 * promoting, resetting the fifty-move clock and setting the en passant square as
 * the declaration says. Mechanics reuse it for the steps of their moves.
 */
export function playStep(pos: Position, from: number, to: number, promo: number): void {
  const us = pos.turn;
  const code = pos.board[from];
  const t = typeOn(code, us);
  const v = pos.variant;
  // Fairy-Stockfish restarts the count on every promotion too (Shogi's pieces are not pawn-like).
  if (promo || typeOn(pos.board[to], (1 - us) as Side) || v.types[t].pawnLike) pos.halfmove = 0;
  pos.put(from, 0);
  pos.put(to, promo ? pieceCode(us, promo) : code);
  if ((v.epVictims >> t) & 1) {
    const dr = pos.geo.rankOf[to] - pos.geo.rankOf[from];
    if ((dr === 2 || dr === -2) && pos.geo.fileOf[to] === pos.geo.fileOf[from]) pos.ep = (from + to) / 2;
  }
}

/** Plays a move (pseudo-legal is fine); undo with pos.unmake(). */
export function makeMove(pos: Position, m: Move): void {
  const after = pos.variant.afterMovers;
  const them = (1 - pos.turn) as Side;
  let capturedCode = pos.board[m.to];
  let captured = typeOn(capturedCode, them);
  pos.begin();
  pos.ep = -1;
  pos.dropped = 0;
  pos.halfmove++;
  switch (m.kind) {
    case MoveKind.Step:
      playStep(pos, m.from, m.to, m.promo);
      break;
    case MoveKind.EnPassant: {
      const victim = m.to - pos.forward(pos.turn);
      capturedCode = pos.board[victim];
      captured = typeOn(capturedCode, them);
      pos.put(victim, 0);
      playStep(pos, m.from, m.to, 0);
      pos.halfmove = 0;
      break;
    }
    case MoveKind.Castle: {
      const s = castlingSquares(pos, pos.turn, castlingWing(pos, m));
      const king = pos.board[s.king];
      const rook = pos.board[s.rook];
      pos.put(s.king, 0);
      pos.put(s.rook, 0);
      pos.put(s.kingTo, king);
      pos.put(s.rookTo, rook);
      break;
    }
    case MoveKind.Mechanic:
      m.mechanic!.make!(pos, m);
      break;
  }
  if (pos.unmoved !== 0 && m.kind === MoveKind.Step) loseUnmovedRights(pos, m);
  if (pos.turn === 1) pos.fullmove++;
  pos.turn = them;
  for (let i = 0; i < after.length; i++) after[i].afterMove!(pos, m, captured, capturedCode);
}

/** An opponent's unmoved piece whose right this move took (Ouk Chatrang: a rook move onto the king's rank or file). */
function loseUnmovedRights(pos: Position, m: Move): void {
  const them = (1 - pos.turn) as Side;
  const geo = pos.geo;
  const rank = them === 0 ? 0 : geo.ranks - 1;
  for (let f = 0; f < geo.files; f++) {
    const sq = squareAt(geo, f, rank);
    if (!(pos.unmoved & pos.variant.unmovedBit[sq])) continue;
    const type = pos.variant.types[typeOn(pos.board[sq], them)];
    if (type.unmovedRightLostTo === m.piece && (geo.fileOf[sq] === geo.fileOf[m.to] || geo.rankOf[sq] === geo.rankOf[m.to])) {
      pos.unmoved &= ~pos.variant.unmovedBit[sq];
    }
  }
}

/** All pseudo-legal moves of the side to move, core plus mechanics. */
export function pseudoMoves(pos: Position): Move[] {
  const out: Move[] = [];
  const v = pos.variant;
  if (v.generator) v.generator.generate!(pos, out);
  else generateCore(pos, out);
  for (let i = 0; i < v.extenders.length; i++) v.extenders[i].extend!(pos, out);
  return out;
}

/** Has a side lost every royal piece (extinction)? */
export function extinct(pos: Position, side: Side): boolean {
  // In a view the king it lacks may stand unseen (docs/games/fog-of-war.md#the-view-as-fen).
  return pos.variant.royalKind === "extinction" && pos.royalCount(side) === 0 && !hasUnseen(pos);
}

let pinStamp = 0;
let pinMarks = new Int32Array(0);
let lineMarks = new Int32Array(0);

/**
 * Marks the squares whose piece, by leaving, could expose the royal square `royal`
 * to an attack by `them`: the first piece on each line along which `them` attacks
 * from two or more squares away, where such an attacker stands right behind it, and the
 * blocking squares of lame oblique leaps whose leaper stands ready; and,
 * in `lineMarks`, the squares a piece could expose it by arriving on: the lines of
 * hoppers, where an arrival makes a screen (and every piece there may unmake one), and
 * the only piece between two generals (VariantDecl.flyingGeneral).
 * A plain step of any other non-royal piece cannot leave the royal piece attacked.
 */
function markPinCandidates(pos: Position, royal: number, them: Side): void {
  if (pinMarks.length < pos.board.length) {
    pinMarks = new Int32Array(pos.board.length);
    lineMarks = new Int32Array(pos.board.length);
  }
  pinStamp++;
  const board = pos.board;
  const v = pos.variant;
  for (const ray of v.attackRays[them]) {
    if (ray.block !== 0) {
      // A lame leap's blocking squares matter only with its leaper standing where it would attack from.
      const at = board[royal + ray.step];
      if (at !== OFF && (ray.masks[1] >> typeOn(at, them)) & 1 && typeOn(at, them) !== 0) {
        pinMarks[royal + ray.block] = pinStamp;
        if (ray.block2 !== 0) pinMarks[royal + ray.block2] = pinStamp;
      }
    }
    if (ray.hop) {
      markHopperLine(pos, royal, them, ray);
      continue;
    }
    if (ray.masks.length <= 2) continue;
    let s = royal;
    let k = 0;
    do {
      s += ray.step;
      k++;
    } while (board[s] === 0);
    if (board[s] === OFF) continue;
    // The first piece is a candidate only with an attacker of this line right behind it.
    let behind = s;
    do {
      behind += ray.step;
      k++;
    } while (board[behind] === 0);
    const t = board[behind] === OFF || k >= ray.masks.length ? 0 : typeOn(board[behind], them);
    if (t !== 0 && (ray.masks[k] >> t) & 1) pinMarks[s] = pinStamp;
  }
  // The points the game's own attacks pass (Janggi's palace lines): neither leaving nor arriving there is safe.
  const exposing = v.threat?.exposing;
  if (exposing) {
    for (const s of exposing(pos, royal)) {
      pinMarks[s] = pinStamp;
      lineMarks[s] = pinStamp;
    }
  }
  const other = pos.kingSq[them];
  if (v.flyingGeneral && other !== -1 && pos.geo.fileOf[other] === pos.geo.fileOf[royal]) {
    const step = other > royal ? pos.geo.stride : -pos.geo.stride;
    let between = -1;
    for (let s = royal + step; s !== other; s += step) {
      if (board[s] === 0) continue;
      if (between !== -1) return;
      between = s;
    }
    if (between !== -1) pinMarks[between] = pinStamp;
  }
}

/** Marks the squares from the royal piece out to the farthest hopper of `them` on the ray's line. */
function markHopperLine(pos: Position, royal: number, them: Side, ray: AttackRay): void {
  const board = pos.board;
  let last = -1;
  let k = 0;
  for (let s = royal + ray.step; board[s] !== OFF; s += ray.step) {
    k++;
    const t = typeOn(board[s], them);
    if (t !== 0 && k < ray.masks.length && (ray.masks[k] >> t) & 1) last = k;
  }
  for (let i = 1, s = royal + ray.step; i <= last; i++, s += ray.step) {
    pinMarks[s] = pinStamp;
    lineMarks[s] = pinStamp;
  }
}

/** Is the royal piece of `side` (which has one to protect) attacked, or facing the other general, after a move? */
function exposed(pos: Position, side: Side): boolean {
  if (inCheck(pos, side)) return true;
  return pos.variant.flyingGeneral && pos.kingSq[side] !== -1 && generalsFace(pos, side, pos.kingSq[side]);
}

/** Legal moves: pseudo-legal moves that leave no protected royal piece attacked. */
export function legalMoves(pos: Position): Move[] {
  const legal: Move[] = [];
  filterLegal(pos, (m) => legal.push(m));
  return legal;
}

/** Does the move take a piece (on its target square, or en passant)? */
export function isCapture(pos: Position, m: Move): boolean {
  return m.kind === MoveKind.EnPassant || (m.kind === MoveKind.Step && typeOn(pos.board[m.to], (1 - pos.turn) as Side) !== 0);
}

/** Calls `keep` with each legal move; returns how many there are. */
function filterLegal(pos: Position, keep?: (m: Move) => void): number {
  if (!pos.variant.decl.mustCapture) return filterSafe(pos, keep);
  // Compulsory captures: the legal captures, if there are any.
  const legal: Move[] = [];
  let captures = 0;
  filterSafe(pos, (m) => {
    legal.push(m);
    if (isCapture(pos, m)) captures++;
  });
  if (keep) for (const m of legal) if (captures === 0 || isCapture(pos, m)) keep(m);
  return captures || legal.length;
}

/** Calls `keep` with each pseudo-legal move that leaves the royal piece safe; returns how many there are. */
function filterSafe(pos: Position, keep?: (m: Move) => void): number {
  if (extinct(pos, 0) || extinct(pos, 1) || pos.variant.stopper?.stopsPlay!(pos)) return 0;
  const moves = pseudoMoves(pos);
  const us = pos.turn;
  const royal = protectedRoyal(pos, us);
  if (royal === -1) {
    if (keep) for (const m of moves) keep(m);
    return moves.length;
  }
  const them = (1 - us) as Side;
  const judge = pos.variant.judge;
  // Generals already facing (a position set up so) are no check, but every move must end it.
  const checked = royalThreatened(pos, us, royal) || (pos.variant.flyingGeneral && generalsFace(pos, us, royal));
  // A judge that must see every move here (Janggi's bikjang) gets no shortcut; one that says so
  // only in some positions judges as the core does in the others, captures included.
  const shortcuts = !checked && judge?.judgesEveryMove?.(pos) !== true;
  const plainCaptures = judge === undefined || judge.judgesEveryMove !== undefined;
  if (shortcuts) markPinCandidates(pos, royal, them);
  // Where an arrival may expose the royal piece: on a hopper's line, on the points of the game's own attacks.
  const arrivals = pos.variant.hoppers || pos.variant.threat?.exposing !== undefined;
  let n = 0;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    const mech = m.mechanic;
    let ok = shortcuts && (mech === undefined
      ? m.kind === MoveKind.Step && m.from !== royal && pinMarks[m.from] !== pinStamp && (!arrivals || lineMarks[m.to] !== pinStamp) &&
        (plainCaptures || pos.board[m.to] === 0)
      : m.from === -1 && mech.putsDown === true && !arrivals);
    if (!ok && judge) {
      ok = judge.legal!(pos, m);
    } else if (!ok) {
      makeMove(pos, m);
      ok = !exposed(pos, us);
      pos.unmake();
    }
    if (ok) {
      n++;
      keep?.(m);
    }
  }
  return n;
}

/**
 * perft, stopping once more than `cap` positions are counted: null then. Its work is bounded by
 * the cap (plus one position's moves for each move of the positions above the last ply), not by
 * the game's tree, for a caller that counts on every keystroke (the preset editor's preview).
 */
export function perftUpTo(pos: Position, depth: number, cap: number): number | null {
  let n = 0;
  const walk = (d: number): boolean => {
    if (d === 0) return ++n <= cap;
    if (d === 1) return (n += filterLegal(pos)) <= cap;
    const moves = legalMoves(pos);
    for (let i = 0; i < moves.length; i++) {
      makeMove(pos, moves[i]);
      const within = walk(d - 1);
      pos.unmake();
      if (!within) return false;
    }
    return true;
  };
  return walk(depth) ? n : null;
}

export function perft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  if (depth === 1) return filterLegal(pos);
  const moves = legalMoves(pos);
  let n = 0;
  for (let i = 0; i < moves.length; i++) {
    makeMove(pos, moves[i]);
    n += perft(pos, depth - 1);
    pos.unmake();
  }
  return n;
}
