/**
 * A game as the game page shows it: the same shape from the server component, the
 * server actions and the state endpoint the page polls. The browser checks what it
 * fetches against this schema before using it.
 */
import { z } from "zod";
import { Game, makeRulesState, RulesError } from "@/lib/rules";
import type { PieceSet } from "./pieces/art";
import type { PushedMove, Shown } from "./use-game-updates";

// The site's Content-Security-Policy allows no eval (proxy.ts). zod's faster object
// parsing probes for it with `new Function`, which the browser reports as a CSP
// violation even though zod catches the error and parses without it.
z.config({ jitless: true });

export const gameStateSchema = z.object({
  id: z.string(),
  variant: z.string(),
  status: z.enum(["open", "active", "finished", "cancelled"]),
  result: z.enum(["1-0", "0-1", "1/2-1/2"]).nullable(),
  /** How it ended, in words ("by checkmate"). */
  ending: z.string().nullable(),
  startFen: z.string(),
  moves: z.array(z.string()),
  white: z.string().nullable(),
  black: z.string().nullable(),
  /** Which names are players here, with a page (an imported record's names may be anyone's). */
  registered: z.object({ white: z.boolean(), black: z.boolean() }),
  /** The player a challenge by name is to, until they accept; null for other challenges. */
  invited: z.string().optional(),
  /** The level of a side played by a bot (lib/games/bots.ts), null for a person. */
  bots: z.object({ white: z.number().int().nullable(), black: z.number().int().nullable() }),
  /** ISO time when the player to move loses on time; null unless active. */
  deadline: z.string().nullable(),
  daysPerMove: z.number().int(),
  drawOffer: z.enum(["white", "black"]).nullable(),
  /**
   * A game whose players choose their setups before the first move (Janggi): the setups'
   * names, each side's choice (an index, null until made) and who chooses now (null once
   * both have). Absent for other games.
   */
  setups: z.object({
    names: z.array(z.string()),
    white: z.number().int().nullable(),
    black: z.number().int().nullable(),
    toChoose: z.enum(["white", "black"]).nullable(),
  }).optional(),
  /**
   * A game in fog while it is on (docs/games/fog-of-war.md#what-each-surface-shows): the
   * viewer's side (null: a spectator, who sees nothing) and their view FEN after each ply
   * (0 = the start). `startFen` is then the first view and the opponent's moves read "…":
   * the page draws these views instead of replaying the moves.
   */
  fog: z.object({ side: z.enum(["white", "black"]).nullable(), views: z.array(z.string()) }).optional(),
  /**
   * The game's rules state (lib/rules makeRulesState), when the server keeps one: the page resumes
   * the game from it instead of replaying every move. Never sent while the game hides its position.
   */
  rulesState: z.string().optional(),
  /** The chat between the players, for each of them only (lib/games/chat.ts, docs/chat.md). */
  chat: z.object({
    off: z.enum(["you", "opponent"]).nullable(),
    muted: z.boolean(),
    open: z.boolean(),
    messages: z.array(z.object({ id: z.string(), mine: z.boolean(), text: z.string(), at: z.string(), reported: z.boolean() })),
    /** Grows with every message; the game's version does not (docs/chat.md#how-a-message-reaches-the-opponent). */
    version: z.number(),
  }).optional(),
  /** Grows with every change of the game (its updated-at time in ms): newer wins. */
  version: z.number(),
});
export type GameState = z.infer<typeof gameStateSchema>;

/**
 * The game now, as the board plays it: in fog, the viewer's view (the server sends no moves
 * behind it); else resumed from the rules state when there is one, replayed from the start
 * when there is none or it does not read.
 */
export function currentGame(state: Pick<GameState, "variant" | "startFen" | "moves" | "fog" | "rulesState">): Game {
  const { variant, fog, rulesState } = state;
  if (fog) return Game.start(variant, fog.views[fog.views.length - 1]);
  if (rulesState !== undefined) {
    try {
      return Game.resume(variant, state.startFen, rulesState);
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
    }
  }
  return Game.replay(variant, state.startFen, state.moves);
}

export type Colour = "white" | "black";

/** What a game action answers: the fresh state, and a player-readable refusal if any. */
export type GameActionResult =
  | { ok: true; state: GameState }
  | { ok: false; error: string; code: string; state: GameState | null };

/** The viewer's own move as the move action answers it: what it changed, for withMove. */
export interface PlayedMove {
  ply: number;
  text: string;
  /** The position after it: the mover's view in a game in fog. */
  fen: string;
  /** ISO time when the opponent, now to move, loses on time. */
  deadline: string;
  /** The game's version with the move. */
  version: number;
  /** The rules state after it, where the page resumes from one (never in fog). */
  rulesState?: string;
}

/** A move's answer: what it changed, or (a refusal, a game it ended, a conditional answer played at once) the fresh state. */
export type MoveActionResult = GameActionResult | { ok: true; played: PlayedMove };

/**
 * The state after the viewer's own move, made from the state the page holds and the move's answer,
 * as the server would give it. A page that heard of a newer version meanwhile keeps what it has.
 */
