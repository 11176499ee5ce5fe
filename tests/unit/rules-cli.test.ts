/**
 * The command-line rules tool, run as a child process from the repository root,
 * against docs/rules-tool.md: exact stdout, one-line errors on stderr,
 * exit 1 for an illegal move, exit 2 for bad input, never a stack trace.
 *
 * Most cases run the launcher `npm run -s rules` starts (scripts/rules.mjs: the bundled
 * tool, ~50 ms a run instead of ~500 ms with the TypeScript loader) without npm; the
 * entry points `npm run -s rules` and `npx tsx scripts/rules-cli.ts` are run too.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const runner = [join(ROOT, "scripts/rules.mjs")];

// Once before the concurrent cases, so they find the bundle built (each would build it otherwise).
beforeAll(() => {
  execFileSync(process.execPath, [...runner, "variants"], { cwd: ROOT, stdio: "ignore" });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const rules = (...args: string[]) => exec(process.execPath, [...runner, ...args]);
const lines = (s: string) => (s === "" ? [] : s.replace(/\n$/, "").split("\n"));

/** Exit 0, nothing on stderr; the stdout lines. */
async function ok(...args: string[]): Promise<string[]> {
  const r = await rules(...args);
  expect(r.stderr, args.join(" ")).toBe("");
  expect(r.code, args.join(" ")).toBe(0);
  return lines(r.stdout);
}

/** A clear one-line error, no stack trace, nothing on stdout, the given exit status. */
async function fails(code: 1 | 2, ...args: string[]): Promise<string> {
  return failed(await rules(...args), code, args);
}

function failed(r: Run, code: 1 | 2, args: string[]): string {
  expect(r.code, args.join(" ")).toBe(code);
  expect(r.stdout, args.join(" ")).toBe("");
  expect(r.stderr.endsWith("\n"), args.join(" ")).toBe(true);
  const msg = r.stderr.slice(0, -1);
  expect(msg.length, args.join(" ")).toBeGreaterThan(0);
  expect(msg, args.join(" ")).not.toContain("\n");
  expect(msg, args.join(" ")).not.toMatch(/\bat .*\.(ts|js|mjs):\d+|Error:|internal error/);
  return msg;
}

const IDS = ["chess", "chess960", "companion", "companion-way2", "companion-extended", "magicpawns", "friendly", "compound", "royal-substitute",
  "shatranj", "chaturanga", "makruk", "ouk-chatrang", "sittuyin", "crazyhouse", "duck", "atomic", "antichess", "shogi", "minishogi", "xiangqi", "janggi", "fog-of-war",
  "chaturaji", "four-seasons", "four-player", "four-player-teams", "three-player", "eight-player", "eight-player-pairs", "eight-player-teams"];
const FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

