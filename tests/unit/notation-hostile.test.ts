/**
 * Hostile text of a megabyte or two for every parser of the rules module: each
 * one finishes and answers with a short, clear error (a parser's Result error,
 * Game.play's RulesError). No durations are asserted: a parser whose work grows with the
 * square of its input simply does not finish within the test's timeout (a 500 kB
 * record of '{' once held the server for two minutes).
 */
import { describe, expect, it } from "vitest";
import { Game, RulesError, parseActions, parseGameRecord, variantIds } from "@/lib/rules";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap, type Result } from "@/lib/rules/result";
import { parseSan } from "@/lib/rules/notation/san";
import { getVariant } from "@/lib/rules/variants";

/** Just under parseGameRecord's own limit, so the whole text is read. */
const NEAR_LIMIT = 999_000;
const fill = (prefix: string, unit: string, size = NEAR_LIMIT) => prefix + unit.repeat(Math.floor((size - prefix.length) / unit.length));

function refusal(f: () => unknown): string {
  let error: unknown = null;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(RulesError);
  const message = (error as RulesError).message;
  expect(message.length).toBeLessThan(300);
  return message;
}

/**
 * The error of a parser's Result, which must be a refusal as short as refusal() asks: under 300
 * characters beyond what it lists on purpose (`listed`, e.g. the known variant ids).
 */
function refused(read: Result<unknown>, listed = ""): string {
  expect(read.ok).toBe(false);
  expect(read.error!.length).toBeLessThan(300 + listed.length);
  return read.error!;
}

const CHESS = '[Variant "chess"]\n\n';

describe("hostile game records", () => {
  it("a '{' that is never closed", () => {
    expect(refused(parseGameRecord(fill("", "{")))).toMatch(/comment is never closed: the '\{' at character 1 /);
    expect(refused(parseGameRecord(fill(`${CHESS}1. e4 {`, "x y ")))).toMatch(/comment is never closed: the '\{' at character 7 /);
    expect(refused(parseGameRecord(fill(`${CHESS}1. e4 {`, "{(;$1[")))).toMatch(/comment is never closed/);
  });

  it("parentheses (variations), opened and never closed or closed without opening", () => {
    expect(refused(parseGameRecord(fill(CHESS, "(")))).toMatch(/variations in parentheses cannot be imported: remove the '\(' at character 1 /);
    expect(refused(parseGameRecord(fill(`${CHESS}1. e4 e5 `, "))")))).toMatch(/'\)' at character 10 /);
    expect(refused(parseGameRecord(fill(`${CHESS}1. e4 `, "(1... c5 ")))).toMatch(/variations/);
  });

  it("one token of a megabyte: check marks, digits, dots, letters", () => {
    // A run of SAN marks not at the end: a trailing-marks regex retried from every one of them.
    expect(refused(parseGameRecord(`${fill(`${CHESS}1. e4`, "+")}x`))).toMatch(/^move 1, White: e4\+{58}…: cannot read move 'e4\+{38}'/);
    expect(refused(parseGameRecord(fill(`${CHESS}1. `, "1")))).toMatch(/^move 1, White: 1{60}…: cannot read move/);
    expect(refused(parseGameRecord(fill(`${CHESS}1.`, "1.")))).toMatch(/cannot read move/);
    expect(refused(parseGameRecord(fill("1. P ", "e")))).toMatch(/cannot read move/);
    expect(refused(parseGameRecord(fill('[Variant "compound"]\n\n1. ', "P")))).toMatch(/move 1, White: .*cannot read move/);
  });

  it("many tiny tokens: move numbers, NAGs, ';'-chained actions, results", () => {
    expect(unwrap(parseGameRecord(fill(CHESS, "1. "))).moves).toEqual([]);
    expect(unwrap(parseGameRecord(fill(CHESS, "1. $1 "))).moves).toEqual([]);
    expect(unwrap(parseGameRecord(`${fill(`${CHESS}1. e4 $`, "7")} 1-0`)).moves).toEqual(["P e2-e4"]);
    expect(refused(parseGameRecord(fill(CHESS, "P e2-e4; ")))).toMatch(/ends after a ';'/);
    expect(refused(parseGameRecord(`${fill(CHESS, "P e2-e4; ")}P e4-e5`))).toMatch(/move 1, White: .*cannot read move/);
    expect(unwrap(parseGameRecord(fill(CHESS, "* "))).result).toBe("*");
  });

  it("more moves than the caller allows stops reading, before replaying them", () => {
    const shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 ";
    expect(refused(parseGameRecord(fill(CHESS, shuffle), { maxMoves: 5000 }))).toMatch(/too many moves \(at most 5,000 plies\)/);
    // Without a cap the shuffle replays until the fivefold repetition ends the game.
    expect(refused(parseGameRecord(fill(CHESS, shuffle)))).toBe("move 9, White: Nf3: the game is over (draw by fivefold-repetition)");
  });

  it("tag lines: many, one huge, an unclosed quote, a line of '['", () => {
    const many = unwrap(parseGameRecord(`${fill("", '[Tag "value"]\n')}\n*`));
    expect(Object.keys(many.tags)).toEqual(["Tag"]);
    const distinct = Array.from({ length: 50_000 }, (_, i) => `[T${i} "${i}"]`).join("\n");
    expect(Object.keys(unwrap(parseGameRecord(`${distinct}\n\n*`)).tags)).toHaveLength(50_000);
    expect(refused(parseGameRecord(fill('[Event "', 'a\\"')))).toMatch(/cannot read the tag line/);
    expect(refused(parseGameRecord(fill("", "[")))).toMatch(/cannot read the tag line/);
    expect(refused(parseGameRecord(`[Variant "${"v".repeat(NEAR_LIMIT - 20)}"]\n*`), variantIds().join(", "))).toMatch(/unknown Variant/);
    expect(refused(parseGameRecord(`[FEN "${fill("", "8/")}"]\n*`))).toMatch(/FEN is too long/);
  });

  it("past the length limit: refused at once", () => {
    expect(refused(parseGameRecord("{".repeat(2_000_000)))).toMatch(/the record is too long/);
  });
});

