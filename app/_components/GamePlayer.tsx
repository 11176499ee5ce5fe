"use client";
/**
 * The live part of the game page. It rebuilds the game with the rules module from
 * the start position and the moves, so the board offers only legal steps (the
 * server judges the move again when it arrives); it sends moves and the other game
 * actions as server actions, and listens to the game's event stream so a move made
 * elsewhere (the opponent, another tab) shows up by itself, polling the state
 * endpoint only as a fallback (docs/pushed-updates.md).
 */
import { ConditionalMoves } from "./ConditionalMoves";
import { CopyLinkButton } from "./CopyLinkButton";
import { GameChat } from "./GameChat";
import { GameNotes } from "./GameNotes";
import Link from "next/link";
import { useEffect, useMemo, useState, useTransition, type CSSProperties } from "react";
import {
  acceptDrawAction, addConditionalLineAction, chooseSetupAction, conditionalLinesAction, deleteConditionalLineAction, claimDrawAction, declineDrawAction, extraDayAction, moveAction, offerDrawAction, resignAction,
  withdrawAction, type ConditionalLinesResult,
} from "@/app/games/[id]/actions";
import type { ConditionalLineView } from "@/lib/games/conditional";
import { CONDITIONAL_PLIES_PER_LINE } from "@/lib/games/conditional-limits";
import { playerPath } from "@/app/_overview/format";
import { Game, RulesError, hasPgn, hidesInformation, makeMoveText, viewFen, parseActions, sideNameIn, variantInfo, type Action, type DrawClaim } from "@/lib/rules";
import { UNSEEN_MOVE } from "@/lib/games/fog";
import { boardWhileChoosing } from "@/lib/games/setups";
import { Board } from "./Board";
import { Deadline } from "./Deadline";
import {
  afterServerError, currentGame, fetchGameState, newer, withMove, withPushedMove, type ChallengeInfo, type Colour, type GameActionResult, type GameState, type MoveActionResult, type SentMove, type Viewer,
} from "./game-state";
import { EMPTY_BUILDING, click, exampleMove, handsFillDuringPlay, describeContinuation, drawnPosition, moveSquares, nextStepHint, options, selectable, type Building, type Continuation } from "./move-builder";
import { Hand } from "./Hand";
import { hasTiles } from "./pieces";
import { MoveChooser } from "./MoveChooser";
import { MoveInput } from "./MoveInput";
import { MoveList } from "./MoveList";
import { SetupChooser } from "./SetupChooser";
import { resultLine } from "./result-line";
import { sentence } from "./sentence";
import styles from "./GamePlayer.module.css";
import { useGameUpdates } from "./use-game-updates";

const other = (c: Colour): Colour => (c === "white" ? "black" : "white");

const CLAIMS: Record<DrawClaim, string> = {
  "threefold-repetition": "Claim a draw by threefold repetition",
  "fifty-move-rule": "Claim a draw by the fifty-move rule",
  "counting-rule": "Claim a draw: the count has run out",
  "no-move-but-promotion": "Claim a draw: no move but a promotion",
};

// ---------------------------------------------------------------- pieces of the page

/** The side that played the last move (not simply the side not to move: Sittuyin's setup has runs). */
function lastMover(state: GameState): Colour {
  const fog = state.fog;
  return (fog ? Game.start(state.variant, fog.views[fog.views.length - 2]) : Game.replay(state.variant, state.startFen, state.moves.slice(0, -1))).turn();
}

/** The board, focused: the keyboard goes on there once a piece is picked from the hand or a move is sent. */
function focusBoard() {
  document.querySelector<SVGSVGElement>('[aria-roledescription="board"]')?.focus();
}

/** The move being made: what is picked up and chosen so far, or a whole move awaiting confirmation. */
interface Draft {
  /** The ply of the position it was made in (a planned line's moves counted). */
  ply: number;
  /** Made while planning a conditional line, on a copy of the position. */
  planned: boolean;
  building: Building;
  /** Several moves one click could mean, for the player to choose from. */
  choices: Continuation[] | null;
  /** A complete move waiting for the player's confirmation. */
  pending: { text: string; actions: Action[] } | null;
}

