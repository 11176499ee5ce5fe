/**
 * Demo data (npm run seed): games between demo players across every variant,
 * played with random legal moves from the rules module. The parts here are plain
 * functions so tests can call them; scripts/seed.ts is the command.
 *
 * How it stays fast for 100,000 games: random play-outs are generated once per run
 * (a pool per variant, in child processes so both cores work and a pathological
 * position in one variant cannot stall the run), then every game takes a play-out
 * cut at some ply and ends there in one of several ways (by the rules where the
 * play-out ended, resigned, agreed drawn, lost on time, or still going). Rows go in
 * with one INSERT … SELECT FROM unnest(…) per batch, which works the same on
 * PostgreSQL and PGlite.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { Game, chosenSetupFen, makeRulesState, setupFen, variantInfo, type Outcome } from "@/lib/rules";

export interface Playout {
  variant: string;
  /** Where it started: the game's start position, or for a game of numbered setups (Chess960) a random one. */
  startFen: string;
  /** A game whose players choose their setups (Janggi): the ones they chose, at random. */
  setups: { white: number; black: number } | null;
  moves: string[];
  /** FEN after each move. */
  fens: string[];
  /** How the rules ended it, or null when it was cut at the length limit. */
  end: { result: "1-0" | "0-1" | "1/2-1/2"; reason: string } | null;
}

/** A small fast PRNG (mulberry32, the bot's own), so a run can be repeated with --seed. */
export { randomSource as prng } from "@/lib/bot";

function resultOf(o: Exclude<Outcome, { result: "ongoing" }>): "1-0" | "0-1" | "1/2-1/2" {
  return o.result === "white-wins" ? "1-0" : o.result === "black-wins" ? "0-1" : "1/2-1/2";
}

/** One random game of `variant`, at most `maxPly` plies. */
export function playout(variant: string, maxPly: number, random: () => number): Playout {
  const { setups, chosenSetups, startFen: ownStart } = variantInfo(variant);
  const choice = (n: number) => Math.floor(random() * n);
  const chosen = chosenSetups.length > 0 ? { white: choice(chosenSetups.length), black: choice(chosenSetups.length) } : null;
  const startFen = chosen ? chosenSetupFen(variant, chosen.white, chosen.black)
    : setups > 0 ? setupFen(variant, choice(setups)) : ownStart;
  const g = Game.start(variant, startFen);
  const moves: string[] = [];
  const fens: string[] = [];
  for (let i = 0; i < maxPly; i++) {
    const legal = g.legalMoves();
    if (legal.length === 0) break;
    moves.push(g.play(legal[Math.floor(random() * legal.length)].text));
    fens.push(g.fen());
  }
  const s = g.status();
  return { variant, startFen, setups: chosen, moves, fens, end: s.result === "ongoing" ? null : { result: resultOf(s), reason: s.reason } };
}

export interface DemoPlayer {
  id: string;
  name: string;
}

export const DEMO_NAMES = [
  "Ada", "Boris", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ines", "Jonas", "Kalinda", "Lev",
  "Maren", "Nuno", "Olga", "Pavel", "Quentin", "Rosa", "Sven", "Tamsin", "Ulla", "Viktor", "Wanda", "Xiang",
  "Yusuf", "Zora", "Anouk", "Bastian", "Carmen", "Dario", "Edda", "Filip", "Gaia", "Henrik", "Ilse", "Jasper",
  "Kiri", "Lotte", "Milo", "Nadia",
] as const;

export interface PlannedGame {
  id: string;
  variant: string;
  whiteId: string | null;
  blackId: string | null;
  status: "open" | "active" | "finished";
  result: "1-0" | "0-1" | "1/2-1/2" | null;
  endReason: string | null;
  startFen: string;
  currentFen: string;
  /** The rules state at currentFen (games.rules_state), for a game still to be played; null for the others. */
  rulesState: string | null;
  /** An open challenge of a game with chosen setups waits for them (games.choosing_setups); the others have chosen. */
  choosingSetups: boolean;
  whiteSetup: number | null;
  blackSetup: number | null;
  ply: number;
  daysPerMove: number;
  deadline: Date | null;
  visibility: "public" | "unlisted" | "private";
  createdAt: Date;
  updatedAt: Date;
  lastMoveAt: Date | null;
  moves: { text: string; fenAfter: string; playerId: string; createdAt: Date }[];
}

const DAY = 86_400_000;
const DAYS = [1, 2, 3, 5, 7, 10, 14];

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)];
}

