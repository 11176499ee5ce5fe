/**
 * Move submission end to end (service call → committed transaction) against real
 * PostgreSQL, at 1 and at 50 concurrent games, beside a peer: the bare database
 * floor — one transaction that locks a row, inserts one row and updates one row. Then the same
 * at ply 200 (long games, stored with their rules state), to show a move's cost does not grow
 * with the game's length. Each row times the move two ways: given its session's token, as the
 * game page's action gives it (the game's read checks the session), and given the player's id,
 * as a bot, an email reply or another action gives it.
 *
 *   npm run bench:moves [-- --moves 400]
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { games as gamesTable, moves as movesTable, sessions, users } from "../lib/db/schema";
import { createTestPostgres } from "../lib/db/testing";
import { acceptInvitation, createChallenge, submitMove } from "../lib/games";
import { positionOf, type Mover } from "../lib/games/service";
import { Game, makeRulesState } from "../lib/rules";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const TOTAL = Number(args[args.indexOf("--moves") + 1]) || 400;

const handle = await createTestPostgres({ max: 60 });
const db = handle.db;
try {
  const players = await db.insert(users).values(
    Array.from({ length: 100 }, (_, i) => ({ name: `p${i}`, email: `p${i}@bench.test`, notify: "every-move" as const })),
  ).returning();
  const tokens = new Map(players.map((p) => [p.id, randomBytes(16).toString("hex")]));
  await db.insert(sessions).values(players.map((p) => ({ sessionToken: tokens.get(p.id)!, userId: p.id, expires: new Date(Date.now() + 86_400_000) })));
  type MoverKind = "session" | "id";
  const moverOf = (id: string, kind: MoverKind): Mover => (kind === "id" ? id : { sessionToken: tokens.get(id)! });

  /** `line` played on with random legal moves of chess that leave the game on, up to `plies` in all (fewer when none is left). */
  function playedOn(line: string[], plies: number): string[] {
    const game = Game.start("chess");
    for (const m of line) game.play(m);
    while (game.ply < plies) {
      const state = makeRulesState(game);
      const going = game.legalMoves().map((m) => m.text).filter((t) => {
        const next = Game.resume("chess", game.startFen, state);
        next.play(t);
        return next.status().result === "ongoing";
      });
      if (going.length === 0) break;
      game.play(going[Math.floor(Math.random() * going.length)]);
    }
    return [...game.moves];
  }
  const LONG = 200;
  const long = playedOn([], LONG);

  async function newGame(i: number, startPly: number): Promise<{ id: string; ids: [string, string] }> {
    const [w, b] = [players[(2 * i) % 100], players[(2 * i + 1) % 100]];
    if (startPly === 0) {
      const c = await createChallenge(db, w.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: b.name! } });
      await acceptInvitation(db, b.id, { invitationId: c.invitationId });
      return { id: c.gameId, ids: [w.id, b.id] };
    }
    // A game already `startPly` moves long, stored as the service stores one (its rules state with it).
    const rules = Game.start("chess");
    const played = long.slice(0, startPly).map((m) => ({ text: rules.play(m), fenAfter: rules.fen() }));
    const [g] = await db.insert(gamesTable).values({
      variant: "chess", whiteId: w.id, blackId: b.id, status: "active", startFen: rules.startFen, ...positionOf(rules),
      ply: startPly, daysPerMove: 3, deadline: new Date(Date.now() + 3 * 86_400_000),
    }).returning({ id: gamesTable.id });
    await db.insert(movesTable).values(played.map((m, k) => ({ gameId: g.id, ply: k + 1, ...m, playerId: k % 2 === 0 ? w.id : b.id })));
    return { id: g.id, ids: [w.id, b.id] };
  }

  /**
   * Plays random legal moves in `games` games at once, from ply `startPly` on, until `total` moves
   * were submitted, each player named as `kind` says. Each game's moves are chosen before the
   * timing (playedOn), so the bench's own move generation does not run among the moves it times.
   */
  async function run(games: number, total: number, startPly: number, kind: MoverKind): Promise<number[]> {
    const perGame = Math.ceil(total / games);
    const lines = Array.from({ length: games }, () => playedOn(long.slice(0, startPly), startPly + perGame).slice(startPly));
    const times: number[] = [];
    let budget = total;
    await Promise.all(lines.map(async (line, i) => {
      let g = await newGame(i, startPly);
      for (let k = 0; budget-- > 0; k++) {
        if (k === line.length) {
          // The line ran out of moves that keep the game on: the same line again, in a new game.
          g = await newGame(i, startPly);
          k = 0;
        }
        const t0 = performance.now();
        await submitMove(db, moverOf(g.ids[(startPly + k) % 2], kind), { gameId: g.id, expectedPly: startPly + k, move: line[k] });
        times.push(performance.now() - t0);
      }
    }));
    return times;
  }

  async function floor(concurrency: number, total: number): Promise<number[]> {
    await db.execute(sql`create table if not exists bench_floor (id int primary key, n int not null)`);
    await db.execute(sql`create table if not exists bench_rows (id serial primary key, k int not null, t text not null)`);
    await db.execute(sql`insert into bench_floor select g, 0 from generate_series(0, 99) g on conflict do nothing`);
    const times: number[] = [];
    let budget = total;
    await Promise.all(Array.from({ length: concurrency }, async (_, i) => {
      while (budget-- > 0) {
        const t0 = performance.now();
        await db.transaction(async (tx) => {
          await tx.execute(sql`select n from bench_floor where id = ${i} for update`);
          await tx.execute(sql`insert into bench_rows (k, t) values (${i}, 'P e2-e4')`);
          await tx.execute(sql`update bench_floor set n = n + 1 where id = ${i}`);
        });
        times.push(performance.now() - t0);
      }
    }));
    return times;
  }

  console.log(`node ${process.version}, PostgreSQL on 127.0.0.1, ${TOTAL} moves per row`);
  for (const [concurrency, startPly] of [[1, 0], [50, 0], [1, LONG], [50, LONG]]) {
    // Both ways warmed up before either is timed, as a server's connections are: the pool's connections
    // opened, and each statement run more than the five times PostgreSQL plans it afresh before it
    // settles on a plan for the prepared statement.
    for (const kind of ["session", "id"] as const) await run(concurrency, 8 * concurrency, startPly, kind);
    const bySession = summary(await run(concurrency, TOTAL, startPly, "session"));
    const byId = summary(await run(concurrency, TOTAL, startPly, "id"));
    const base = summary(await floor(concurrency, TOTAL));
    const row = (t: typeof base) => `${ms(t.median)} / ${ms(t.p99)} (${(t.median / base.median).toFixed(1)}×)`;
    console.log(
      `${String(concurrency).padStart(2)} games at once, from ply ${String(startPly).padStart(3)}: submitMove median / p99 (ratio of medians) by session ${row(bySession)}, by id ${row(byId)}` +
      ` | floor transaction ${ms(base.median)} / ${ms(base.p99)}`,
    );
  }
} finally {
  await handle.close();
}