const NO_DRAFT: Omit<Draft, "ply" | "planned"> = { building: EMPTY_BUILDING, choices: null, pending: null };

/**
 * The board column's width, so that the board with its player bars (and hands) and the move
 * panel below it fit the window's height: at 1280×800 nothing needs scrolling to move.
 * What stays above and below the board (header, title, bars, the Send move row) is `reserve`.
 */
function boardFit(files: number, ranks: number, hands: boolean): CSSProperties {
  const reserve = hands ? "26rem" : "20rem";
  return { "--board-fit": `max(18rem, calc((100svh - ${reserve}) * ${files / ranks}))` } as CSSProperties;
}

function ChallengePanel({ challenge, gameId, invited, busy, onResult }: {
  challenge: ChallengeInfo;
  gameId: string;
  /** The player a challenge by name is to. */
  invited: string | undefined;
  busy: boolean;
  onResult: (run: () => Promise<GameActionResult>) => void;
}) {
  if (challenge.role === "invitee") {
    return (
      <section className={styles.panel} aria-label="Challenge">
        <p>You are invited to this game.</p>
        <p>
          <Link href={challenge.answerPath}>Accept or decline the challenge</Link>
        </p>
      </section>
    );
  }
  const waiting: Record<typeof challenge.kind, string> = {
    user: `Waiting for ${invited ?? "your opponent"} to accept the challenge.`,
    email: "The invitation is on its way by email; the game starts when it is accepted.",
    link: "Send this link to your opponent; the game starts when they accept.",
    open: "Your challenge is listed in the lobby; the game starts when someone accepts it.",
  };
  const link = challenge.link;
  // An open challenge with a link is unlisted or private: not in the lobby.
  const listed = challenge.kind === "open" && !link;
  return (
    <section className={styles.panel} aria-label="Challenge">
      <p>{challenge.kind === "open" && !listed ? "Your challenge is not listed in the lobby: anyone you give this link to may accept it." : waiting[challenge.kind]}</p>
      {link && (
        <p>
          <label>
            Invitation link{" "}
            <input readOnly value={link} size={40} onFocus={(e) => e.currentTarget.select()} />
          </label>{" "}
          <CopyLinkButton href={link} label="Copy invitation link" />
        </p>
      )}
      {listed && (
        <p>
          <Link href="/lobby">See the lobby</Link>
        </p>
      )}
      <button type="button" disabled={busy} onClick={() => onResult(() => withdrawAction({ gameId, invitationId: challenge.invitationId }))}>
        Withdraw challenge
      </button>
    </section>
  );
}

// ---------------------------------------------------------------- the player

