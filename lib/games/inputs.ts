/** The shapes every game action accepts, checked at the boundary (server actions, tests). */
import { z } from "zod";
import { findVariantInfo, isMultiVariant, multiGameInfo } from "@/lib/rules";
import { isGameId } from "./preset-ids";
import { CONDITIONAL_PLIES_PER_LINE } from "./conditional-limits";

export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14] as const;

// PostgreSQL text cannot hold U+0000: refused here, or the query fails as a server error.
const noNul = (s: string) => !s.includes("\u0000");
const id = (what: string) => z.string().trim().min(1).max(64).refine(noNul, `not ${what}`);
const gameId = id("a game id");

// A built-in game, or a preset version (whose existence the service checks: lib/games/presets.ts).
export const variantIdSchema = z.string().max(64).refine(isGameId, "unknown game");

export const challengeInput = z.object({
  variant: variantIdSchema,
  color: z.enum(["white", "black", "random"]),
  daysPerMove: z.coerce
    .number()
    .int()
    .refine((d) => (DAYS_PER_MOVE as readonly number[]).includes(d), `days per move: one of ${DAYS_PER_MOVE.join(", ")}`),
  visibility: z.enum(["public", "unlisted", "private"]).default("public"),
  opponent: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("user"), name: z.string().trim().min(1).max(40).refine(noNul, "not a player name") }),
    z.object({ kind: z.literal("email"), email: z.email().max(254) }),
    z.object({ kind: z.literal("link") }),
    z.object({ kind: z.literal("open") }),
    // A bot (lib/games/bots.ts): by its level; it accepts at once.
    z.object({ kind: z.literal("bot"), level: z.coerce.number().int().min(1, "bots have levels 1 to 8").max(8, "bots have levels 1 to 8") }),
  ]),
  /** Games with numbered setups (Chess960): drawn at random, or the one with this number. */
  setup: z.union([
    z.literal("random"),
    z.int(),
    z.string().trim().regex(/^\d{1,4}$/).transform(Number),
  ], { error: "random, or a setup number" }).default("random"),
}).superRefine((c, ctx) => {
  const info = findVariantInfo(c.variant);
  if (c.setup === "random" || !info) return;
  const { name, setups } = info;
  if (setups === 0) ctx.addIssue({ code: "custom", path: ["setup"], message: `${name} has one start position, no numbered setups` });
  else if (c.setup < 0 || c.setup >= setups) ctx.addIssue({ code: "custom", path: ["setup"], message: `a number from 0 to ${setups - 1}` });
});
export type ChallengeInput = z.input<typeof challengeInput>;

const armyLetter = z.string().regex(/^[a-z]$/, "an army is named by its letter");
const playerName = z.string().trim().min(1).max(40).refine(noNul, "not a player name");
const hasArmy = (variant: string, army: string) => multiGameInfo(variant).armies.some((a) => a.letter === army);

/**
 * A challenge for a game for more than two (lib/games/multi.ts, docs/games-for-more-than-two-service.md):
 * the creator's seat, players invited by name, bots for some seats, and how the rest are filled.
 */
export const multiChallengeInput = z.object({
  variant: z.string().max(64).refine(isMultiVariant, "unknown game for more than two"),
  seat: z.union([z.literal("random"), armyLetter]).default("random"),
  daysPerMove: challengeInput.shape.daysPerMove,
  visibility: challengeInput.shape.visibility,
  invite: z.array(playerName).max(7, "at most seven players").default([]),
  bots: z.array(z.object({ army: armyLetter, level: z.coerce.number().int().min(1, "bots have levels 1 to 8").max(8, "bots have levels 1 to 8") }))
    .max(7).default([]),
  /** The seats nobody is invited to or a bot plays: taken by whoever has the link, or from the lobby. */
  others: z.enum(["link", "open"]).default("open"),
}).superRefine((c, ctx) => {
  if (!isMultiVariant(c.variant)) return;
  const armies = multiGameInfo(c.variant).armies.length;
  if (c.seat !== "random" && !hasArmy(c.variant, c.seat)) ctx.addIssue({ code: "custom", path: ["seat"], message: `no such army in this game` });
  for (const b of c.bots) if (!hasArmy(c.variant, b.army)) ctx.addIssue({ code: "custom", path: ["bots"], message: `no army ${b.army} in this game` });
  if (new Set(c.bots.map((b) => b.army)).size !== c.bots.length || c.bots.some((b) => b.army === c.seat)) {
    ctx.addIssue({ code: "custom", path: ["bots"], message: "one player or bot a seat" });
  }
  if (new Set(c.invite.map((n) => n.toLowerCase())).size !== c.invite.length) ctx.addIssue({ code: "custom", path: ["invite"], message: "each player is invited once" });
  if (1 + c.invite.length + c.bots.length > armies) ctx.addIssue({ code: "custom", path: ["invite"], message: `this game has ${armies} seats, yours among them` });
});
export type MultiChallengeInput = z.input<typeof multiChallengeInput>;

