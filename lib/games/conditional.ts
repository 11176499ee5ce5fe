/**
 * Conditional moves (docs/conditional-moves.md): "if they play X1, I answer Y1; if then X2,
 * Y2 …", entered while the opponent is to move and played inside the opponent's submitMove.
 * A player's lines are read for that player only: no other surface reads this table.
 * Every function takes the game's row lock first, so lines change in one order with the moves.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { conditionalMoves, games, moves, type ConditionalLine, type Game as GameRow } from "@/lib/db/schema";
import { RulesError, type Game } from "@/lib/rules";
import { GameError } from "./errors";
import { hiddenNow } from "./fog";
import { CONDITIONAL_LINES_PER_GAME } from "./conditional-limits";
import { conditionalLineIdInput, conditionalLineInput, gameActionInput, type ConditionalLineInput } from "./inputs";
import { queueYourTurn } from "./notify";
import { colourOf, deadlineAfter, finish, loadRules, lockGame, parse, requireActive, positionOf, resultOf, userById } from "./service";

/** One of a player's lines as their page shows it: the moves still to come, the opponent's first. */
export interface ConditionalLineView {
  id: string;
  moves: string[];
}

const view = (l: ConditionalLine): ConditionalLineView => ({ id: l.id, moves: l.moves });

/** The player's own lines waiting at the game's ply; anyone else is refused as by every game action. */
async function linesOf(tx: Executor, g: GameRow, userId: string): Promise<ConditionalLine[]> {
  return tx.select().from(conditionalMoves)
    .where(and(eq(conditionalMoves.gameId, g.id), eq(conditionalMoves.playerId, userId), eq(conditionalMoves.ply, g.ply)))
    .orderBy(asc(conditionalMoves.createdAt), asc(conditionalMoves.id));
}

/** The signed-in player's lines in a game (their page only). */
export async function conditionalLinesOf(db: Db, userId: string, raw: { gameId: string }): Promise<ConditionalLineView[]> {
  const { gameId } = parse(gameActionInput, raw);
  const [g] = await db.select().from(games).where(eq(games.id, gameId));
  if (!g) throw new GameError("not-found", "no such game");
  colourOf(g, userId);
  return (await linesOf(db, g, userId)).map(view);
}

/**
 * Why a new line cannot stand beside an existing one, or null: two lines must not answer
 * the same moves of the opponent differently (docs/conditional-moves.md#several-lines).
 */
function conflict(line: readonly string[], other: readonly string[]): string | null {
  let same = 0;
  while (same < line.length && same < other.length && line[same] === other[same]) same++;
  if (same === line.length && same === other.length) return "you already have this line";
  // Their moves are even places, the answers odd: a line may branch at their move only.
  if (same < line.length && same < other.length && same % 2 === 1) {
    return `you already answer ${other.slice(0, same).join(", ")} with ${other[same]}; delete that line first to answer ${line[same]}`;
  }
  return null;
}

/**
 * Adds a line for the signed-in player. Each move is judged by the rules module in turn from
 * the position now, so the line is legal as entered; it is judged again when it is played.
 */
export async function addConditionalLine(db: Db, userId: string, raw: ConditionalLineInput, now = new Date()): Promise<ConditionalLineView[]> {
  const input = parse(conditionalLineInput, raw);
  return db.transaction(async (tx) => {
    const g = await lockGame(tx, input.gameId);
    const colour = colourOf(g, userId);
    requireActive(g);
    if (hiddenNow(g)) {
      throw new GameError("invalid", "conditional moves are not offered in a game in fog: their moves could not be checked without telling what you cannot see");
    }
    if (g.ply !== input.expectedPly) throw new GameError("stale", "the position changed since your page was loaded: plan the line from the new position");
    const rules = await loadRules(tx, g);
    if (rules.turn() === colour) throw new GameError("invalid", "it is your move: conditional moves wait for your opponent's move, so make yours first");
    const line = input.moves.map((m, i) => canonical(rules, m, i));
    const existing = await linesOf(tx, g, userId);
    if (existing.length >= CONDITIONAL_LINES_PER_GAME) {
      throw new GameError("limited", `you have ${existing.length} lines in this game, the most; delete one to add another`);
    }
    for (const other of existing) {
      const why = conflict(line, other.moves);
      if (why) throw new GameError("invalid", why);
    }
    await tx.insert(conditionalMoves).values({ gameId: g.id, playerId: userId, ply: g.ply, moves: line, createdAt: now });
    // A move judged without the lock meanwhile must not be written past this line (lib/games/service.ts writeUsualMove).
    await tx.update(games).set({ linesAdded: sql`${games.linesAdded} + 1` }).where(eq(games.id, g.id));
    return (await linesOf(tx, g, userId)).map(view);
  });
}

