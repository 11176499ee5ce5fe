/**
 * Move submission end to end (service call → committed transaction) against real
 * PostgreSQL, at 1 and at 50 concurrent games, beside a peer: the bare database
 * floor — one transaction that locks a row, inserts one row and updates one row.
 *
 *   npm run bench:moves [-- --moves 400]
 */
import { sql } from "drizzle-orm";
import { users } from "../lib/db/schema";
import { createTestPostgres } from "../lib/db/testing";
import { acceptInvitation, createChallenge, submitMove } from "../lib/games";
import { Game } from "../lib/rules";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const TOTAL = Number(args[args.indexOf("--moves") + 1]) || 400;

const handle = await createTestPostgres({ max: 60 });
const db = handle.db;
try {
  const players = await db.insert(users).values(
    Array.from({ length: 100 }, (_, i) => ({ name: `p${i}`, email: `p${i}@bench.test`, notify: "every-move" as const })),
  ).returning();

  async function newGame(i: number): Promise<{ id: string; ids: [string, string]; rules: Game }> {
    const [w, b] = [players[(2 * i) % 100], players[(2 * i + 1) % 100]];
    const c = await createChallenge(db, w.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: b.name! } });
    await acceptInvitation(db, b.id, { invitationId: c.invitationId });
    return { id: c.gameId, ids: [w.id, b.id], rules: Game.start("chess") };
  }

  /** Plays random legal moves in `games` games at once until `total` moves were submitted. */
  async function run(games: number, total: number): Promise<number[]> {
    const times: number[] = [];
    let budget = total;
    await Promise.all(Array.from({ length: games }, async (_, i) => {
      let g = await newGame(i);
      while (budget-- > 0) {
        const legal = g.rules.legalMoves();
        if (legal.length === 0) {
          g = await newGame(i);
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
  for (const concurrency of [1, 50]) {
    await run(concurrency, Math.min(50, TOTAL)); // warm-up
    const ours = summary(await run(concurrency, TOTAL));
    const base = summary(await floor(concurrency, TOTAL));
    console.log(
      `${String(concurrency).padStart(2)} games at once: submitMove median ${ms(ours.median)}, p99 ${ms(ours.p99)}` +
      ` | floor transaction median ${ms(base.median)}, p99 ${ms(base.p99)}` +
      ` | ratio median ${(ours.median / base.median).toFixed(1)}×, p99 ${(ours.p99 / base.p99).toFixed(1)}×`,
    );
  }
} finally {
  await handle.close();
}
