/**
 * An "app process" for the fault tests: plays the given games through the game
 * service with the app's own database client (getDb, from DATABASE_URL), as the
 * game page's server action would, until each reaches TARGET_PLY or ends. Several
 * of these run at once on the same games, so every ply is a race between them.
 *
 *   DATABASE_URL=… GAMES=id1,id2 TARGET_PLY=12 node --import tsx tests/support/traffic.ts
 *
 * Prints one JSON line: how many moves it got accepted, and its refusals by code.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { games } from "@/lib/db/schema";
import { GameError, loadRules, submitMove } from "@/lib/games";

const ids = (process.env.GAMES ?? "").split(",").filter(Boolean);
const target = Number(process.env.TARGET_PLY ?? 10);
const stats: Record<string, number> = { accepted: 0 };
const count = (k: string) => (stats[k] = (stats[k] ?? 0) + 1);

async function play(id: string): Promise<void> {
  const db = await getDb();
  for (;;) {
    const [g] = await db.select().from(games).where(eq(games.id, id));
    if (g.status !== "active" || g.ply >= target) return;
    const rules = await loadRules(db, g);
    if (rules.ply !== g.ply) continue;
    const legal = rules.legalMoves();
    // Different processes pick different moves at random: a race of two moves each time.
    const move = legal[Math.floor(Math.random() * legal.length)].text;
    const player = rules.turn() === "white" ? g.whiteId! : g.blackId!;
    try {
      await submitMove(db, player, { gameId: id, expectedPly: g.ply, move });
      count("accepted");
    } catch (e) {
      if (!(e instanceof GameError)) throw e;
      count(e.code);
    }
  }
}

await Promise.all(ids.map(play));
console.log(JSON.stringify(stats));
process.exit(0);