describe("hostile FEN, move text and SAN", () => {
  const chess = getVariant("chess");
  it("FEN", () => {
    for (const text of ["1".repeat(2_000_000), "(".repeat(2_000_000), "/".repeat(2_000_000), `${"Q[".repeat(1_000_000)} w - - 0 1`]) {
      expect(refused(parseFen(chess, text))).toMatch(/FEN is too long/);
    }
    // At the limit, the placement scanner reads each character once.
    expect(refused(parseFen(chess, `${"1".repeat(970)}/8/8/8/8/8/8/8 w - - 0 1`))).toMatch(/rank 8 has more than 8 squares/);
    expect(refused(parseFen(chess, `${"(Nb".repeat(320)}/8/8/8/8/8/8/8 w - - 0 1`))).toMatch(/bad union mark on rank 8/);
  });

  it("move text", () => {
    for (const text of [" ".repeat(2_000_000), ";".repeat(2_000_000), `P${" ".repeat(2_000_000)}e2-e4`, "P e2-e4; ".repeat(200_000)]) {
      expect(refused(parseActions(text))).toMatch(/cannot read move/);
      expect(refusal(() => Game.start("chess").play(text))).toMatch(/cannot read move/);
    }
  });

  it("SAN: text longer than any SAN is refused unread; marks are trimmed from the end only", () => {
    const marks = "+#!?".repeat(500_000);
    expect(refused(parseSan(`${marks}e4`))).toMatch(/cannot read move/);
    expect(refused(parseSan(`e4${marks}`))).toMatch(/cannot read move/);
    expect(refused(parseSan(`N${" ".repeat(2_000_000)}f3`))).toMatch(/cannot read move/);
    expect(refusal(() => Game.start("chess").play(`e4${marks}`))).toMatch(/cannot read move/);
    expect(refused(parseSan("+#!?+#e4"))).toMatch(/cannot read move/);
    expect(Game.start("chess").play("e4+#!?")).toBe("P e2-e4");
  });
});
