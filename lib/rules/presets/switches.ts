/**
 * The mechanics a preset switches on by data alone (docs/presets.md#switches): each is the
 * existing mechanic module, given the roles the preset names. A mechanic made here remembers
 * its switch, so `makePreset` can write it back; a mechanic made elsewhere (a built-in game's
 * code) has no preset text.
 */
import type { Mechanic } from "../mechanic";
import { carrying, type CarryingOptions } from "../mechanics/carrying";
import { drops, type DropOptions } from "../mechanics/drops";
import { duck } from "../mechanics/duck";
import { explosions } from "../mechanics/explosions";
import { swapping } from "../mechanics/swapping";

export type Switch =
  | { kind: "drops"; options: DropOptions }
  | { kind: "explosions"; survivors: string[] }
  | { kind: "duck" }
  | { kind: "swapping"; pawn: string }
  | { kind: "carrying"; options: CarryingOptions };

const made = new WeakMap<Mechanic, Switch>();

/** The mechanic a switch turns on (h-import's formats use this too, so every format writes back). */
export function switchMechanic(s: Switch): Mechanic {
  const m = build(s);
  made.set(m, s);
  return m;
}

function build(s: Switch): Mechanic {
  switch (s.kind) {
    case "drops":
      return drops(s.options);
    case "explosions":
      return explosions({ survivors: s.survivors });
    case "duck":
      return duck();
    case "swapping":
      return swapping({ pawn: s.pawn });
    case "carrying":
      return carrying(s.options);
  }
}

/** The switch a mechanic was made from, if a preset's. */
export function switchOf(m: Mechanic): Switch | undefined {
  return made.get(m);
}

/** The piece letters a switch names, each of which the game must have. */
export function switchLetters(s: Switch): string[] {
  switch (s.kind) {
    case "drops": {
      const o = s.options;
      return [...o.pieces, ...[o.promotedFrom, o.noDoubled, o.dropMateLoses].filter((l): l is string => l !== undefined)];
    }
    case "explosions":
      return s.survivors;
    case "duck":
      return [];
    case "swapping":
      return [s.pawn];
    case "carrying":
      return [s.options.queen, s.options.pawn, s.options.prince];
  }
}
