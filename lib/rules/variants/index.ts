/** The registry of games: each is a declaration compiled once. */
import { RulesError } from "../errors";
import { compileVariant, type Variant, type VariantDecl } from "../variant";
import { antichess } from "./antichess";
import { atomic } from "./atomic";
import { chess } from "./chess";
import { chess960 } from "./chess960";
import { companion, companionExtended, companionWay2 } from "./companion";
import { compound } from "./compound";
import { crazyhouse } from "./crazyhouse";
import { duck } from "./duck";
import { fogOfWar } from "./fog-of-war";
import { friendly } from "./friendly";
import { janggi } from "./janggi";
import { magicpawns } from "./magicpawns";
import { makruk, oukChatrang } from "./makruk";
import { royalSubstitute } from "./royal-substitute";
import { chaturanga, shatranj } from "./shatranj";
import { minishogi, shogi } from "./shogi";
import { sittuyin } from "./sittuyin";
import { xiangqi } from "./xiangqi";

const DECLARATIONS: VariantDecl[] = [chess, chess960, companion, companionWay2, companionExtended, magicpawns, friendly, compound, royalSubstitute,
  shatranj, chaturanga, makruk, oukChatrang, sittuyin, crazyhouse, duck, atomic, antichess, shogi, minishogi, xiangqi, janggi, fogOfWar,
];

const compiled = new Map<string, Variant>();

export function variantIds(): string[] {
  return DECLARATIONS.map((d) => d.id);
}

/**
 * A game declared at run time, not built in: a preset a player wrote (docs/presets.md), read
 * into the same declaration the built-in games use. It is compiled once, and from then on
 * `getVariant` (and so `Game.start`) finds it by its id like any other game. Declaring the same
 * id again replaces it; a built-in game's id is refused.
 */
export function declareVariant(decl: VariantDecl): Variant {
  if (DECLARATIONS.some((d) => d.id === decl.id)) throw new RulesError(`'${decl.id}' is a built-in game's id`);
  const v = compileVariant(decl);
  compiled.set(decl.id, v);
  return v;
}

/** Whether a game has this id: a built-in one, or one declared (declareVariant). */
export function isKnownVariant(id: string): boolean {
  return compiled.has(id) || DECLARATIONS.some((d) => d.id === id);
}

export function getVariant(id: string): Variant {
  let v = compiled.get(id);
  if (!v) {
    const decl = DECLARATIONS.find((d) => d.id === id);
    if (!decl) throw new RulesError(`unknown variant '${id}' (known: ${DECLARATIONS.map((d) => d.id).join(", ")})`);
    v = compileVariant(decl);
    compiled.set(id, v);
  }
  return v;
}
