/**
 * The strength bench's bookkeeping (bench/game-record.ts, bench/bot-games.ts inWorkers): a pairing
 * stopped early must get the verdict its every game would have given, a record must give back only
 * games the same code played with the same settings, and the worker pool must play what is wanted
 * and nothing else. Otherwise a cut-off ladder run would resume into a wrong verdict.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inWorkers, type GameResult } from "@/bench/bot-games";
import { codeVersion, readRecord, recordLine, verdictSoFar, type Tally } from "@/bench/game-record";

const tally = (wins: number, draws: number, losses: number, errors = 0): Tally => ({ wins, draws, losses, errors });

describe("a pairing's verdict so far", () => {
  it("ladder: decided only when the games left cannot change who won more", () => {
    expect(verdictSoFar("ladder", 20, tally(10, 0, 0))).toBe("open"); // 10 left could make it 10-10
    expect(verdictSoFar("ladder", 20, tally(10, 0, 1))).toBe("open"); // 9 left: 10-10 still possible
    expect(verdictSoFar("ladder", 20, tally(10, 1, 0))).toBe("pass"); // 10 against at most 9
    expect(verdictSoFar("ladder", 20, tally(0, 2, 9))).toBe("fail"); // at best 9-9
    expect(verdictSoFar("ladder", 20, tally(1, 1, 9))).toBe("open"); // at best 10-9
    expect(verdictSoFar("ladder", 20, tally(10, 0, 10))).toBe("fail");
    expect(verdictSoFar("ladder", 20, tally(3, 16, 1))).toBe("pass");
  });

  it("agrees, game by game, with the verdict of every game played", () => {
    // Every order of results of a small pairing: once decided, the final verdict is the same.
    const n = 6;
    const final = (w: number, l: number) => (w > l ? "pass" : "fail");
    for (let code = 0; code < 3 ** n; code++) {
      const results = Array.from({ length: n }, (_, i) => Math.floor(code / 3 ** i) % 3); // 0 win, 1 draw, 2 loss
      const t = tally(0, 0, 0);
      const end = final(results.filter((r) => r === 0).length, results.filter((r) => r === 2).length);
      for (const r of results) {
        if (r === 0) t.wins++;
        else if (r === 1) t.draws++;
        else t.losses++;
        const now = verdictSoFar("ladder", n, t);
        if (now !== "open") expect(now, JSON.stringify(results)).toBe(end);
      }
      expect(verdictSoFar("ladder", n, t)).toBe(end);
    }
  });

  it("top: 95 % wins, decided once reached or out of reach", () => {
    expect(verdictSoFar("top", 20, tally(18, 0, 0))).toBe("open");
    expect(verdictSoFar("top", 20, tally(19, 0, 0))).toBe("pass");
    expect(verdictSoFar("top", 20, tally(17, 1, 0))).toBe("open");
    expect(verdictSoFar("top", 20, tally(17, 1, 1))).toBe("fail");
  });

  it("a bot's error fails the pairing at once", () => {
    expect(verdictSoFar("ladder", 20, tally(15, 0, 1, 1))).toBe("fail");
    expect(verdictSoFar("top", 20, tally(19, 0, 1, 1))).toBe("fail");
  });
});

describe("the record of games played", () => {
  const won: GameResult = { winner: "white", reason: "checkmate", plies: 41, ms: { white: 1234.5678, black: 99.01 }, moves: { white: 21, black: 20 }, startFen: "start", record: ["e4", "e5"] };
  const lost: GameResult = { ...won, winner: "black", plies: 2 };

  it("gives back the games of the same code and settings, the moves only where kept", () => {
    const text = recordLine("c1", "s1", "1/chess/6-5/0", won, false) + recordLine("c1", "s1", "1/chess/6-5/1", lost, true);
    const { games, other } = readRecord(text, "c1", "s1");
    expect(other).toBe(0);
    expect(games.get("1/chess/6-5/0")).toEqual({ ...won, ms: { white: 1234.6, black: 99 }, startFen: "", record: [] });
    expect(games.get("1/chess/6-5/1")).toEqual({ ...lost, ms: { white: 1234.6, black: 99 } });
  });

  it("leaves aside another code's games, other settings' and lines that are not games", () => {
    const text = [
      recordLine("c2", "s1", "1/chess/6-5/0", won, false),
      recordLine("c1", "s2", "1/chess/6-5/1", won, false),
      "not json\n",
      `${JSON.stringify({ code: "c1", settings: "s1", game: "1/chess/6-5/2", winner: "nobody" })}\n`,
      "\n",
      recordLine("c1", "s1", "1/chess/6-5/3", won, false),
    ].join("");
    const { games, other } = readRecord(text, "c1", "s1");
    expect([...games.keys()]).toEqual(["1/chess/6-5/3"]);
    expect(other).toBe(4);
  });

  const folder = mkdtempSync(join(tmpdir(), "code-version-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("names the code by the content of the rules, the bot and the referee", () => {
    const root = join(folder, "a");
    cpSync(join(process.cwd(), "lib", "bot"), join(root, "lib", "bot"), { recursive: true });
    cpSync(join(process.cwd(), "lib", "rules"), join(root, "lib", "rules"), { recursive: true });
    cpSync(join(process.cwd(), "bench", "bot-games.ts"), join(root, "bench", "bot-games.ts"));
    const before = codeVersion(root);
    expect(before).toBe(codeVersion(process.cwd()));
    writeFileSync(join(root, "lib", "rules", "variants", "new-game.ts"), "export {};\n");
    const added = codeVersion(root);
    expect(added).not.toBe(before);
    writeFileSync(join(root, "bench", "bot-games.ts"), "// changed\n", { flag: "a" });
    expect(codeVersion(root)).not.toBe(added);
  });
});

describe("the bench's worker pool", () => {
  // A worker that answers each job with its index doubled, as serveJobs would.
  const doubler = new URL(`data:text/javascript,${encodeURIComponent(
    "import { parentPort } from 'node:worker_threads'; parentPort.on('message', (j) => parentPort.postMessage({ index: j.index, result: j.index * 2 }));",
  )}`);
  const jobs = Array.from({ length: 9 }, (_, index) => ({ index }));

  it("plays every job, each once, on the workers given", async () => {
    const heard: number[] = [];
    await inWorkers<{ index: number }, number>(doubler, jobs, 2, null, (job, result) => heard.push(result - job.index));
    expect(heard.sort((a, b) => a - b)).toEqual(jobs.map((j) => j.index));
  });

  it("plays only the jobs wanted when their turn comes, and ends when none is", async () => {
    const heard: number[] = [];
    // Once job 4 is in, nothing after it is wanted: as a pairing decided.
    await inWorkers<{ index: number }, number>(doubler, jobs, 1, null, (job) => heard.push(job.index), (job) => !heard.includes(4) && job.index % 2 === 0);
    expect(heard).toEqual([0, 2, 4]);
    await inWorkers<{ index: number }, number>(doubler, jobs, 2, null, () => heard.push(-1), () => false);
    expect(heard).toEqual([0, 2, 4]);
  });
});