export function GamePlayer({ initial, viewer, challenge, initialPly, note = null }: {
  initial: GameState;
  /** The viewer's private notes on the game; null for anyone but its players (docs/chat.md#notes). */
  note?: string | null;
  viewer: Viewer;
  challenge: ChallengeInfo | null;
  /** A past position to show first (/games/<id>?ply=N, as shared links have it). */
  initialPly: number | null;
}) {
  const [state, setState] = useState(initial);
  /** The ply of a past position being looked at; null for the position now. */
  const [viewing, setViewing] = useState<number | null>(initialPly);
  const [draft, setDraft] = useState<Draft>({ ply: initial.moves.length, planned: false, ...NO_DRAFT });
  /** A conditional line being planned from the position at `ply` (docs/conditional-moves.md). */
  const [plan, setPlan] = useState<{ ply: number; moves: string[] } | null>(null);
  /** The player's own conditional lines as of `ply`; null until loaded. */
  const [lines, setLines] = useState<{ ply: number; lines: ConditionalLineView[] } | null>(null);
  const [notice, setNotice] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [confirmResign, setConfirmResign] = useState(false);
  const [flipped, setFlipped] = useState(false);
  /** A finished game of a hiding variant: the board as it was, or as White or Black saw it. */
  const [seenAs, setSeenAs] = useState<"board" | Colour>("board");
  const [busy, startTransition] = useTransition();

  const ply = state.moves.length;
  // A game in fog: the server sends the viewer's view after each ply, never the moves behind
  // them (docs/games/fog-of-war.md#what-each-surface-shows); the moves offered are the view's.
  const fog = state.fog;
  const game = useMemo(
    () => currentGame({ variant: state.variant, startFen: state.startFen, moves: state.moves, fog, rulesState: state.rulesState }),
    [fog, state.variant, state.startFen, state.moves, state.rulesState],
  );
  const me = viewer.colour;
  const turn = game.turn();
  // Before the first move, the players choose their setups (Janggi): no move until both have.
  const setups = state.setups;
  const chooser = state.status === "active" ? setups?.toChoose ?? null : null;
  // In fog the view cannot judge the end (the opponent's king may be unseen): the server's status says.
  const ongoing = state.status === "active" && chooser === null && (fog !== undefined || game.status().result === "ongoing");
  const myTurn = ongoing && me === turn;
  const canMove = myTurn && !busy;
  // Conditional moves: a player's, while the opponent is to move, in a game that hides nothing
  // (docs/conditional-moves.md#fog-of-war). A plan belongs to the position it was begun in.
  const conditional = me !== null && ongoing && !myTurn && !fog;
  const planning = conditional && plan?.ply === ply ? plan.moves : null;
  const planned = useMemo(
    () => (planning ? Game.replay(state.variant, state.startFen, [...state.moves, ...planning]) : null),
    [planning, state.variant, state.startFen, state.moves],
  );
  /** The game the board builds moves in: the one being played, or the copy a line is planned on. */
  const board = planned ?? game;
  const stage = ply + (planning?.length ?? 0);
  const canPlan = planning !== null && planning.length < CONDITIONAL_PLIES_PER_LINE && board.status().result === "ongoing" && !busy;

  // A draft belongs to the position it was made in, on the player's turn or in a plan: a new
  // move (ours, the opponent's, another tab's) or the end of the game leaves it behind.
  const { building, choices, pending } = draft.ply === stage && draft.planned === (planning !== null) && (myTurn || planning) ? draft : NO_DRAFT;
  const setBuilding = (b: Building) => setDraft({ ply: stage, planned: planning !== null, building: b, choices: null, pending: null });
  const setChoices = (c: Continuation[] | null) => setDraft({ ply: stage, planned: planning !== null, building, choices: c, pending: null });
  const setPending = (p: Draft["pending"]) => setDraft({ ply: stage, planned: false, ...NO_DRAFT, pending: p });

  // A move that arrives while the page is open (the poll, or an answer carrying the opponent's
  // reply) is spoken, unless it is the viewer's own (docs/accessibility.md#the-opponents-move).
  const [heard, setHeard] = useState({ ply, text: "" });
  if (heard.ply !== ply) {
    const mover = ply > heard.ply ? lastMover(state) : null;
    const move = state.moves[ply - 1];
    const side = mover && sideNameIn(state.variant, mover);
    setHeard({ ply, text: mover && mover !== me ? (move === UNSEEN_MOVE ? `${side} moved.` : `${side} played ${move}.`) : "" });
  }

  const looking = viewing !== null && viewing < ply ? viewing : null;
  const past = useMemo(
    () => (looking === null ? null
      : fog ? Game.start(state.variant, fog.views[looking])
      : Game.replay(state.variant, state.startFen, state.moves.slice(0, looking))),
    [looking, fog, state.variant, state.startFen, state.moves],
  );

  /** Shows the position after `target` plies; the address follows, so it can be shared. */
  function view(target: number) {
    const next = target >= ply ? null : Math.max(0, target);
    setViewing(next);
    const url = new URL(window.location.href);
    if (next === null) url.searchParams.delete("ply");
    else url.searchParams.set("ply", String(next));
    window.history.replaceState(null, "", url);
  }

  // Replay with the arrow keys (left: a move back, right: a move on), unless the
  // keys belong to a field or to the board's own square cursor.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || ply === 0) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest("input, textarea, select, [contenteditable], svg")) return;
      if (e.key === "ArrowLeft" && looking !== 0) view((looking ?? ply) - 1);
      else if (e.key === "ArrowRight" && looking !== null) view(looking + 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  useGameUpdates(state.id, { version: state.version, chat: state.chat?.version }, state.status !== "finished" && state.status !== "cancelled", fetchGameState,
    (fresh) => setState((s) => newer(s, fresh)),
    // Judged on the state shown; made again only if the state held moved on since (an answer came in between).
    (move, version) => {
      const next = withPushedMove(state, move, version);
      if (next === null) return false;
      setState((s) => (s === state ? next : withPushedMove(s, move, version) ?? s));
      return true;
    });

  // The player's lines, read again whenever the game moves on (a line played, cancelled or gone on).
  useEffect(() => {
    if (!conditional) return;
    let stopped = false;
    void conditionalLinesAction({ gameId: state.id }).then((r) => {
      if (!stopped && r.ok) setLines({ ply, lines: r.lines });
    }, () => {});
    return () => {
      stopped = true;
    };
  }, [conditional, state.id, ply]);

  const shown = pending?.actions ?? building.prefix;
  const drawn = drawnPosition(board, state.variant, shown, pending !== null || board.nextActions(building.prefix).complete);
  const opts = options(board, building, drawn);
  const hint = nextStepHint(state.variant, building, opts);
  const movesShown = planning ? [...state.moves, ...planning] : state.moves;
  const lastPlayed = movesShown.length > 0 ? parseActions(movesShown[movesShown.length - 1]).value ?? null : null;
  const orientation = flipped ? other(viewer.orientation) : viewer.orientation;
  const shownChoices = choices ?? (opts.promotions.length > 0 ? opts.promotions : null);

  function run(action: () => Promise<MoveActionResult>, done?: string, move: SentMove | null = null) {
    setNotice(null);
    startTransition(async () => {
      // A throw is the request failing (a dropped connection, a 500); code "server" an
      // outage the action caught. Either way it may have been carried out: read the game again.
      const r = await action().catch(() => null);
      if (r === null || (!r.ok && r.code === "server")) {
        const fresh = await fetchGameState(state.id);
        const known = fresh === "unchanged" ? null : fresh;
        if (known) setState((s) => newer(s, known));
        // The board shows the game as the server has it, not a move it may not have.
        if (move) setDraft((d) => ({ ...d, ...NO_DRAFT }));
        setNotice(afterServerError(known, move));
        return;
      }
      // A move answers with what it changed: applied to the state held, not read again.
      if ("played" in r) {
        const played = r.played;
        setState((s) => withMove(s, played, me!));
      } else if (r.state) {
        const fresh = r.state;
        setState((s) => newer(s, fresh));
      }
      setNotice(r.ok ? (done ? { tone: "info", text: done } : null) : { tone: "error", text: sentence(r.error) });
    });
  }

  function send(text: string) {
    const expectedPly = state.moves.length;
    run(() => moveAction({ gameId: state.id, expectedPly, move: text }), undefined, { ply: expectedPly, text });
  }

  function finish(actions: Action[]) {
    const text = makeMoveText(actions);
    if (planning) {
      // A planned move goes into the line, not to the server: the line is sent when saved.
      setPlan({ ply, moves: [...planning, text] });
    } else if (viewer.confirmMoves) {
      setPending({ text, actions });
    } else {
      setBuilding(EMPTY_BUILDING);
      send(text);
    }
  }

  function extend(b: Building, actions: Continuation) {
    const prefix = [...b.prefix, ...actions];
    const next = board.nextActions(prefix);
    if (next.complete && next.actions.length === 0) finish(prefix);
    else setBuilding({ prefix, selected: null });
  }

  /** A click on `square`, or a drop there of the piece dragged from `from` (or from the hand, picked up in `base`). */
  function onSquare(square: string, from: string | null, base: Building = building) {
    setNotice(null);
    let b = base;
    if (from !== null && from !== opts.selected) {
      if (b.prefix.length > 0 || !selectable(board, b, drawn, from)) return;
      b = { prefix: [], selected: from };
    }
    const c = click(board, b, drawn, square);
    if (c.kind === "extend") extend(b, c.actions);
    else if (c.kind === "choose") setDraft({ ply: stage, planned: planning !== null, building: b, choices: c.choices, pending: null });
    else if (c.kind === "select") setBuilding({ prefix: b.prefix, selected: c.square });
  }

  function typed(text: string): string | null {
    if (!(canMove || canPlan) || pending) return "It is not your move.";
    try {
      // Played on a copy: the rules module reads the text as tolerantly as the server will.
      const canonical = Game.start(state.variant, board.fen()).play(text);
      finish(parseActions(canonical).value ?? []);
      return null;
    } catch (e) {
      if (e instanceof RulesError) return sentence(e.message);
      throw e;
    }
  }

  /** An action on the player's conditional lines; the panel shows the lines it answers with. */
  function onLines(action: () => Promise<ConditionalLinesResult>, done: string, after?: () => void) {
    setNotice(null);
    startTransition(async () => {
      const r = await action().catch(() => null);
      if (r === null) setNotice({ tone: "error", text: "The server could not be reached. Please try again." });
      else if (!r.ok) setNotice({ tone: "error", text: sentence(r.error) });
      else {
        setLines({ ply, lines: r.lines });
        after?.();
        setNotice({ tone: "info", text: done });
      }
    });
  }

  function startPlan() {
    setNotice(null);
    view(ply);
    setPlan({ ply, moves: [] });
  }

  function cancelMove() {
    setBuilding(EMPTY_BUILDING);
  }

  /** Escape on the board: a choice offered is closed first, then the move in progress is dropped. */
  function escape() {
    if (choices) setChoices(null);
    else cancelMove();
  }

  // The replay of a game in fog, once over: a player's view of the position shown, from the full record.
  const replayable = state.status === "finished" && fog === undefined && hidesInformation(state.variant);
  const asSeen = useMemo(() => {
    if (!replayable || seenAs === "board") return null;
    return Game.start(state.variant, viewFen(state.variant, (past ?? game).fen(), seenAs)).board();
  }, [replayable, seenAs, state.variant, past, game]);
  const interactive = (canMove || canPlan) && pending === null && looking === null;
  const info = variantInfo(state.variant);
  const name = (c: Colour) => state[c] ?? (c === me ? "you" : state.invited ?? "an opponent to be found");
  const checks = past ? past.checks() : pending ? [] : board.checks();
  const lastMoveShown = looking !== null ? (looking > 0 ? parseActions(state.moves[looking - 1]).value ?? null : null) : lastPlayed;

  let status: string;
  if (state.status === "open") status = state.invited ? `This challenge to ${state.invited} has not been accepted yet.` : "This challenge has not been accepted yet.";
  else if (state.status === "cancelled") status = state.ending ? `Cancelled ${state.ending}.` : "This challenge was cancelled.";
  else if (state.status === "finished") status = resultLine(state, me);
  else if (chooser) status = me === chooser ? "Choose your setup." : me ? `Waiting for ${name(chooser)} to choose a setup.` : `${sideNameIn(state.variant, chooser)} chooses a setup.`;
  else if (myTurn) status = "Your move.";
  else if (me) status = state.bots[turn] !== null ? `Waiting for ${name(turn)} to move: a bot, it answers within a minute.` : `Waiting for ${name(turn)} to move.`;
  else status = `${sideNameIn(state.variant, turn)} to move.`;

  const playerBar = (c: Colour) => {
    const player = state[c];
    return (
    <p className={styles.playerBar} data-colour={c}>
      <span className={c === "white" ? styles.swatchWhite : styles.swatchBlack} aria-hidden="true" />
      <span>
        {sideNameIn(state.variant, c)}: {player && state.registered[c] ? <Link href={playerPath(player)}>{player}</Link> : name(c)}
        {c === me ? " (you)" : ""}
        {state.bots[c] !== null && <span className={styles.bot}> (a bot, level {state.bots[c]})</span>}
        {setups && setups[c] !== null && <> · {setups.names[setups[c]]}</>}
      </span>
      {ongoing && turn === c && <span className={styles.toMove}>to move</span>}
      {chooser === c && <span className={styles.toMove}>to choose</span>}
    </p>
    );
  };

  const hands = (past ?? board).hand();
  const handsAlways = useMemo(() => handsFillDuringPlay(state.variant), [state.variant]);
  const tiles = useMemo(() => hasTiles(state.variant), [state.variant]);
  const example = useMemo(() => exampleMove(state.variant, state.startFen), [state.variant, state.startFen]);
  const pickFromHand = (letter: string, how: "pointer" | "keyboard") => {
    setBuilding({ prefix: [], selected: null, held: building.held === letter ? null : letter });
    // From the keyboard, on to the board: its arrow keys and Enter put the piece down.
    if (how === "keyboard") focusBoard();
  };
  const hand = (c: Colour) => (
    <Hand
      variant={state.variant}
      color={c}
      pieces={hands[c]}
      held={building.held ?? null}
      droppable={interactive && !past && board.turn() === c ? opts.droppable : []}
      onPick={interactive ? pickFromHand : undefined}
      onDrop={interactive ? (letter, square) => onSquare(square, null, { prefix: [], selected: null, held: letter }) : undefined}
      always={handsAlways}
      pieceSet={viewer.pieceSet}
      turned={c !== orientation}
    />
  );

  return (
    <div className={styles.layout} style={boardFit(info.files, info.ranks, info.hands)}>
      <section className={styles.boardColumn} aria-label="Board">
        {playerBar(other(orientation))}
        {hand(other(orientation))}
        <Board
          variant={state.variant}
          files={info.files}
          ranks={info.ranks}
          squares={chooser && setups ? boardWhileChoosing(state.variant, setups.white, setups.black) : asSeen ?? (past ? past.board() : drawn.squares)}
          hovering={past ? null : drawn.hovering}
          orientation={orientation}
          pieceSet={viewer.pieceSet}
          coordinateStyle={tiles && viewer.shogiCoordinates ? "shogi" : "chess"}
          lastMove={pending && !past ? moveSquares(pending.actions) : lastMoveShown ? moveSquares(lastMoveShown) : []}
          checks={checks}
          selected={pending || past ? null : opts.selected}
          targets={pending || past || !interactive ? [] : [...opts.targets.keys()]}
          onSquareClick={interactive ? (sq) => onSquare(sq, null) : undefined}
          onSquareDrop={interactive ? (from, to) => onSquare(to, from) : undefined}
          onCancel={interactive ? escape : undefined}
        />
        {hand(orientation)}
        {playerBar(orientation)}
        {planning && (
          <p className={styles.info} role="status">
            Planning a conditional line on a copy of the position: {sideNameIn(state.variant, board.turn())} to move. Nothing is played until {name(other(me!))} moves.
          </p>
        )}

        {chooser && chooser === me && setups && (
          <SetupChooser
            variant={state.variant} names={setups.names} colour={me} opponentChoice={setups[other(me)]} orientation={orientation}
            pieceSet={viewer.pieceSet} confirm={viewer.confirmMoves} busy={busy}
            onChoose={(setup) => run(() => chooseSetupAction({ gameId: state.id, setup }), `You chose ${setups.names[setup]}.`)}
          />
        )}
        {replayable && (
          <fieldset className={styles.seenAs}>
            <legend>Show</legend>
            {(["board", "white", "black"] as const).map((k) => (
              <label key={k}>
                <input type="radio" name="seen-as" value={k} checked={seenAs === k} onChange={() => setSeenAs(k)} />
                {k === "board" ? " the full board" : ` ${sideNameIn(state.variant, k)}'s view`}
              </label>
            ))}
          </fieldset>
        )}
        {looking !== null && (
          <div className={styles.looking} role="group" aria-label="Earlier position">
            <p>
              {looking === 0 ? "The start position." : <>The position after <code>{state.moves[looking - 1]}</code> (move {Math.ceil(looking / 2)}).</>}
            </p>
            <button type="button" onClick={() => view(ply)}>
              Back to the current position
            </button>
          </div>
        )}

        {interactive && shownChoices && (
          <MoveChooser
            variant={state.variant}
            color={board.turn()}
            choices={shownChoices}
            pieceSet={viewer.pieceSet}
            onChoose={(c) => extend(building, c)}
            onCancel={choices ? () => setChoices(null) : undefined}
          />
        )}
        {interactive && !shownChoices && (building.prefix.length > 0 || opts.buttons.length > 0) && (
          <div className={styles.building} role="group" aria-label="Move in progress">
            {building.prefix.length > 0 && <p>So far: <code>{makeMoveText(building.prefix)}</code></p>}
            {hint && <p>{hint}</p>}
            {opts.buttons.map((c) => (
              <button key={makeMoveText(c)} type="button" onClick={() => extend(building, c)}>
                {describeContinuation(state.variant, c)}
              </button>
            ))}
            {opts.complete && !opts.finished && building.prefix.length > 0 && (
              <button type="button" onClick={() => finish(building.prefix)}>
                End the move here
              </button>
            )}
            {building.prefix.length > 0 && (
              <button type="button" onClick={cancelMove}>
                Start the move again
              </button>
            )}
          </div>
        )}
        {pending && looking === null && (
          <div className={styles.confirm} role="group" aria-label="Confirm move">
            <p>
              Send <code>{pending.text}</code>?
            </p>
            <button type="button" className="primary" disabled={busy} onClick={() => { send(pending.text); focusBoard(); }} autoFocus>
              {busy ? "Sending…" : "Send move"}
            </button>{" "}
            <button type="button" disabled={busy} onClick={() => { cancelMove(); focusBoard(); }}>
              Cancel
            </button>
          </div>
        )}
        {me && state.status === "active" && !chooser && <MoveInput disabled={!interactive} example={example} position={planning ? `planned ${stage}` : `${ply}`} onMove={typed} />}
      </section>

      <aside className={styles.side}>
        <section aria-label="Game status" aria-live="polite" className={styles.status}>
          <p className={styles.statusLine}>{status}</p>
          {ongoing && checks.length > 0 && <p className={styles.check}>Check!</p>}
          <p className="visually-hidden" data-testid="move-heard">{heard.text}</p>
          {state.status === "active" && state.deadline && (
            <p>
              {chooser ? "Choice" : "Move"} due by <Deadline iso={state.deadline} />
            </p>
          )}
        </section>
        {notice && (
          <p role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? styles.error : styles.info}>
            {notice.text}
          </p>
        )}
        {state.status === "open" && challenge && (
          <ChallengePanel challenge={challenge} gameId={state.id} invited={state.invited} busy={busy} onResult={(a) => run(a)} />
        )}

        {me && ongoing && (
          <section className={styles.panel} aria-label="Game actions">
            {state.drawOffer === me && <p>You offered a draw.</p>}
            {state.drawOffer === other(me) ? (
              <div role="group" aria-label="Draw offer">
                <p>{name(other(me))} offers a draw.</p>
                <button type="button" disabled={busy} onClick={() => run(() => acceptDrawAction({ gameId: state.id }))}>
                  Accept draw
                </button>{" "}
                <button type="button" disabled={busy} onClick={() => run(() => declineDrawAction({ gameId: state.id }), "You declined the draw.")}>
                  Decline draw
                </button>
              </div>
            ) : (
              state.drawOffer !== me && (
                <button type="button" disabled={busy} onClick={() => run(() => offerDrawAction({ gameId: state.id }))}>
                  Offer draw
                </button>
              )
            )}{" "}
            {!myTurn && (
              // lichess's "+1 day": a courtesy to an opponent who is short of time.
              <button type="button" disabled={busy} onClick={() => run(() => extraDayAction({ gameId: state.id }), `You gave ${name(other(me))} one more day.`)}>
                Give +1 day
              </button>
            )}{" "}
            {(fog ? [] : game.claimableDraws()).map((reason) => (
              <button key={reason} type="button" disabled={busy} onClick={() => run(() => claimDrawAction({ gameId: state.id, reason }))}>
                {CLAIMS[reason]}
              </button>
            ))}{" "}
            {confirmResign ? (
              <span role="group" aria-label="Confirm resignation">
                Resign this game?{" "}
                <button type="button" disabled={busy} onClick={() => { setConfirmResign(false); run(() => resignAction({ gameId: state.id })); }}>
                  Yes, resign
                </button>{" "}
                <button type="button" onClick={() => setConfirmResign(false)}>
                  Keep playing
                </button>
              </span>
            ) : (
              <button type="button" disabled={busy} onClick={() => setConfirmResign(true)}>
                Resign
              </button>
            )}
          </section>
        )}

        {conditional && (
          <ConditionalMoves
            lines={lines?.ply === ply ? lines.lines : null}
            planning={planning}
            opponent={name(other(me))}
            busy={busy}
            onPlan={startPlan}
            onTakeBack={() => planning && setPlan({ ply, moves: planning.slice(0, -1) })}
            onStop={() => setPlan(null)}
            onSave={() => planning && onLines(
              () => addConditionalLineAction({ gameId: state.id, expectedPly: ply, moves: planning }), "Line saved.", () => setPlan(null),
            )}
            onDelete={(lineId) => onLines(() => deleteConditionalLineAction({ gameId: state.id, lineId }), "Line deleted.")}
          />
        )}
        {me && state.chat && (
          <GameChat
            gameId={state.id} chat={state.chat} opponent={name(other(me))}
            // A mute or report leaves the version as it was (lib/games/chat.ts): its answer is taken all the same.
            onResult={(r) => {
              const fresh = r.state;
              if (fresh) setState((s) => (fresh.version >= s.version ? fresh : s));
            }}
          />
        )}

        <section aria-label="Move list">
          <h2 className={styles.heading}>Moves</h2>
          <MoveList variant={state.variant} startFen={state.startFen} moves={state.moves} san={viewer.moveNotation === "san"} shown={looking ?? ply} onSelect={view} />
          {/* In fog the record is the opponent's moves: downloadable once the game is over. */}
          {ply > 0 && !fog && (
            <p className={styles.downloads}>
              Download the <a href={`/games/${state.id}/record`}>game record</a>
              {/* Standard PGN (SAN) exists for orthodox chess only. */}
              {hasPgn(state.variant) && <> or <a href={`/games/${state.id}/pgn`}>PGN</a></>}
            </p>
          )}
          {ply > 0 && (
            <div className={styles.history} role="group" aria-label="Step through the game">
              <button type="button" onClick={() => view(0)} disabled={looking === 0}>
                Start
              </button>
              <button type="button" onClick={() => view((looking ?? ply) - 1)} disabled={looking === 0}>
                Previous move
              </button>
              <button type="button" onClick={() => view((looking ?? ply) + 1)} disabled={looking === null}>
                Next move
              </button>
              <button type="button" onClick={() => view(ply)} disabled={looking === null}>
                Now
              </button>
            </div>
          )}
        </section>
        <p>
          <button type="button" onClick={() => setFlipped((f) => !f)} aria-pressed={flipped}>
            Flip board
          </button>{" "}
          {/* Shares the position on the board: an earlier one gets its own ?ply=N address. */}
          <CopyLinkButton
            href={`/games/${state.id}${looking !== null ? `?ply=${looking}` : ""}`}
            label={looking !== null ? "Copy link to this position" : "Copy link to this game"}
          />
        </p>
        {note !== null && <GameNotes gameId={state.id} initial={note} />}
      </aside>
    </div>
  );
}
