/**
 * Move submission end to end (service call → committed transaction) against real
 * PostgreSQL, at 1 and at 50 concurrent games, beside a peer: the bare database
 * floor — one transaction that locks a row, inserts one row and updates one row. Then the same
 * at ply 200 (long games, stored with their rules state), to show a move's cost does not grow
 * with the game's length.
 *
 *   npm run bench:moves [-- --moves 400]
 */
import { sql } from "drizzle-orm";
import { games as gamesTable, moves as movesTable, users } from "../lib/db/schema";
import { createTestPostgres } from "../lib/db/testing";
import { acceptInvitation, createChallenge, submitMove } from "../lib/games";
import { positionOf } from "../lib/games/service";
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

  /** `plies` random legal moves of chess that leave the game on. */
  function longLine(plies: number): string[] {
    const game = Game.start("chess");
    while (game.ply < plies) {
      const state = makeRulesState(game);
      const going = game.legalMoves().map((m) => m.text).filter((t) => {
        const next = Game.resume("chess", game.startFen, state);
        next.play(t);
        return next.status().result === "ongoing";
      });
      game.play(going[Math.floor(Math.random() * going.length)]);
    }
    return [...game.moves];
  }
  const LONG = 200;
  const long = longLine(LONG);

  async function newGame(i: number, startPly: number): Promise<{ id: string; ids: [string, string]; rules: Game }> {
    const [w, b] = [players[(2 * i) % 100], players[(2 * i + 1) % 100]];
    if (startPly === 0) {
      const c = await createChallenge(db, w.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: b.name! } });
      await acceptInvitation(db, b.id, { invitationId: c.invitationId });
      return { id: c.gameId, ids: [w.id, b.id], rules: Game.start("chess") };
    }
    // A game already `startPly` moves long, stored as the service stores one (its rules state with it).
    const rules = Game.start("chess");
    const played = long.slice(0, startPly).map((m) => ({ text: rules.play(m), fenAfter: rules.fen() }));
    const [g] = await db.insert(gamesTable).values({
      variant: "chess", whiteId: w.id, blackId: b.id, status: "active", startFen: rules.startFen, ...positionOf(rules),
      ply: startPly, daysPerMove: 3, deadline: new Date(Date.now() + 3 * 86_400_000),
    }).returning({ id: gamesTable.id });
    await db.insert(movesTable).values(played.map((m, k) => ({ gameId: g.id, ply: k + 1, ...m, playerId: k % 2 === 0 ? w.id : b.id })));
    return { id: g.id, ids: [w.id, b.id], rules };
  }

  /** Plays random legal moves in `games` games at once, from ply `startPly` on, until `total` moves were submitted. */
  async function run(games: number, total: number, startPly = 0): Promise<number[]> {
    const times: number[] = [];
    let budget = total;
    await Promise.all(Array.from({ length: games }, async (_, i) => {
      let g = await newGame(i, startPly);
      while (budget-- > 0) {
        const legal = g.rules.status().result === "ongoing" ? g.rules.legalMoves() : [];
        if (legal.length === 0) {
          g = await newGame(i, startPly);
          budget++;
          continue;
        }
        const move = legal[Math.floor(Math.random() * legal.length)].text;
        const t0 = performance.now();
        await submitMove(db, g.ids[g.rules.ply % 2], { gameId: g.id, expectedPly: g.rules.ply, move });
        times.push(performance.now() - t0);
        g.rules.play(move);
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
    await run(concurrency, Math.min(50, TOTAL), startPly); // warm-up
    const ours = summary(await run(concurrency, TOTAL, startPly));
    const base = summary(await floor(concurrency, TOTAL));
    console.log(
      `${String(concurrency).padStart(2)} games at once, from ply ${String(startPly).padStart(3)}: submitMove median ${ms(ours.median)}, p99 ${ms(ours.p99)}` +
      ` | floor transaction median ${ms(base.median)}, p99 ${ms(base.p99)}` +
      ` | ratio median ${(ours.median / base.median).toFixed(1)}×, p99 ${(ours.p99 / base.p99).toFixed(1)}×`,
    );
  }
} finally {
  await handle.close();
}
