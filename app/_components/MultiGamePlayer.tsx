"use client";
/**
 * The live part of the page of a game for more than two (lib/rules/multi). It rebuilds the
 * game from the start position, the moves and the armies that went out (MultiGame), so the
 * board offers only legal moves (the server judges each again); it sends moves and the
 * resignation through the actions it is given, and polls the state endpoint so that the
 * other players' moves show up by themselves. Only the seat to move may move; anyone
 * else watches (docs/accessibility.md#boards-for-more-than-two).
 */
import { useMemo, useState, useTransition, type ReactElement } from "react";
import { multiGameInfo } from "@/lib/rules";
import { Deadline } from "./Deadline";
import { fetchStateOf } from "./game-state";
import { MoveInput } from "./MoveInput";
import { MultiBoard } from "./MultiBoard";
import { multiGameStateSchema, newerMulti, type MultiGameActions, type MultiGameState } from "./multi-game-state";
import { moveAction, moveCells, readTypedMove, replayMulti, sendMulti, type Notice, type Replayed } from "./multi-move";
import { armyColour } from "./pieces/multi-drawing";
import styles from "./GamePlayer.module.css";
import { useGameUpdates, type Shown } from "./use-game-updates";

export interface MultiGamePlayerProps {
  initial: MultiGameState;
  /** The army of the viewer's seat, or null for a spectator. */
  viewerArmy: string | null;
  actions: MultiGameActions;
}

const fetchMulti = (id: string, since?: Shown) => fetchStateOf(multiGameStateSchema, id, since);

/** The game rebuilt, or null when the state cannot be replayed (the page then says so rather than crash). */
function tryReplay(state: MultiGameState): Replayed | null {
  try {
    return replayMulti(state);
  } catch {
    return null;
  }
}

/** Whether `army` may move now: the game is on, and it is that army's turn. */
export function mayMove(state: MultiGameState, replayed: Replayed | null, army: string | null): boolean {
  if (state.status !== "active" || !replayed) return false;
  const s = replayed.game.status();
  return s.result === "ongoing" && s.toMove === army;
}

/** Another seat's move in words: a claim or a pass is no "played claim" (docs/accessibility.md#the-opponents-move). */
function heardMove(army: string, move: string): string {
  if (move === "claim") return `${army} claimed the win.`;
  if (move === "pass") return `${army} passed.`;
  return `${army} played ${move}.`;
}

export interface MultiGameViewProps {
  state: MultiGameState;
  viewerArmy: string | null;
  notice: Notice | null;
  /** The state came from the poll with new moves: the status says the last one (docs/accessibility.md#the-opponents-move). */
  heard: boolean;
  busy: boolean;
  confirmResign: boolean;
  onMove: (move: string) => void;
  onAskResign: (ask: boolean) => void;
  onResign: () => void;
}