describe.concurrent("rules CLI", () => {
  it("npm run -s rules -- variants: one variant id a line, nothing else", async () => {
    const r = await exec("npm", ["run", "-s", "rules", "--", "variants"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const ids = lines(r.stdout);
    for (const id of ["chess", "compound", "royal-substitute"]) expect(ids).toContain(id);
    for (const id of ids) expect(IDS).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("npx tsx scripts/rules-cli.ts: the same contract through the TypeScript loader", async () => {
    const tsx = (...args: string[]) => exec("npx", ["tsx", "scripts/rules-cli.ts", ...args]);
    const [r, bad, illegal] = await Promise.all([
      tsx("play", "chess", "start", "P e2-e4"),
      tsx("moves", "tori-shogi", "start"),
      tsx("play", "chess", "start", "P e2-e5"),
    ]);
    expect([r.code, r.stderr, r.stdout]).toEqual([0, "", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"]);
    expect(failed(bad, 2, ["moves tori-shogi"])).toMatch(/unknown variant/);
    expect(failed(illegal, 1, ["play P e2-e5"])).toMatch(/P e2-e5/);
  });

  it("moves: every legal move, canonical, sorted by plain string order", async () => {
    const out = await ok("moves", "chess", "start");
    expect(out).toHaveLength(20);
    expect(out).toEqual([...out].sort());
    expect(out).toContain("P e2-e4");
    expect(out).toContain("N g1-f3");
    for (const m of out) expect(m).toMatch(/^[PN] [a-h][12]-[a-h][34]$/);
    const compound = await ok("moves", "compound", "start");
    expect(compound).toHaveLength(53);
    expect(compound).toEqual([...compound].sort());
    const rs = await ok("moves", "royal-substitute", "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w - - 0 1");
    expect(rs).toHaveLength(42);
    expect(rs).toEqual([...rs].sort());
  });

  it("moves: castling, promotion and Black's moves in canonical text", async () => {
    expect(await ok("moves", "chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1")).toEqual(
      ["K e1-d1", "K e1-d2", "K e1-e2", "K e1-f1", "K e1-f2", "P e7-e8=B", "P e7-e8=N", "P e7-e8=Q", "P e7-e8=R"],
    );
    const castle = await ok("moves", "compound", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1");
    expect(castle).toContain("k f8-i8");
    expect(castle).toContain("k f8-c8");
  });

  it("moves: nothing when there is none (checkmate, stalemate, a side without royal pieces)", async () => {
    expect(await ok("moves", "chess", FOOLS_MATE)).toEqual([]);
    expect(await ok("moves", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).toEqual([]);
    expect(await ok("moves", "royal-substitute", "4p4/9/9/9/9/9/R8 w - - 0 1")).toEqual([]);
  });

  it("moves: pure generation — listed even when a draw or a bare royal has ended the game", async () => {
    expect(await ok("moves", "chess", "8/8/8/4k3/8/8/8/4K3 w - - 0 1")).toEqual(["K e1-d1", "K e1-d2", "K e1-e2", "K e1-f1", "K e1-f2"]);
    expect(await ok("moves", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 150 90")).toHaveLength(15);
    expect(await ok("moves", "royal-substitute", "4p4/3n5/9/9/9/9/P8 w - - 0 1")).toEqual(["P a1-a2", "P a1-a3", "P a1-b2"]);
  });

  it("perft: the count on the last line", async () => {
    expect((await ok("perft", "chess", "start", "3")).at(-1)).toBe("8902");
    expect((await ok("perft", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "2")).at(-1)).toBe("2039");
    expect((await ok("perft", "compound", "start", "2")).at(-1)).toBe("2809");
    expect((await ok("perft", "royal-substitute", "start", "2")).at(-1)).toBe("1738");
    // Xiangqi (docs/games/xiangqi.md#perft): ranks of two digits, counted as Fairy-Stockfish does.
    expect((await ok("perft", "xiangqi", "start", "3")).at(-1)).toBe("79666");
    expect((await ok("perft", "chess", "start", "0")).at(-1)).toBe("1");
    expect((await ok("perft", "chess", FOOLS_MATE, "2")).at(-1)).toBe("0");
  });

  it("play: prints the resulting FEN; input spacing is tolerated", async () => {
    expect(await ok("play", "chess", "start", "P e2-e4", "p e7-e5")).toEqual(["rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]);
    expect(await ok("play", "chess", "start", "  P e2 - e4 ")).toEqual(["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]);
    expect(await ok("play", "compound", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "K f1-i1")).toEqual(["r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1"]);
    expect(await ok("play", "royal-substitute", "start", "P e2-e4")).toEqual(["rphpqphpr/pnpqpqpnp/9/4P4/9/PNPQ1QPNP/RPHPQPHPR b - - 0 1"]);
  });

  it("play: SAN in orthodox chess and Chess960, the FEN as for the canonical moves (docs/notation.md#san)", async () => {
    const after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    const [san, canonical, castled, king, ambiguous, garbage, noSan] = await Promise.all([
      ok("play", "chess", "start", "e4", "e5", "Nf3"),
      ok("play", "chess", "start", "P e2-e4", "p e7-e5", "N g1-f3"),
      ok("play", "chess960", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1", "O-O-O+", "O-O"),
      fails(1, "play", "chess", "start", "e4", "e5", "Ke3"),
      fails(1, "play", "chess", "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "Nb3"),
      // Not move text at all: bad input. SAN is no move text where the game has none.
      fails(2, "play", "chess", "start", "e4", "Zz9"),
      fails(2, "play", "compound", "start", "e4"),
    ]);
    expect(san).toEqual([after]);
    expect(canonical).toEqual([after]);
    expect(castled).toEqual(["1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"]);
    expect(king).toBe("illegal move 'Ke3': Ke3: the king on e1 cannot go to e3");
    expect(ambiguous).toBe("illegal move 'Nb3': Nb3: it is ambiguous: write Nab3 or Ncb3");
    expect(garbage).toMatch(/^cannot read move 'Zz9': write it in SAN like 'e4'/);
    expect(noSan).toMatch(/^cannot read move 'e4': write it like 'P e2-e4'/);
  });

  it("play: an illegal move is one line on stderr naming the move and why, exit 1", async () => {
    expect(await fails(1, "play", "chess", "start", "P e2-e5")).toMatch(/P e2-e5.*not a legal move/);
    expect(await fails(1, "play", "chess", "start", "P e2-e4", "P d2-d4")).toMatch(/P d2-d4.*not yours|P d2-d4.*black/i);
    expect(await fails(1, "play", "chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "B e2-d3")).toMatch(/B e2-d3.*king in check/);
    expect(await fails(1, "play", "chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "P e7-e8")).toMatch(/P e7-e8.*promot/);
    expect(await fails(1, "play", "chess", FOOLS_MATE, "P a2-a3")).toMatch(/P a2-a3.*over/);
  });

  it("status: one line, ongoing or result and reason", async () => {
    const s = async (v: string, fen: string) => (await ok("status", v, fen)).join("|");
    expect(await s("chess", "start")).toBe("ongoing");
    expect(await s("chess", FOOLS_MATE)).toBe("black-wins checkmate");
    expect(await s("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")).toBe("white-wins checkmate");
    expect(await s("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).toBe("draw stalemate");
    expect(await s("chess", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1")).toBe("draw insufficient-material");
    expect(await s("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 150 80")).toBe("draw seventy-five-move-rule");
    expect(await s("atomic", "r7/8/8/8/8/8/8/K7 b - - 0 1")).toBe("white-wins king-exploded");
    expect(await s("antichess", "4k3/4P3/8/8/8/8/8/8 w - - 0 1")).toBe("white-wins no-legal-move");
  });

  it("status: from the position alone — a claimable fifty-move draw is still ongoing", async () => {
    expect(await ok("status", "chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80")).toEqual(["ongoing"]);
    expect(await ok("status", "chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80")).toEqual(["ongoing"]);
    expect(await ok("status", "compound", "start")).toEqual(["ongoing"]);
    expect(await ok("status", "compound", "k9/10/1Q8/10/10/10/10/9K b - - 0 1")).toEqual(["draw stalemate"]);
  });

  it("status: Royal Substitute reasons", async () => {
    const s = async (fen: string) => (await ok("status", "royal-substitute", fen)).join("|");
    expect(await s("start")).toBe("ongoing");
    expect(await s("4p4/9/9/9/9/9/R8 w - - 0 1")).toBe("black-wins extinction");
    expect(await s("4p4/9/9/9/9/9/P2R5 w - - 0 1")).toBe("white-wins bare-royal");
    expect(await s("4p4/3n5/9/9/9/9/P8 w - - 0 1")).toBe("black-wins bare-royal");
    expect(await s("4p4/3n5/3K5/9/9/9/9 w - - 0 1")).toBe("ongoing"); // bare, but can bare the opponent
    expect(await s("4p4/9/9/9/9/9/4K4 w - - 0 1")).toBe("draw bare-royal");
    expect(await s("rr2p1p2/9/9/9/9/9/P7R w - - 0 1")).toBe("black-wins checkmate");
    expect(await s("rr2p1p2/9/9/9/9/N8/K8 w - - 0 1")).toBe("black-wins stalemate");
  });

  it("view: the position as one player of Fog of War sees it, `?` for each unseen square (docs/rules-tool.md#view)", async () => {
    expect(await ok("view", "fog-of-war", "start", "white")).toEqual(["????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"]);
    expect(await ok("view", "fog-of-war", "start", "black")).toEqual(["rnbqkbnr/pppppppp/8/8/????????/????????/????????/???????? w kq - 0 1"]);
    // Fairy-Stockfish's own fog example (its test.py, `*` there): the en passant square b6 kept, as White may take there.
    const fen = "rnbqkbnr/p1p2ppp/8/Pp1pp3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq b6 0 1";
    const [view] = await ok("view", "fog-of-war", fen, "white");
    expect(view).toBe("????????/????????/2??????/Pp?p???1/4P3/4?3/1PPP1PPP/RNBQKBNR w KQ b6 0 1");
    // The view is a FEN the other commands read: White's moves from it are White's real moves.
    expect(await ok("moves", "fog-of-war", view)).toEqual(await ok("moves", "fog-of-war", fen));
    // Black, not to move, has no en passant square.
    expect((await ok("view", "fog-of-war", fen, "black"))[0]).toMatch(/ w kq - 0 1$/);
  });

  it("view: bad input — a game that hides nothing, a bad side, a bad FEN, a `?` outside a view — exit 2", async () => {
    expect(await fails(2, "view", "chess", "start", "white")).toMatch(/hides nothing/);
    expect(await fails(2, "view", "fog-of-war", "start", "red")).toMatch(/white or black/);
    expect(await fails(2, "view", "fog-of-war", "start")).toMatch(/white or black/);
    await fails(2, "view", "fog-of-war");
    await fails(2, "view", "fog-of-war", "not a fen", "white");
    expect(await fails(2, "moves", "chess", "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")).toMatch(/\?/);
  });

  it("@path: a preset file stands where a variant id does (docs/rules-tool.md#arguments)", async () => {
    expect(await ok("perft", "@docs/presets/royal-substitute.txt", "start", "3")).toEqual(["83369"]);
    expect(await ok("play", "@docs/presets/compound.txt", "start", "S e2-e4")).toEqual(["rdcbqkbcdr/ssssssssss/10/10/4S5/10/SSSS1SSSSS/RDCBQKBCDR b KQkq e3 0 1"]);
    expect(await ok("status", "@docs/presets/royal-substitute.txt", "start")).toEqual(["ongoing"]);
    const dir = mkdtempSync(join(tmpdir(), "preset-"));
    const bad = join(dir, "bad.txt");
    writeFileSync(bad, "name: Bad\nboard: 8 by 8\n");
    expect(await fails(2, "moves", `@${bad}`, "start")).toBe(`${bad}: line 2: board: write the board as files x ranks, like 9x7`);
    const huge = join(dir, "huge.txt");
    writeFileSync(huge, "#".repeat(200_000));
    expect(await fails(2, "moves", `@${huge}`, "start")).toMatch(/a preset is at most/);
    expect(await fails(2, "moves", `@${join(dir, "missing.txt")}`, "start")).toMatch(/^cannot read .*missing\.txt/);
  });

  it("@path: the size limit holds for any file, a pipe such as /dev/stdin too (the read is bounded, not the size asked first)", async () => {
    // 80,000 bytes is the most a preset of 20,000 characters can take (4 bytes a character).
    const most = 20_000 * 4;
    const dir = mkdtempSync(join(tmpdir(), "preset-"));
    const over = join(dir, "over.txt");
    writeFileSync(over, "#".repeat(most + 1));
    expect(await fails(2, "moves", `@${over}`, "start")).toBe(`${over}: a preset is at most 20000 characters`);
    // A pipe has no size to ask: a stat-then-read would take the whole stream and leave the refusal to the parser.
    const piped = await exec("sh", ["-c", 'yes "#" | head -c "$1" | "$2" "$3" moves @/dev/stdin start', "sh", String(most * 4), process.execPath, runner[0]]);
    expect(piped.stdout).toBe("");
    expect(piped.stderr.trim()).toBe("/dev/stdin: a preset is at most 20000 characters");
    expect(piped.code).toBe(2);
  });

  it("games for more than two: moves, perft, play and status on N-FEN (docs/rules-tool.md#games-for-more-than-two)", async () => {
    const [perft, moves, played, status, over, teams] = await Promise.all([
      ok("perft", "four-player", "start", "2"),
      ok("moves", "chaturaji", "start"),
      ok("play", "four-player", "start", "P h2-h4", "p b7-c7"),
      ok("status", "four-player", "start"),
      ok("status", "four-seasons", "7wK/8/8/8/8/8/8/8 w g0x,r0x,b0x,w0 - - 0 1"),
      ok("perft", "eight-player-teams", "start", "1"),
    ]);
    expect(perft).toEqual(["399"]);
    expect(moves).toEqual(["K d1-e1", "K d1-e2", "N b1-a3", "N b1-c3", "P a2-a3", "P b2-b3", "P c2-c3", "P d2-d3"]);
    expect(played).toEqual(["yRyNyByKyQyByNyR/yPyPyPyPyPyPyPyP/8/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQ1bP9gPgK/bBbP10gPgB/bNbP10gPgN/bRbP5rP4gPgR/8/rPrPrPrP1rPrPrP/rRrNrBrQrKrBrNrR y r0,b0,y0,g0 rKQbKQyKQgKQ - 0 1"]);
    expect(status).toEqual(["ongoing"]);
    expect(over).toEqual(["w-first last-army-standing g0,r0,b0,w0"]);
    expect(teams).toEqual(["20"]);
    const [illegal, garbage, badFen, view] = await Promise.all([
      fails(1, "play", "four-player", "start", "P h2-h5"),
      fails(2, "play", "four-player", "start", "zzz"),
      fails(2, "moves", "four-player", "garbage"),
      fails(2, "view", "four-player", "start", "white"),
    ]);
    expect(illegal).toMatch(/P h2-h5/);
    expect(garbage).toMatch(/not a move/);
    expect(badFen).toMatch(/N-FEN/);
    expect(view).toMatch(/not a command/);
  });

  it("bad input: unknown variant, unknown command, missing arguments — exit 2", async () => {
    expect(await fails(2, "moves", "tori-shogi", "start")).toMatch(/unknown variant 'tori-shogi'/);
    expect(await fails(2, "status", "tori-shogi", "start")).toMatch(/tori-shogi/);
    await fails(2);
    await fails(2, "frobnicate");
    await fails(2, "moves");
    await fails(2, "moves", "chess");
    await fails(2, "status", "chess");
    await fails(2, "perft", "chess");
    await fails(2, "play", "chess");
    await fails(2, "moves", "chess", "start", "extra");
  });

  it("bad input: malformed FEN and impossible positions — exit 2", async () => {
    expect(await fails(2, "moves", "chess", "not a fen")).toMatch(/FEN/);
    expect(await fails(2, "moves", "chess", "")).toMatch(/FEN/);
    expect(await fails(2, "status", "chess", "4k3/8/8/8/8/8/8/4K2S w - - 0 1")).toMatch(/'S'/);
    expect(await fails(2, "perft", "chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "1")).toMatch(/in check/);
    expect(await fails(2, "play", "chess", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "K e1-e2")).toMatch(/castling/);
    expect(await fails(2, "moves", "royal-substitute", "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w KQkq - 0 1")).toMatch(/castling/);
    expect(await fails(2, "moves", "compound", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).toMatch(/ranks|squares|piece/);
  });

  it("bad input: a bad perft depth — exit 2", async () => {
    for (const d of ["x", "-1", "1.5", "", "3 4"]) await fails(2, "perft", "chess", "start", d);
    await fails(2, "perft", "chess", "start", "1", "2");
  });

  it("bad input: garbage move text — exit 2, not 1", async () => {
    expect(await fails(2, "play", "chess", "start", "hello")).toMatch(/hello/);
    expect(await fails(2, "play", "chess", "start", "P e2-e4", "")).toMatch(/move/);
    expect(await fails(2, "play", "chess", "start", "P e2-e4", "p e7e5")).toMatch(/p e7e5/);
  });
});

/**
 * Runs the tool without a time limit, reading stdout as it comes (it may be tens of
 * megabytes): the number of lines, the last one, and whether each line sorts after
 * the one before (plain string order, so also no line twice).
 */
function streamed(...args: string[]): Promise<{ code: number | null; count: number; last: string; increasing: boolean; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...runner, ...args], { cwd: ROOT });
    let count = 0;
    let prev = "";
    let rest = "";
    let increasing = true;
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop()!;
      for (const line of parts) {
        if (count > 0 && !(prev < line)) increasing = false;
        prev = line;
        count++;
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, count, last: rest === "" ? prev : rest, increasing: increasing && rest === "", stderr }));
  });
}

describe("rules CLI: a Friendly position with very many moves", () => {
  // Twelve unions and a knight that enters one: White's turn passes through 553,565 chain states
  // (more than the 400,000 the app stops listing at) to 1,266,769 distinct results.
  const DENSE = "4k3/8/2(Qr)(Rn)(Bb)(Nq)2/2(Rp)(Bp)(Np)(Pp)2/2(Pp)(Pp)(Pp)(Pp)2/8/2N5/4K3 w - - 0 1";

  it("moves and perft list every move of the legal position, however long it takes (never exit 2)", { timeout: 900_000 }, async () => {
    expect(await ok("status", "friendly", DENSE)).toEqual(["ongoing"]);
    const [moves, count] = await Promise.all([streamed("moves", "friendly", DENSE), streamed("perft", "friendly", DENSE, "1")]);
    expect(count.stderr).toBe("");
    expect(count.code).toBe(0);
    expect(count.count).toBe(1);
    expect(moves.stderr).toBe("");
    expect(moves.code).toBe(0);
    expect(moves.increasing).toBe(true);
    expect(moves.count).toBe(Number(count.last));
    expect(moves.count).toBeGreaterThan(400_000);
  });
});
