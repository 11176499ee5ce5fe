/**
 * Each new game played end to end as two players play it: a challenge by name
 * (Chess960 from a setup number chosen in the form), accepted from the emailed
 * invitation; a short game to its end (checkmate, an exploded king, no legal move…),
 * typed in the move box but for the moves made on the board with what is new in that
 * game (support/family-games.ts, support/games/<id>.ts: a drop, a promotion chosen, a
 * duck's square), a typed move of a form the box took already played by the game service
 * (playGame); its own pieces drawn with their own drawings; the "your move" emails;
 * the finished game in the archive, and its downloaded record replaying to the same end.
 * Also: a Chess960 setup drawn at random is one of the 960.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { handsFillDuringPlay } from "../../app/_components/move-builder";
import { chosenSetupFen, parseGameRecord, unwrap, variantInfo, type EndReason } from "../../lib/rules";
import { chess960Rank, CHESS960_SETUPS } from "../../lib/rules/variants/chess960";
import { APP_URL, linkIn, waitForMail } from "./support/fixtures";
import { FAMILY_GAMES, GAME_FILES } from "./support/family-games";
import {
  chooseSetups, expectDrawnAs, newPlayer, serviceMoves, startGame, status, typeMoves, type ClickedMove, type Player,
} from "./support/play";

let white: Player;
let black: Player;

test.beforeAll(async ({ browser }) => {
  white = await newPlayer(browser, "Wazir");
  black = await newPlayer(browser, "Bidaq");
});

/** A rank of the board as White's piece letters from the a-file, "." for an empty square. */
async function rankOf(page: Page, rank: number): Promise<string> {
  const files = "abcdefgh";
  const pieces = await page.locator("[data-piece][data-at]").evaluateAll((els) =>
    els.map((e) => [e.getAttribute("data-at")!, e.getAttribute("data-piece")!] as const));
  const at = new Map(pieces);
  return [...files].map((f) => {
    const code = at.get(`${f}${rank}`);
    return code ? (code[0] === "w" ? code[1] : code[1].toLowerCase()) : ".";
  }).join("");
}

/** How the status line and the archive word each end the games reach (lib/games/notify.ts words them for the service). */
const ENDINGS: Partial<Record<EndReason, string>> = {
  checkmate: "by checkmate",
  "king-exploded": "by blowing up the king",
  "king-captured": "by capturing the king",
  "no-legal-move": "with no legal move left",
  "double-pass": "on points after both players passed",
};
function ending(reason: EndReason): string {
  const words = ENDINGS[reason];
  if (!words) throw new Error(`family-games.spec.ts: say how the page words the end "${reason}" in ENDINGS`);
  return words;
}

const moveText = (m: string | { text: string }) => (typeof m === "string" ? m : m.text);

/** The form of a move's text, its pieces and squares aside ("P e2-e4" and "N g1-f3": "X §-§"). */
const form = (text: string) => text.replace(/[a-z]\d+/g, "§").replace(/[A-Za-z]/g, "X");

/**
 * Plays the game. On the pages: the first two moves (their emails are read below), each move made
 * by clicking, the last (which ends the game), and the first typed move of each form of move text
 * the game uses. A typed move of a form the box took already in this game only leads on to
 * those: the game service plays it, as the move action would (serviceMoves), which spares a
 * page load and a confirmation per move in games like Antichess's thirty-two.
 */
