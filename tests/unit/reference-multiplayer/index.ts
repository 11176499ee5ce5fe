/**
 * The independent reference for the games for more than two, by variant id, for cross-checks
 * against lib/rules (as tests/unit/rules-crosscheck.ts does with rules-reference.ts):
 * `g.legalMoves(parseNfen(g, text))` gives each legal move's canonical text and the position
 * after it (`writeNfen(g, m.next)`), and `m.end` when the move itself ends the game (a claim);
 * `g.status(pos, earlier)` says whether the game is over, why, and who is first.
 */
import { chaturaji } from "./chaturaji";
import { eightPlayer, eightPlayerPairs, eightPlayerTeams } from "./eight-player";
import { fourPlayer, fourPlayerTeams } from "./four-player";
import { fourSeasons } from "./four-seasons";
import type { GameDef } from "./shared";
import { threePlayer } from "./three-player";

export const REFERENCE_GAMES: Record<string, GameDef> = Object.fromEntries(
  [chaturaji, fourSeasons, fourPlayer, fourPlayerTeams, threePlayer, eightPlayer, eightPlayerPairs, eightPlayerTeams].map((g) => [g.id, g]),
);

export { parseNfen, perft, randomPlayout, writeNfen, type GameDef, type Position, type RefMove, type Status } from "./shared";