/**
 * One game from a play-out: who plays, how far it went and how it ended, with
 * plausible correspondence timings ending before `now`.
 */
export function planGame(
  p: Playout, players: DemoPlayer[], random: () => number, now: Date, options: { finishedOnly: boolean },
): PlannedGame {
  const info = variantInfo(p.variant);
  const a = pick(players, random);
  let b = pick(players, random);
  while (b.id === a.id) b = pick(players, random);
  const daysPerMove = pick(DAYS, random);
  const roll = random();
  let kind: "rules" | "resignation" | "agreement" | "timeout" | "ongoing" | "open";
  if (!options.finishedOnly && roll < 0.03) kind = "open";
  else if (!options.finishedOnly && roll < 0.2) kind = "ongoing";
  else if (p.end && roll < 0.5) kind = "rules";
  else if (roll < 0.75) kind = "resignation";
  else if (roll < 0.88) kind = "agreement";
  else kind = "timeout";

  const len = p.moves.length;
  let ply: number;
  if (kind === "rules") ply = len;
  else if (kind === "open") ply = 0;
  else {
    // Games of every length: short resignations to long endgames, never past the play-out.
    const cut = Math.floor(Math.pow(random(), 1.5) * (len + 1));
    ply = Math.min(len, kind === "ongoing" ? cut : Math.max(cut, Math.min(len, 2)));
    if (ply === len && p.end) kind = "rules";
  }

  // Timings: each move after 1 hour to 1.5 × the time allowed.
  const gaps: number[] = [];
  for (let i = 0; i < ply; i++) gaps.push(3_600_000 + random() * daysPerMove * DAY * 1.5);
  const span = gaps.reduce((s, g) => s + g, 0);
  const tail = kind === "timeout" ? daysPerMove * DAY : kind === "ongoing" ? random() * daysPerMove * DAY * 0.8 : random() * DAY;
  const latestStart = now.getTime() - span - tail;
  const createdAt = new Date(kind === "ongoing" || kind === "open" ? latestStart : latestStart - random() * 3 * 365 * DAY);
  const moves: PlannedGame["moves"] = [];
  let t = createdAt.getTime();
  for (let i = 0; i < ply; i++) {
    t += gaps[i];
    moves.push({ text: p.moves[i], fenAfter: p.fens[i], playerId: i % 2 === 0 ? a.id : b.id, createdAt: new Date(t) });
  }
  const lastMoveAt = ply > 0 ? new Date(t) : null;
  const endAt = new Date(t + tail);
  const toMove = ply % 2 === 0 ? "white" : "black";
  const currentFen = ply > 0 ? p.fens[ply - 1] : p.startFen;

  let result: PlannedGame["result"] = null;
  let endReason: string | null = null;
  if (kind === "rules") {
    result = p.end!.result;
    endReason = p.end!.reason;
  } else if (kind === "resignation") {
    // Usually the side to move gives up; sometimes the other one does.
    const loser = random() < 0.8 ? toMove : toMove === "white" ? "black" : "white";
    result = loser === "white" ? "0-1" : "1-0";
    endReason = "resignation";
  } else if (kind === "agreement") {
    result = "1/2-1/2";
    endReason = "agreement";
  } else if (kind === "timeout") {
    const winner = toMove === "white" ? "black" : "white";
    const canWin = Game.start(p.variant, currentFen).couldWin(winner);
    result = canWin ? (winner === "white" ? "1-0" : "0-1") : "1/2-1/2";
    endReason = canWin ? "timeout" : "timeout-vs-insufficient-material";
  }
  const status = kind === "open" ? "open" : kind === "ongoing" ? "active" : "finished";
  const whiteFirst = random() < 0.5;
  const visRoll = random();
  return {
    id: randomUUID(),
    variant: p.variant,
    // An open challenge has one seat taken.
    whiteId: status === "open" ? (whiteFirst ? a.id : null) : a.id,
    blackId: status === "open" ? (whiteFirst ? null : a.id) : b.id,
    status,
    result,
    endReason,
    // Nobody has chosen in an open challenge: the variant's own start stands in until they do.
    startFen: status === "open" && p.setups ? info.startFen : p.startFen,
    currentFen: status === "open" && p.setups ? Game.start(p.variant, info.startFen).fen() : currentFen,
    rulesState: status === "active" ? makeRulesState(Game.replay(p.variant, p.startFen, moves.map((m) => m.text))) : null,
    choosingSetups: status === "open" && p.setups !== null,
    whiteSetup: status === "open" ? null : p.setups?.white ?? null,
    blackSetup: status === "open" ? null : p.setups?.black ?? null,
    ply,
    daysPerMove,
    deadline: status === "active" ? new Date((lastMoveAt ?? createdAt).getTime() + daysPerMove * DAY) : null,
    visibility: visRoll < 0.85 ? "public" : visRoll < 0.95 ? "unlisted" : "private",
    createdAt,
    updatedAt: status === "finished" ? endAt : lastMoveAt ?? createdAt,
    lastMoveAt,
    moves: status === "open" ? [] : moves,
  };
}