/** The page as it stands, without state of its own (MultiGamePlayer holds it). */
export function MultiGameView({ state, viewerArmy, notice, heard, busy, confirmResign, onMove, onAskResign, onResign }: MultiGameViewProps): ReactElement {
  const replayed = useMemo(() => tryReplay(state), [state]);
  const info = multiGameInfo(state.variant);
  const canMove = mayMove(state, replayed, viewerArmy) && !busy;
  const armies = replayed?.game.armies() ?? [];
  const scored = info.mode === "kings" || info.mode === "points";
  const nameOf = (letter: string) => info.armies.find((a) => a.letter === letter)?.name ?? letter;
  const mine = viewerArmy !== null && state.seats.some((s) => s.army === viewerArmy);
  const stillIn = mine && armies.find((a) => a.letter === viewerArmy)?.state === "playing";
  const lastMove = state.moves.length > 0 ? moveCells(state.moves[state.moves.length - 1]) : [];
  const toMove = replayed?.game.status();

  let status: string;
  if (!replayed) status = "This game's moves cannot be read, so its board cannot be shown.";
  else if (state.status === "open") status = "Waiting for every seat to be taken.";
  else if (state.status === "cancelled") status = "This game was cancelled.";
  else if (state.status === "finished" || toMove?.result === "over") status = state.ending ?? "The game is over.";
  else if (canMove) status = "Your move.";
  else if (toMove?.result === "ongoing") status = `${nameOf(toMove.toMove)} to move.`;
  else status = "";
  const lastMover = replayed?.movers.at(-1);
  if (heard && lastMover && lastMover !== viewerArmy) status = `${heardMove(nameOf(lastMover), state.moves[state.moves.length - 1])} ${status}`;

  return (
    <div className={info.cells.length > 200 ? `${styles.layout} ${styles.wideBoard}` : styles.layout}>
      <section className={styles.boardColumn} aria-label="Board">
        {replayed && <MultiBoard game={replayed.game} bottom={mine ? viewerArmy : null} canMove={canMove} onMove={onMove} lastMove={lastMove} />}
      </section>
      <div className={styles.side}>
        <p className={styles.status} role="status">{status}</p>
        {notice && (
          <p className={notice.tone === "error" ? styles.error : styles.info} role={notice.tone === "error" ? "alert" : undefined}>
            {notice.text}
          </p>
        )}
        <section className={styles.panel} aria-label="Seats">
          <h2 className={styles.heading}>Seats</h2>
          <ol className={styles.seats}>
            {state.seats.map((seat) => {
              const army = armies.find((a) => a.letter === seat.army);
              const out = state.eliminations.find((e) => e.army === seat.army);
              const team = info.armies.find((a) => a.letter === seat.army)?.team;
              return (
                <li key={seat.army} data-army={seat.army} className={styles.playerBar}>
                  <span aria-hidden="true" className="army-swatch" style={{ background: armyColour(seat.armyName).fill }} />
                  <span>
                    {seat.armyName}: {seat.player ?? "empty seat"}
                    {seat.army === viewerArmy && mine ? " (you)" : ""}
                    {seat.bot !== null && <span className={styles.bot}> (a bot, level {seat.bot})</span>}
                    {team !== null && team !== undefined && <> · team {team + 1}</>}
                    {scored && army && <> · {army.score} {army.score === 1 ? "point" : "points"}</>}
                    {army && army.state !== "playing" && <> · out{out ? (out.reason === "resignation" ? ", resigned" : ", on time") : ""}</>}
                    {seat.deadline && army?.toMove && <> · moves by <Deadline iso={seat.deadline} /></>}
                  </span>
                  {army?.toMove && state.status === "active" && <span className={styles.toMove}>to move</span>}
                </li>
              );
            })}
          </ol>
        </section>
        <section className={styles.panel} aria-label="Moves">
          <h2 className={styles.heading}>Moves</h2>
          {state.moves.length === 0 ? (
            <p className={styles.muted}>No moves yet.</p>
          ) : (
            <ol className={styles.moveList}>
              {state.moves.map((m, i) => (
                <li key={i}>
                  {replayed ? `${nameOf(replayed.movers[i])}: ` : ""}
                  <span className={styles.notation}>{m}</span>
                </li>
              ))}
            </ol>
          )}
          {/* The record of a game for more than two (docs/notation.md#the-record-of-a-game-for-more-than-two): PGN holds two players. */}
          {state.moves.length > 0 && (
            <p className={styles.downloads}>
              Download the <a href={`/games/${state.id}/record`}>game record</a>
            </p>
          )}
        </section>
        {canMove && replayed && (
          <MoveInput
            disabled={busy}
            example={replayed.game.legalMoves()[0]?.text ?? ""}
            position={String(state.moves.length)}
            onMove={(text) => {
              const read = readTypedMove(state, text);
              if ("error" in read) return read.error;
              onMove(read.move);
              return null;
            }}
          />
        )}
        {stillIn && state.status === "active" && (
          <section className={styles.panel} aria-label="Game actions">
            {confirmResign ? (
              <p>
                Resign this game?{" "}
                <button type="button" disabled={busy} onClick={onResign}>
                  Yes, resign
                </button>{" "}
                <button type="button" onClick={() => onAskResign(false)}>
                  No
                </button>
              </p>
            ) : (
              <button type="button" disabled={busy} onClick={() => onAskResign(true)}>
                Resign
              </button>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

export function MultiGamePlayer({ initial, viewerArmy, actions }: MultiGamePlayerProps): ReactElement {
  const [state, setState] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmResign, setConfirmResign] = useState(false);
  const [heard, setHeard] = useState(false);
  const [busy, startTransition] = useTransition();

  useGameUpdates(state.id, { version: state.version }, state.status === "open" || state.status === "active", fetchMulti, (fresh) => {
    if (fresh.version > state.version && fresh.moves.length > state.moves.length) setHeard(true);
    setState((s) => newerMulti(s, fresh));
  });

  function run(action: () => ReturnType<MultiGameActions["move"]>) {
    setNotice(null);
    setHeard(false);
    startTransition(async () => {
      const r = await sendMulti(state, action, async () => {
        const fresh = await fetchMulti(state.id);
        return fresh === "unchanged" ? null : fresh;
      });
      setState((s) => newerMulti(s, r.state));
      setNotice(r.notice);
    });
  }

  return (
    <MultiGameView
      state={state}
      viewerArmy={viewerArmy}
      notice={notice}
      heard={heard}
      busy={busy}
      confirmResign={confirmResign}
      onMove={(move) => run(() => actions.move(moveAction(state, move)))}
      onAskResign={setConfirmResign}
      onResign={() => {
        setConfirmResign(false);
        run(() => actions.resign({ gameId: state.id }));
      }}
    />
  );
}

export default MultiGamePlayer;
