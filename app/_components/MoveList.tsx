"use client";
/**
 * The moves of a game in the project's notation, numbered in pairs, the latest kept in view.
 * A Xiangqi game's list can show them in WXF's or Chinese notation instead
 * (docs/notation.md#traditional-xiangqi-notation), the choice kept by the browser; an orthodox
 * chess or Chess960 game's in SAN, for a player who chose it in Settings (docs/notation.md#san).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { hasPgn, sanRecord, sideNameIn } from "@/lib/rules";
import { xiangqiRecord, type XiangqiNotation } from "@/lib/rules/notation/xiangqi";
import styles from "./GamePlayer.module.css";

type Notation = "coordinates" | XiangqiNotation;
const NOTATIONS: [Notation, string][] = [["coordinates", "Coordinates"], ["wxf", "WXF"], ["chinese", "中文"]];
/** The browser's choice, per browser (localStorage), nothing stored with the game or the user. */
const NOTATION_KEY = "xiangqi-notation";
const CHANGED = "xiangqi-notation-changed";

function readNotation(): Notation {
  try {
    const v = window.localStorage.getItem(NOTATION_KEY);
    return NOTATIONS.some(([n]) => n === v) ? (v as Notation) : "coordinates";
  } catch {
    return "coordinates"; // storage refused (privacy settings): the default
  }
}
function writeNotation(n: Notation) {
  try {
    window.localStorage.setItem(NOTATION_KEY, n);
  } catch {
    // Not remembered; the list still changes for this page.
  }
  window.dispatchEvent(new Event(CHANGED));
}
function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** Which notation the list shows: always the coordinates on the server and for games other than Xiangqi. */
function useNotation(enabled: boolean): [Notation, (n: Notation) => void] {
  const stored = useSyncExternalStore(subscribe, readNotation, () => "coordinates" as Notation);
  return [enabled ? stored : "coordinates", writeNotation];
}

interface Row {
  number: number;
  white: string | null;
  black: string | null;
}

/** Pairs the moves; a game whose start position has Black to move begins with an empty White cell. */
function rows(startFen: string, moves: readonly string[]): Row[] {
  const [, side, , , , full] = startFen.split(" ");
  const first = Number(full) || 1;
  const offset = side === "b" ? 1 : 0;
  const out: Row[] = [];
  moves.forEach((text, i) => {
    const k = i + offset;
    const at = Math.floor(k / 2);
    out[at] ??= { number: first + at, white: null, black: null };
    if (k % 2 === 0) out[at].white = text;
    else out[at].black = text;
  });
  return out;
}

/**
 * The move list; each move is a button that shows the position after it (`onSelect`
 * with its ply). `shown` is the ply on the board: its move is marked.
 */
export function MoveList({ variant, startFen, moves, san = false, shown, onSelect }: {
  variant: string;
  startFen: string;
  moves: readonly string[];
  /** The viewer chose SAN: written so where the game has it. */
  san?: boolean;
  shown: number;
  onSelect: (ply: number) => void;
}) {
  const traditional = variant === "xiangqi";
  const [notation, setNotation] = useNotation(traditional);
  const inSan = san && hasPgn(variant);
  const written = useMemo(() => {
    if (inSan) return sanRecord(variant, startFen, moves);
    return notation === "coordinates" ? moves : xiangqiRecord(startFen, moves, notation).map((t, i) => t ?? moves[i]);
  }, [inSan, variant, notation, startFen, moves]);
  const box = useRef<HTMLDivElement | null>(null);
  // A long game scrolls: keep the newest move visible when one arrives.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [moves.length]);
  const table = rows(startFen, written);
  const offset = startFen.split(" ")[1] === "b" ? 1 : 0;
  return (
    <>
      {traditional && (
        <fieldset className={styles.notation}>
          <legend>Notation</legend>
          {NOTATIONS.map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="move-notation" value={value} checked={notation === value} onChange={() => setNotation(value)} />{" "}
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <div ref={box} className={styles.moveList}>
        {moves.length === 0 ? (
          <p className={styles.muted}>No moves yet.</p>
        ) : (
          <table aria-label="Moves">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{sideNameIn(variant, "white")}</th>
                <th scope="col">{sideNameIn(variant, "black")}</th>
              </tr>
            </thead>
            <tbody>
              {table.map((r, i) => (
                <tr key={r.number}>
                  <th scope="row">{r.number}.</th>
                  {([r.white, r.black] as const).map((text, side) => {
                    const ply = i * 2 + side - offset + 1;
                    const current = ply === shown;
                    return (
                      <td key={side} className={current ? styles.lastMove : undefined}>
                        {text === null ? (
                          side === 0 && i === 0 && offset ? "…" : ""
                        ) : (
                          <button
                            type="button"
                            className={styles.moveButton}
                            aria-current={current ? "step" : undefined}
                            aria-label={`${text}${text === moves[ply - 1] ? "" : ` (${moves[ply - 1]})`}: show the position after it`}
                            onClick={() => onSelect(ply)}
                          >
                            {text}
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