/** A PostgreSQL array literal: the same text on both drivers, one parameter per column. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Inserts planned games and their moves: one statement for the games, moves in batches. */
export async function insertGames(db: Executor, list: PlannedGame[], moveBatch = 20_000): Promise<number> {
  if (list.length === 0) return 0;
  const col = <T extends string | number | null>(f: (g: PlannedGame) => T) => arrayLiteral(list.map(f));
  await db.execute(sql`
    insert into games (id, variant, white_id, black_id, status, result, end_reason, start_fen, current_fen, rules_state, ply,
                       days_per_move, deadline, visibility, created_at, updated_at, last_move_at, choosing_setups, white_setup, black_setup)
    select id, variant, white_id, black_id, status::game_status, result::game_result, end_reason, start_fen, current_fen, rules_state, ply,
           days_per_move, deadline, visibility::visibility, created_at, updated_at, last_move_at, choosing_setups, white_setup, black_setup
    from unnest(${col((g) => g.id)}::text[], ${col((g) => g.variant)}::text[], ${col((g) => g.whiteId)}::text[],
                ${col((g) => g.blackId)}::text[], ${col((g) => g.status)}::text[], ${col((g) => g.result)}::text[],
                ${col((g) => g.endReason)}::text[], ${col((g) => g.startFen)}::text[], ${col((g) => g.currentFen)}::text[], ${col((g) => g.rulesState)}::text[],
                ${col((g) => g.ply)}::int[], ${col((g) => g.daysPerMove)}::int[], ${col((g) => iso(g.deadline))}::timestamptz[],
                ${col((g) => g.visibility)}::text[], ${col((g) => iso(g.createdAt))}::timestamptz[],
                ${col((g) => iso(g.updatedAt))}::timestamptz[], ${col((g) => iso(g.lastMoveAt))}::timestamptz[],
                ${col((g) => String(g.choosingSetups))}::boolean[], ${col((g) => g.whiteSetup)}::int[], ${col((g) => g.blackSetup)}::int[])
      as t(id, variant, white_id, black_id, status, result, end_reason, start_fen, current_fen, rules_state, ply,
           days_per_move, deadline, visibility, created_at, updated_at, last_move_at, choosing_setups, white_setup, black_setup)`);
  let rows: { gameId: string; ply: number; text: string; fenAfter: string; playerId: string; createdAt: Date }[] = [];
  let count = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    const c = <T extends string | number | null>(f: (r: (typeof rows)[number]) => T) => arrayLiteral(rows.map(f));
    await db.execute(sql`
      insert into moves (game_id, ply, text, fen_after, player_id, created_at)
      select * from unnest(${c((r) => r.gameId)}::text[], ${c((r) => r.ply)}::int[], ${c((r) => r.text)}::text[],
                           ${c((r) => r.fenAfter)}::text[], ${c((r) => r.playerId)}::text[], ${c((r) => r.createdAt.toISOString())}::timestamptz[])`);
    count += rows.length;
    rows = [];
  };
  for (const g of list) {
    g.moves.forEach((m, i) => rows.push({ gameId: g.id, ply: i + 1, ...m }));
    if (rows.length >= moveBatch) await flush();
  }
  await flush();
  return count;
}

/** The demo players, created when missing (a name a real user already has is left to them). */
export async function demoPlayers(db: Db, count: number): Promise<DemoPlayer[]> {
  const names = DEMO_NAMES.slice(0, Math.max(2, Math.min(count, DEMO_NAMES.length)));
  await db.execute(sql`
    insert into users (name, email, email_verified, notify)
    select n, lower(n) || '@demo.invalid', now(), 'none' from unnest(${arrayLiteral(names)}::text[]) as t(n)
    on conflict do nothing`);
  const r = await db.execute(sql`select id, name from users where email like '%@demo.invalid' and lower(name) in
    (select lower(n) from unnest(${arrayLiteral(names)}::text[]) as t(n)) order by name`);
  const list = ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as DemoPlayer[];
  if (list.length < 2) throw new Error("could not create demo players (names taken by real users?)");
  return list;
}