/** The move's canonical text, played on `rules`; a refusal names the move as the line counts it. */
function canonical(rules: Game, move: string, index: number): string {
  const whose = index % 2 === 0 ? "their move" : "your answer";
  try {
    return rules.play(move);
  } catch (e) {
    if (e instanceof RulesError) throw new GameError("illegal", `move ${index + 1} of the line (${whose}, ${move}): ${e.message}`);
    throw e;
  }
}

/** Deletes one of the signed-in player's own lines. */
export async function deleteConditionalLine(db: Db, userId: string, raw: { gameId: string; lineId: string }): Promise<ConditionalLineView[]> {
  const input = parse(conditionalLineIdInput, raw);
  return db.transaction(async (tx) => {
    const g = await lockGame(tx, input.gameId);
    colourOf(g, userId);
    const gone = await tx.delete(conditionalMoves)
      .where(and(eq(conditionalMoves.id, input.lineId), eq(conditionalMoves.gameId, g.id), eq(conditionalMoves.playerId, userId)))
      .returning({ id: conditionalMoves.id });
    if (gone.length === 0) throw new GameError("not-found", "that line is no longer there: it was played, cancelled or deleted");
    return (await linesOf(tx, g, userId)).map(view);
  });
}

/**
 * Inside submitMove's transaction, after `move` is stored and while the game's row is locked:
 * the other player's lines waiting for it. Lines that do not begin with it are cancelled (and
 * every stale one); a matching line's answer is judged by the rules again on `rules` (the game
 * after the move) and played, the line going on from its next move, and the mover is told it is
 * their turn. True when an answer was played; false leaves the usual email to the caller.
 * The answer's email is rendered here under the lock: only when a line matches.
 */
export async function answerConditionalMove(
  tx: Executor, g: GameRow, rules: Game, move: { ply: number; text: string; by: string }, now: Date,
): Promise<boolean> {
  const lines = await tx.select().from(conditionalMoves).where(eq(conditionalMoves.gameId, g.id)).for("update");
  if (lines.length === 0) return false;
  const answererId = move.by === g.whiteId ? g.blackId! : g.whiteId!;
  const matching = lines.filter((l) => l.playerId === answererId && l.ply === move.ply - 1 && l.moves[0] === move.text);
  const cancel = async (ls: ConditionalLine[]) => {
    if (ls.length > 0) await tx.delete(conditionalMoves).where(inArray(conditionalMoves.id, ls.map((l) => l.id)));
  };
  await cancel(lines.filter((l) => !matching.includes(l)));
  if (matching.length === 0) return false;
  // A draw offer from the mover still stands: a move would decline it, so the player answers
  // it themselves (docs/conditional-moves.md#draw-offers).
  if (g.drawOfferBy === move.by) return cancel(matching).then(() => false);
  let text: string;
  try {
    // Lines never disagree on an answer (conflict above), so any matching line gives it.
    text = rules.play(matching[0].moves[1]);
  } catch (e) {
    if (e instanceof RulesError) return cancel(matching).then(() => false);
    throw e;
  }
  const ply = move.ply + 1;
  const fen = rules.fen();
  const outcome = rules.status();
  const deadline = deadlineAfter(now, g.daysPerMove);
  await tx.insert(moves).values({ gameId: g.id, ply, text, fenAfter: fen, playerId: answererId, createdAt: now });
  // The mover's move declined any offer of the answerer's, and an offer of the mover's cancelled the lines.
  await tx.update(games).set({ ...positionOf(rules), ply, lastMoveAt: now, updatedAt: now, deadline, drawOfferBy: null })
    .where(eq(games.id, g.id));
  await cancel(matching.filter((l) => l.moves.length <= 2));
  for (const l of matching.filter((m) => m.moves.length > 2)) {
    await tx.update(conditionalMoves).set({ ply, moves: l.moves.slice(2) }).where(eq(conditionalMoves.id, l.id));
  }
  if (outcome.result !== "ongoing") {
    await finish(tx, { ...g, ply }, resultOf(outcome), outcome.reason, now);
    return true;
  }
  const [mover, answerer] = await Promise.all([userById(tx, move.by), userById(tx, answererId)]);
  const moverColour = move.by === g.whiteId ? "white" : "black";
  await queueYourTurn(tx, mover, { id: g.id, variant: g.variant, ply, deadline, colour: moverColour }, answerer.name ?? "your opponent", now, text);
  return true;
}