export function withMove(s: GameState, m: PlayedMove, mover: Colour): GameState {
  if (s.version >= m.version || s.moves.length !== m.ply - 1) return s;
  // The state the page held is one move behind now: the new one, or none (the moves are replayed).
  const { rulesState: _, ...held } = s;
  return {
    ...held,
    ...(m.rulesState !== undefined && { rulesState: m.rulesState }),
    moves: [...s.moves, m.text],
    deadline: m.deadline,
    // A move declines the opponent's draw offer; one's own stands.
    drawOffer: s.drawOffer === mover ? s.drawOffer : null,
    ...(s.fog && { fog: { ...s.fog, views: [...s.fog.views, m.fen] } }),
    version: m.version,
  };
}

/**
 * The state after a move the game's event stream carried (docs/pushed-updates.md), made from the
 * state the page holds as the server would give it; null when the move does not follow from it
 * (a move missed, a game in fog, a move the rules here read otherwise): the page then reads the state.
 */
export function withPushedMove(s: GameState, m: PushedMove, version: number): GameState | null {
  if (s.fog || s.status !== "active" || s.setups?.toChoose || s.moves.length !== m.ply - 1 || version <= s.version) return null;
  let game: Game;
  try {
    game = currentGame(s);
    // The server stores a move's canonical text and sends no move that ends the game.
    if (game.play(m.text) !== m.text || game.status().result !== "ongoing") return null;
  } catch (e) {
    if (e instanceof RulesError) return null;
    throw e;
  }
  const { rulesState: _, ...held } = s;
  let rulesState: string | undefined;
  try {
    rulesState = makeRulesState(game);
  } catch (e) {
    // Past what a rules state holds: the page replays the moves instead, as the server's state would say.
    if (!(e instanceof RulesError)) throw e;
  }
  return { ...held, ...(rulesState !== undefined && { rulesState }), moves: [...s.moves, m.text], deadline: m.deadline, drawOffer: m.drawOffer, version };
}

/** The newer of two states of one game (a slow poll must not undo a move just made): by the game's version, then the chat's. */
export function newer(a: GameState, b: GameState): GameState {
  if (b.version !== a.version) return b.version > a.version ? b : a;
  return (b.chat?.version ?? 0) > (a.chat?.version ?? 0) ? b : a;
}

/** Who is looking: their colour in this game (null for a spectator) and their preferences. */
export interface Viewer {
  colour: Colour | null;
  /** Ask before a move is sent (the user's setting; on by default). */
  confirmMoves: boolean;
  /** The colour at the bottom of the board until the viewer flips it. */
  orientation: Colour;
  /** How Shogi's pieces and coordinates are drawn (the user's settings). */
  pieceSet: PieceSet;
  shogiCoordinates: boolean;
  /** Orthodox chess and Chess960 move lists in SAN (the user's setting, docs/notation.md#san). */
  moveNotation: "coordinates" | "san";
}

/** An open challenge as the game page shows it to its author, or to someone who may answer it. */
export type ChallengeInfo =
  | { role: "author"; invitationId: string; kind: "user" | "email" | "link" | "open"; link: string | null }
  | { role: "invitee"; answerPath: string };

/**
 * The game as the server has it now (the state endpoint, which the page also
 * polls): "unchanged" when it answers 204 to `since`, null when it cannot be
 * reached or answers nothing readable. `schema`: the shape of the game's state
 * (a game for two or for more, multi-game-state.ts).
 */
export async function fetchStateOf<T>(schema: z.ZodType<T>, id: string, since?: Shown): Promise<T | "unchanged" | null> {
  const query = since === undefined ? "" : `?since=${since.version}${since.chat === undefined ? "" : `&chat=${since.chat}`}`;
  try {
    const r = await fetch(`/games/${encodeURIComponent(id)}/state${query}`, { cache: "no-store" });
    if (r.status === 204) return "unchanged";
    if (r.status !== 200) return null;
    const parsed = schema.safeParse(await r.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const fetchGameState = (id: string, since?: Shown): Promise<GameState | "unchanged" | null> => fetchStateOf(gameStateSchema, id, since);

/** A move sent to the server: the position it was made in, and its text. */
export interface SentMove {
  ply: number;
  text: string;
}

/**
 * What to tell the player after a game action failed on the server's side (an
 * error, a dropped connection): the action may have been carried out all the same,
 * so the page has read the game again (`fresh`, null if that failed too).
 */
export function afterServerError(fresh: GameState | null, move: SentMove | null): { tone: "error" | "info"; text: string } {
  if (fresh === null) {
    return {
      tone: "error",
      text: move
        ? "The server could not be reached, so it is not known whether your move was recorded. The page shows it as soon as the server answers again."
        : "The server could not be reached. The page shows the game as soon as the server answers again.",
    };
  }
  if (!move) return { tone: "error", text: "Something went wrong on the server. The game is shown as it stands now." };
  if (fresh.moves.length > move.ply && fresh.moves[move.ply] === move.text) {
    return { tone: "info", text: `Your move ${move.text} was recorded (the server's answer was lost on the way).` };
  }
  return { tone: "error", text: `Your move ${move.text} was not recorded: something went wrong on the server. Please try again.` };
}