async function playGame(path: string, moves: (string | ClickedMove)[]): Promise<void> {
  const typed = new Set<string>();
  const onPage = moves.map((m, i) => {
    if (typeof m !== "string") return true;
    const page = i < 2 || i === moves.length - 1 || !typed.has(form(m));
    typed.add(form(m));
    return page;
  });
  for (let i = 0; i < moves.length;) {
    let j = i;
    while (j < moves.length && onPage[j] === onPage[i]) j++;
    if (onPage[i]) await typeMoves(white.page, black.page, moves.slice(i, j), i);
    else await serviceMoves(path, white, black, moves.slice(i, j).map(moveText));
    i = j;
  }
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const c of [...FAMILY_GAMES, ...GAME_FILES]) {
  const end = ending(c.reason);
  test(`${c.variant}: challenged, accepted and played to its end ${end}, with ${c.clicked} by clicking`, async () => {
    test.slow(); // a game started by email and up to a dozen moves on the pages, each on a reloaded page
    const info = variantInfo(c.variant);
    const path = await startGame(white, black, c.variant, "White", "Public", c.setup);
    const id = path.split("/")[2];
    if (c.setup !== undefined) {
      // The board shows the chosen setup: White's pieces behind the pawns, Black's mirroring them.
      const back = chess960Rank(c.setup);
      expect(await rankOf(white.page, 1)).toBe(back);
      expect(await rankOf(black.page, 8)).toBe(back.toLowerCase());
    }
    if (c.setups) {
      // Before the first move each player chooses a setup on the page; the game starts from both.
      await chooseSetups(white.page, black.page, c.variant, c.setups, (page, side) =>
        page.screenshot({ path: test.info().outputPath(`${c.variant}-choosing-${side}.png`), fullPage: true, animations: "disabled" }));
      const start = chosenSetupFen(c.variant, c.setups.white, c.setups.black);
      expect((await white.page.request.get(`${path}/state`).then((r) => r.json())).startFen).toBe(start);
    }
    const handsStay = handsFillDuringPlay(c.variant);
    if (info.startFen.includes("[") && !handsStay) {
      // The setup: every piece but the pawns starts in hand, shown beside the board.
      for (const side of ["White", "Black"]) {
        await expect(white.page.getByRole("list", { name: `${side}'s pieces in hand` }).getByRole("listitem")).toHaveCount(5);
      }
    }

    await playGame(path, c.moves);

    const [won, lost] = c.winner === "white" ? [white, black] : [black, white];
    const score = c.winner === "white" ? "1-0" : "0-1";
    await expect(status(won.page)).toHaveText(`You won ${end} (${score}).`);
    await lost.page.reload();
    await expect(status(lost.page)).toHaveText(`You lost ${end} (${score}).`);
    // Hands that fill up during play stay in their places; a setup's are gone once it is done.
    await expect(white.page.getByRole("list", { name: /pieces in hand/ })).toHaveCount(handsStay ? 2 : 0);
    for (const [code, at, art] of c.drawn) await expectDrawnAs(won.page, code, at, art);
    // The final position, among the test artifacts to be looked at (animations finished).
    await won.page.screenshot({ path: test.info().outputPath(`${c.variant}.png`), fullPage: true, animations: "disabled" });

    // Each player was told of the other's move by email, with a link into the game.
    const [first, second] = c.moves.map(moveText);
    for (const [to, by, move] of [[black, white, first], [white, black, second]] as const) {
      const mail = await waitForMail(to.email, new RegExp(`^${escape(`${by.name} played ${move}: your move (${info.name})`)}$`));
      expect(new URL(linkIn(mail, `${APP_URL}/games/`)).pathname).toBe(path);
    }

    // The finished game is in the archive of its game, and opens from there.
    const page = white.page;
    await page.goto(`/games?variant=${c.variant}`);
    const row = page.locator(`tr[data-game="${id}"]`);
    await expect(row).toContainText(`${score} ${end}`);
    await row.getByRole("link", { name: info.name }).click();
    await expect(page).toHaveURL(path);
    await expect(status(page)).toContainText(end);

    // Its record replays, move by move, to the same end.
    const record = await page.request.get(`${path}/record`);
    expect(record.status()).toBe(200);
    const replayed = unwrap(parseGameRecord(await record.text()));
    expect(replayed.variant).toBe(c.variant);
    expect(replayed.moves).toEqual(c.moves.map(moveText));
    expect(replayed.result).toBe(score);
    expect(replayed.game.status()).toEqual({ result: `${c.winner}-wins`, reason: c.reason });
    if (c.setup !== undefined) expect(replayed.startFen.split(" ")[0].split("/")[7]).toBe(chess960Rank(c.setup));
    if (c.setups) expect(replayed.startFen).toBe(chosenSetupFen(c.variant, c.setups.white, c.setups.black));
  });
}

test("chess960: a setup drawn at random is one of the 960, the same for both players", async () => {
  await startGame(white, black, "chess960", "White");
  const back = await rankOf(white.page, 1);
  const all = Array.from({ length: CHESS960_SETUPS }, (_, n) => chess960Rank(n));
  expect(all).toContain(back);
  expect(await rankOf(white.page, 8)).toBe(back.toLowerCase());
  expect(await rankOf(black.page, 1)).toBe(back);
});
