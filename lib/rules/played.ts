/**
 * The moves a game has played: all of them, or for a game resumed from its rules state only those
 * since the ply it was resumed at, which is all it knows (Game and MultiGame keep theirs here).
 */
import { RulesError } from "./errors";

export class PlayedMoves {
  private readonly list: string[] = [];

  constructor(readonly resumedAt = 0) {}

  add(text: string): void {
    this.list.push(text);
  }

  get ply(): number {
    return this.resumedAt + this.list.length;
  }

  /** Every move played, canonical. RulesError on a resumed game, which knows only those since (`since`). */
  all(): readonly string[] {
    if (this.resumedAt > 0) throw new RulesError(`this game was resumed at ply ${this.resumedAt}: its earlier moves are not known here`);
    return this.list;
  }

  /** The moves played from ply `ply` on; RulesError for a ply before the game was resumed (its moves are not known) or after now. */
  since(ply: number): readonly string[] {
    if (!Number.isInteger(ply) || ply < this.resumedAt || ply > this.ply) {
      throw new RulesError(`the moves since ply ${ply} are not known here (known: from ply ${this.resumedAt} to ${this.ply})`);
    }
    return this.list.slice(ply - this.resumedAt);
  }
}