/** Taking a seat by an invitation (lib/games/multi.ts): the army chosen, or the first free one. */
export const seatChoiceInput = z.object({ army: armyLetter.optional() });

export const moveInput = z.object({
  gameId,
  expectedPly: z.coerce.number().int().min(0).max(100000),
  move: z.string().trim().min(1, "write a move").max(500, "that move text is too long"),
});
export type MoveInput = z.input<typeof moveInput>;

export const gameActionInput = z.object({ gameId });

/**
 * A setup chosen before the first move (lib/games/setups.ts): its index only. The side is
 * the signed-in player's own, never a field, so any other field is refused as forged.
 */
export const chooseSetupInput = z.strictObject({
  gameId,
  setup: z.int({ error: "choose a setup by its number" }).min(0, "no setup has a number below 0").max(63, "no game has that many setups"),
}, { error: (issue) => (issue.code === "unrecognized_keys" ? `only the game and the setup's number are sent, not ${issue.keys.join(", ")}` : undefined) });
export type ChooseSetupInput = z.input<typeof chooseSetupInput>;

export const drawClaimInput = z.object({
  gameId,
  reason: z.enum(["threefold-repetition", "fifty-move-rule", "counting-rule", "no-move-but-promotion"]),
});

export const invitationInput = z.object({ invitationId: id("an invitation id") });
/** Decline or withdraw; from a game page the invitation comes with the game it must belong to. */
export const closeInvitationInput = invitationInput.extend({ gameId: gameId.optional() });
export const invitationTokenInput = z.object({ token: z.string().trim().regex(/^[0-9a-f]{32}$/, "not an invitation link") });


/** A conditional line: the opponent's move first, then one's answer, alternately (docs/conditional-moves.md). */
export const conditionalLineInput = z.strictObject({
  gameId,
  expectedPly: moveInput.shape.expectedPly,
  moves: z.array(moveInput.shape.move, { error: "a line is a list of moves" })
    .min(2, "a line is at least their move and your answer")
    .max(CONDITIONAL_PLIES_PER_LINE, `a line has at most ${CONDITIONAL_PLIES_PER_LINE} moves`)
    .refine((m) => m.length % 2 === 0, "a line ends with your answer: their move, your answer, and so on"),
}, { error: (issue) => (issue.code === "unrecognized_keys" ? `a line is sent as its game, ply and moves only, not ${issue.keys.join(", ")}` : undefined) });
export type ConditionalLineInput = z.input<typeof conditionalLineInput>;

export const conditionalLineIdInput = z.strictObject({ gameId, lineId: id("a line id") });
/** Notes and chat (lib/games/chat.ts, docs/chat.md). */
export const NOTE_MAX = 10_000;
export const CHAT_MESSAGE_MAX = 500;
export const noteInput = z.object({
  gameId,
  text: z.string().max(NOTE_MAX, `notes: at most ${NOTE_MAX} characters`).refine(noNul, "notes cannot hold that character"),
});
export const chatInput = z.object({
  gameId,
  text: z.string().trim().min(1, "write a message").max(CHAT_MESSAGE_MAX, `a message: at most ${CHAT_MESSAGE_MAX} characters`)
    .refine(noNul, "a message cannot hold that character"),
});
export const muteInput = z.object({ gameId, mute: z.boolean() });
export const reportInput = z.object({ gameId, messageId: id("a message id") });
