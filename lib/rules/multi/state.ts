/**
 * The rules state of a game for more than two (docs/notation.md#the-rules-state-of-a-game-for-more-than-two):
 * what its rules need of its past — the position, the ply each army went out at, an end that no
 * position shows (a claim, a resignation or timeout that ended it) and how often each position
 * stood since the material last fell — as text, so a stored game is resumed (MultiGame.resume)
 * instead of replayed with its eliminations. This module reads and writes the text; game.ts says
 * what goes in it. The reader's work is linear in the text, which is refused past its limit first.
 */
import { RulesError } from "../errors";
import { attempt, type Result } from "../result";
import type { MultiEnd, MultiEndReason } from "./engine";
import { NFEN_MAX_LENGTH } from "./nfen";
import type { CompiledGame } from "./position";

export const MULTI_STATE_LIMITS = { positions: 20_000, chars: 20_000 * 24 + NFEN_MAX_LENGTH + 1_000 };

const VERSION = "m1";
const REASONS: readonly MultiEndReason[] = [
  "checkmate", "stalemate", "last-army-standing", "kings-captured", "claim-win", "team-checkmate", "king-captured",
  "insufficient-material", "move-rule-points", "repetition-points", "move-rule", "repetition", "resignation", "timeout", "agreement",
];

export interface MultiRulesState {
  variant: string;
  ply: number;
  nfen: string;
  /** Per army: the ply it went out at, -1 out from the start, null playing. */
  outPly: (number | null)[];
  ended: MultiEnd | null;
  /** The repetition hash (16 hex digits) of each position since the material last fell, with the times it stood. */
  seen: Map<string, number>;
}

/** A 64-bit hash of a text as 16 hex digits: two 32-bit FNV-1a hashes of different seeds, each finished by a mixer. */
export function textHash(text: string): string {
  let a = 0x811c9dc5, b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const mix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  return mix(a).toString(16).padStart(8, "0") + mix(b ^ text.length).toString(16).padStart(8, "0");
}

/** The text parseMultiState reads back; RulesError for a game keeping more positions than a state holds (which bounds its length too). */
export function makeMultiStateText(g: CompiledGame, s: MultiRulesState): string {
  if (s.seen.size > MULTI_STATE_LIMITS.positions) {
    throw new RulesError(`this game keeps more than ${MULTI_STATE_LIMITS.positions} positions, more than a rules state holds`);
  }
  const out = s.outPly.map((p) => (p === null ? "-" : String(p))).join(",");
  const ended = s.ended ? `${s.ended.reason}/${s.ended.winners.map((a) => g.letters[a]).join("")}/${s.ended.scores.join(",")}` : "-";
  const seen = [...s.seen].map(([hash, n]) => (n === 1 ? hash : `${hash}*${n}`)).join(" ");
  return [VERSION, s.variant, s.ply, s.nfen, out, ended, seen].join(";");
}

export function parseMultiState(g: CompiledGame, text: string): Result<MultiRulesState> {
  return attempt(() => readMultiState(g, text));
}

function readMultiState(g: CompiledGame, text: string): MultiRulesState {
  if (typeof text !== "string") throw new RulesError("the rules state is not text");
  if (text.length > MULTI_STATE_LIMITS.chars) throw new RulesError(`the rules state is too long (over ${MULTI_STATE_LIMITS.chars} characters)`);
  const fields = text.split(";");
  if (fields.length !== 7) throw new RulesError(`the rules state needs 7 fields separated by ';', got ${fields.length}`);
  const [version, variant, plyText, nfen, outText, endedText, seenText] = fields;
  if (version !== VERSION) throw new RulesError(`the rules state's version is not ${VERSION}`);
  if (variant !== g.decl.id) throw new RulesError(`the rules state is of another game than ${g.decl.name}`);
  if (!/^\d{1,6}$/.test(plyText)) throw new RulesError("the rules state's ply is not a number");
  const ply = Number(plyText);
  const outs = outText.split(",");
  if (outs.length !== g.letters.length) throw new RulesError(`the rules state gives ${outs.length} armies' plies out, the game has ${g.letters.length}`);
  const outPly = outs.map((o) => {
    if (o === "-") return null;
    if (!/^(-1|\d{1,6})$/.test(o) || Number(o) > ply) throw new RulesError("the rules state's ply an army went out at is not one of the game's");
    return Number(o);
  });
  let ended: MultiEnd | null = null;
  if (endedText !== "-") {
    const m = /^([a-z-]{1,30})\/([a-z]*)\/(-?\d{1,6}(?:,-?\d{1,6})*)$/.exec(endedText);
    const reason = m?.[1] as MultiEndReason | undefined;
    const winners = m ? [...m[2]].map((l) => g.letters.indexOf(l)) : [];
    const scores = m ? m[3].split(",").map(Number) : [];
    if (!m || !REASONS.includes(reason!) || winners.some((a) => a < 0) || new Set(winners).size !== winners.length || scores.length !== g.letters.length) {
      throw new RulesError("the rules state's end is not 'reason/winners/scores'");
    }
    ended = { reason: reason!, winners, scores };
  }
  // None, where an army left the board since the last move.
  const entries = seenText === "" ? [] : seenText.split(" ");
  if (entries.length > MULTI_STATE_LIMITS.positions || entries.length > ply + 1) throw new RulesError("the rules state keeps more positions than the game has had");
  const seen = new Map<string, number>();
  for (const e of entries) {
    const m = /^([0-9a-f]{16})(?:\*(\d{1,6}))?$/.exec(e);
    if (!m || seen.has(m[1]) || (m[2] !== undefined && Number(m[2]) < 2)) throw new RulesError("the rules state's positions are not keys with the times they stood");
    seen.set(m[1], m[2] === undefined ? 1 : Number(m[2]));
  }
  return { variant, ply, nfen, outPly, ended, seen };
}
