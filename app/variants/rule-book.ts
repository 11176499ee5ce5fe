/**
 * Where each game's rules stand in the project's rule book (docs/games/). The
 * variant pages link them; tests/unit/docs.test.ts checks that every game has an
 * entry and that each file and section exists.
 */
const RULE_BOOK: Record<string, string> = {
  chess: "chess.md",
  chess960: "chess960.md",
  companion: "companion.md",
  "companion-way2": "companion.md#way-2-only",
  "companion-extended": "companion.md#extended",
  magicpawns: "magicpawns.md",
  friendly: "friendly.md",
  compound: "compound.md",
  "royal-substitute": "royal-substitute.md",
  shatranj: "shatranj.md",
  chaturanga: "chaturanga.md",
  makruk: "makruk.md",
  "ouk-chatrang": "ouk-chatrang.md",
  sittuyin: "sittuyin.md",
  crazyhouse: "crazyhouse.md",
  duck: "duck.md",
  atomic: "atomic.md",
  antichess: "antichess.md",
  shogi: "shogi.md",
  minishogi: "minishogi.md",
  xiangqi: "xiangqi.md",
  janggi: "janggi.md",
  "fog-of-war": "fog-of-war.md",
  chaturaji: "chaturaji.md",
  "four-seasons": "four-seasons.md",
  "four-player": "four-player.md",
  "four-player-teams": "four-player.md#teams",
  "three-player": "three-player.md",
  "eight-player": "eight-player.md",
  "eight-player-pairs": "eight-player.md#pairs-eight-player-pairs",
  "eight-player-teams": "eight-player.md#teams-eight-player-teams",
};

/** A game's file (and section, after `#`) in docs/games/; undefined for an id it does not know. */
export function ruleBookFile(id: string): string | undefined {
  return Object.hasOwn(RULE_BOOK, id) ? RULE_BOOK[id] : undefined;
}

/** The same as a path from the repository's root, as the rule book is cited. */
export function ruleBookPath(id: string): string | undefined {
  const file = ruleBookFile(id);
  return file === undefined ? undefined : `docs/games/${file}`;
}
