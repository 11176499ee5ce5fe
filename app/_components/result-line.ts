import { sideNameIn } from "@/lib/rules";
import { resultMark } from "@/lib/games/result-mark";
import type { Colour, GameState } from "./game-state";

/**
 * How a finished game ended, as the game page says it: to a player "You won", to a
 * watcher the winner with their side as the game's players call it ("Alice (Red) won").
 */
export function resultLine(s: Pick<GameState, "variant" | "result" | "ending" | "white" | "black">, me: Colour | null): string {
  const how = s.ending ? ` ${s.ending}` : "";
  if (s.result === "1/2-1/2") return `Drawn${how} (${resultMark(s.result)}).`;
  const winner: Colour = s.result === "1-0" ? "white" : "black";
  const who = me === null ? `${s[winner] ?? sideNameIn(s.variant, winner)} (${sideNameIn(s.variant, winner)}) won` : me === winner ? "You won" : "You lost";
  return `${who}${how} (${s.result}).`;
}
