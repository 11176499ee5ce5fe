/**
 * The rules tool's bot command (docs/rules-tool.md#bot): one legal move in canonical text;
 * bad options and finished games one line on stderr, exit 2. Its wiring is outside lib/rules
 * (scripts/rules-cli.ts): lib/bot imports lib/rules, and lib/rules nothing of lib/bot.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Game, MultiGame } from "@/lib/rules";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function bot(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, "scripts/rules.mjs"), "bot", ...args], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

describe("rules bot", () => {
  it("prints one legal move: the mate where there is one", async () => {
    const mate = await bot("chess", "6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1", "--ms", "3000");
    expect(mate).toEqual({ code: 0, stdout: "R e1-e8\n", stderr: "" });
    const start = await bot("shogi", "start", "--level", "3", "--ms", "2000");
    expect(start.code).toBe(0);
    expect(Game.start("shogi").play(start.stdout.trim())).toBe(start.stdout.trim());
  });

  it("the games for more than two: one legal move on N-FEN (docs/bot.md#games-for-more-than-two)", async () => {
    const start = await bot("four-player", "start", "--level", "3");
    expect(start.code).toBe(0);
    expect(MultiGame.start("four-player").play(start.stdout.trim())).toBe(start.stdout.trim());
    // Chaturaji: Red's boat takes Blue's king rather than Yellow's boat.
    const king = await bot("chaturaji", "7yK/8/8/3bK4/8/2yR5/7gK/rKrN1rR4 r r0,b0,y0,g0 - - 0 1", "--ms", "2000");
    expect(king).toEqual({ code: 0, stdout: "R d1-d5\n", stderr: "" });
  });

  it.each([
    [["four-player", "start", "--level", "0"]],
    [["four-seasons", "7wK/8/8/8/8/8/8/8 w g0x,r0x,b0x,w0 - - 0 1"]],
    [["chess", "start", "--level", "9"]],
    [["chess", "start", "--ms", "0"]],
    [["chess", "start", "--depth", "3"]],
    [["chess", "start", "--ms"]],
    [["chess", "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"]],
    [["nochess", "start"]],
  ])("refuses %j with one line and exit 2", async (args) => {
    const r = await bot(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});

it("lib/rules imports nothing of lib/bot (the bot imports the rules: no cycle)", () => {
  const rules = join(ROOT, "lib/rules");
  const files = readdirSync(rules, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
  expect(files.length).toBeGreaterThan(20);
  const intoBot = files.flatMap((f) => {
    const text = readFileSync(join(rules, f), "utf8");
    return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]).filter((spec) => {
      const target = spec.startsWith("@/") ? join(ROOT, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(join(rules, f)), spec) : null;
      return target !== null && !relative(join(ROOT, "lib/bot"), target).startsWith("..");
    }).map((spec) => `${f}: ${spec}`);
  });
  expect(intoBot).toEqual([]);
});
