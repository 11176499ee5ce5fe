/**
 * Helpers for the playing tests: two signed-in players in their own browser
 * contexts, a game started the way people start one (a challenge by name, accepted
 * on the invitation page from the emailed link), and moves made on the board.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openPostgres } from "../../../lib/db/client";
import { games, users } from "../../../lib/db/schema";
import { TEST_POSTGRES_URL } from "../../../lib/db/testing";
import { submitMove } from "../../../lib/games";
import { Game, chosenSetupFen, variantInfo } from "../../../lib/rules";
import { drawing, type ArtId, type PieceSet } from "../../../app/_components/pieces/art";
import { APP_URL, linkIn, mailCount, signIn, uniqueEmail, uniqueName, waitForMail } from "./fixtures";

export interface Player {
  page: Page;
  name: string;
  email: string;
}

export async function newPlayer(browser: Browser, who: string): Promise<Player> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(who.toLowerCase());
  const name = uniqueName(who);
  await signIn(page, email, name);
  return { page, name, email };
}

/**
 * `challenger` challenges `opponent` by name to `variant`, playing `colour`; the
 * opponent accepts through the invitation email. Returns the game's path; both
 * pages are on the game, White's showing "Your move.", or in a game whose players choose
 * their setups first (Janggi), Black's showing "Choose your setup." (chooseSetups goes on).
 * A game with numbered setups (Chess960) starts from `setup` when given, chosen in the
 * form; else from one drawn at random.
 */
export async function startGame(
  challenger: Player, opponent: Player, variant: string, colour: "White" | "Black", visibility: "Public" | "Private" = "Public",
  setup?: number,
): Promise<string> {
  const before = await mailCount(opponent.email, /invites you/);
  const page = challenger.page;
  await page.goto(`/challenge?variant=${variant}&opponent=${opponent.name}`);
  await expect(page.getByLabel("Game")).toHaveValue(variant);
  await expect(page.getByLabel("Player name")).toHaveValue(opponent.name);
  // The form names the sides as the game's players do (Red for Xiangqi's White).
  await page.getByRole("radio", { name: variantInfo(variant).sideNames[colour === "White" ? 0 : 1], exact: true }).check();
  await page.getByRole("radio", { name: new RegExp(`^${visibility}:`) }).check();
  if (setup !== undefined) {
    await page.getByRole("radio", { name: /^Number/ }).check();
    await page.getByLabel("Setup number").fill(String(setup));
  }
  await page.getByRole("button", { name: "Send challenge" }).click();
  await expect(page).toHaveURL(/\/games\/[^/?]+$/);
  const path = new URL(page.url()).pathname;
  // A challenge by name names its player until they accept.
  await expect(page.getByText(`Waiting for ${opponent.name} to accept the challenge.`)).toBeVisible();
  await expect(status(page)).toHaveText(`This challenge to ${opponent.name} has not been accepted yet.`);

  const mail = await waitForMail(opponent.email, /invites you/, before);
  await opponent.page.goto(linkIn(mail, `${APP_URL}/invitations/`));
  await expect(opponent.page.getByRole("heading", { level: 1 })).toHaveText(`${challenger.name} invites you to play`);
  await opponent.page.getByRole("button", { name: "Accept and play" }).click();
  await expect(opponent.page).toHaveURL(path);

  // The challenger's open page notices the acceptance by itself.
  const [white, black] = colour === "White" ? [challenger.page, opponent.page] : [opponent.page, challenger.page];
  if (variantInfo(variant).chosenSetups.length > 0) await expect(status(black)).toHaveText("Choose your setup.");
  else await expect(status(white)).toHaveText("Your move.");
  return path;
}

/**
 * The players choose their setups (docs/games/janggi.md#choosing-the-setups): Black (Han)
 * first, from the small boards, confirmed; White's open page then offers White's choice by
 * itself (the state poll), showing Black's; White chooses and is to move.
 */
export async function chooseSetups(
  white: Page, black: Page, variant: string, choice: { white: number; black: number },
  /** Called with each chooser's page as it offers the setups (a screenshot, to be looked at). */
  offered?: (page: Page, side: "white" | "black") => Promise<unknown>,
): Promise<void> {
  const names = variantInfo(variant).chosenSetups;
  const chooser = (page: Page) => page.getByRole("region", { name: "Choose your setup" });
  await expect(chooser(white)).toHaveCount(0);
  for (const [page, index, side] of [[black, choice.black, "black"], [white, choice.white, "white"]] as const) {
    await expect(status(page)).toHaveText("Choose your setup.", { timeout: 15_000 });
    await expect(chooser(page).getByRole("listitem")).toHaveCount(names.length);
    // Each small board shows the other side as it stands: to Black, who chooses first, White's
    // points that White's choice decides are empty; to White, Black's chosen setup.
    const boardOf = (w: number, b: number) => Game.start(variant, chosenSetupFen(variant, w, b)).board();
    const board = chooser(page).getByRole("listitem").first();
    if (side === "black") {
      const open = boardOf(0, 0).filter((s, k) => names.some((_, i) => JSON.stringify(boardOf(i, 0)[k].pieces) !== JSON.stringify(s.pieces)));
      expect(open.length).toBeGreaterThan(0);
      for (const s of open) await expect(board.locator(`[data-piece][data-at="${s.square}"]`)).toHaveCount(0);
    } else {
      const theirs = boardOf(0, choice.black).filter((s) => s.square.endsWith(String(variantInfo(variant).ranks)) && s.pieces.length > 0);
      for (const s of theirs) await expect(board.locator(`[data-piece="b${s.pieces[0].letter}"][data-at="${s.square}"]`)).toHaveCount(1);
    }
    await offered?.(page, side);
    await chooser(page).getByRole("button", { name: names[index], exact: true }).click();
    const confirm = page.getByRole("group", { name: "Confirm setup" });
    await expect(confirm).toContainText(`Play with ${names[index]}?`);
    await confirm.getByRole("button", { name: "Choose this setup" }).click();
    await expect(chooser(page)).toHaveCount(0);
    await expect(page.getByText(`You chose ${names[index]}.`, { exact: true })).toBeVisible();
  }
  await expect(status(white)).toHaveText("Your move.");
  await expect(status(black)).toHaveText(/^Waiting for .+ to move\.$/, { timeout: 15_000 });
}

export const status = (page: Page) => page.getByRole("region", { name: "Game status" }).locator("p").first();
export const square = (page: Page, name: string) => page.locator(`[data-square="${name}"]`);
export const moveList = (page: Page) => page.getByRole("table", { name: "Moves" });
export const pieceAt = (page: Page, code: string, at: string) => page.locator(`[data-piece="${code}"][data-at="${at}"]`);

/**
 * Checks which way up the board is drawn on `page`: its label, the squares at its
 * corners where they appear on screen (a1 bottom left with White at the bottom, the
 * far corner there with Black), and the player bars (the bottom one is that side's).
 */
export async function expectBoardOrientation(page: Page, variant: string, bottom: "white" | "black"): Promise<void> {
  const { files, ranks, sideNames } = variantInfo(variant);
  const board = page.getByRole("region", { name: "Board" });
  // The board is an "application" where it takes moves, an "img" where it does not (the hands' pieces are small images too).
  await expect(board.locator("svg[data-variant][aria-label]")).toHaveAttribute("aria-label", new RegExp(`board, ${files}×${ranks}, ${sideNames[bottom === "white" ? 0 : 1]} at the bottom$`));
  const last = String.fromCharCode(96 + files);
  const white = { bottomLeft: "a1", bottomRight: `${last}1`, topLeft: `a${ranks}`, topRight: `${last}${ranks}` };
  const expected = bottom === "white"
    ? white
    : { bottomLeft: white.topRight, bottomRight: white.topLeft, topLeft: white.bottomRight, topRight: white.bottomLeft };
  const corners = await board.locator("[data-square]").evaluateAll((rects) => {
    const boxes = rects.map((r) => ({ square: r.getAttribute("data-square")!, box: r.getBoundingClientRect() }));
    const most = (score: (b: DOMRect) => number) => boxes.reduce((a, b) => (score(b.box) > score(a.box) ? b : a)).square;
    return {
      bottomLeft: most((b) => b.bottom - b.left), bottomRight: most((b) => b.bottom + b.right),
      topLeft: most((b) => -b.top - b.left), topRight: most((b) => b.right - b.top),
    };
  });
  expect(corners).toEqual(expected);
  const other = bottom === "white" ? "black" : "white";
  const bars = board.locator("p[data-colour]");
  await expect(bars).toHaveCount(2);
  await expect(bars.first()).toHaveAttribute("data-colour", other);
  await expect(bars.last()).toHaveAttribute("data-colour", bottom);
}

/** Clicks the squares in order (pick up, put down, and any further steps of the move). */
export async function clickSquares(page: Page, ...squares: string[]): Promise<void> {
  for (const s of squares) await square(page, s).click();
}

/**
 * The button of a piece in `side`'s hand, as the hand names it ("Put down: White Chariot ×2",
 * "Put down: Sente Pawn": the side in the game's words; the hand is found by its colour).
 */
export const handPiece = (page: Page, side: "White" | "Black", name: string) =>
  page.locator(`[data-colour="${side.toLowerCase()}"]`).getByRole("button", { name: new RegExp(`^Put down: \\S+ ${name}( ×\\d+)?$`) });

/** Drags a piece from the hand onto a square with the mouse, as a player would: press, move, release. */
export async function dragFromHand(page: Page, side: "White" | "Black", name: string, to: string): Promise<void> {
  // Both ends on the screen, the hand nearest the square: the bottom hand shown at the bottom edge, the top at the top.
  await square(page, to).scrollIntoViewIfNeeded();
  await handPiece(page, side, name).scrollIntoViewIfNeeded();
  const from = await handPiece(page, side, name).boundingBox();
  const target = await square(page, to).boundingBox();
  if (!from || !target) throw new Error(`no ${side} ${name} in hand, or no square ${to}`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Confirms the move waiting on `page`, checks its text, and waits until the server took it. */
export async function confirmMove(page: Page, text: string): Promise<void> {
  const confirm = page.getByRole("group", { name: "Confirm move" });
  await expect(confirm).toContainText(`Send ${text}?`);
  await confirm.getByRole("button", { name: "Send move" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(moveList(page).locator("td", { hasText: text }).last()).toHaveText(text);
}

/** A move by clicking: the squares, then the confirmation. */
export async function clickMove(page: Page, text: string, ...squares: string[]): Promise<void> {
  await clickSquares(page, ...squares);
  await confirmMove(page, text);
}

/**
 * Checks that the piece `code` at `at` is drawn with the drawing `art` (app/_components/pieces/art.ts)
 * in the piece set `set`, not another piece's nor the lettered disc of a piece without one.
 * A tile of the side at the top is drawn turned round, inside one more group.
 */
export async function expectDrawnAs(page: Page, code: string, at: string, art: ArtId, set: PieceSet = "traditional"): Promise<void> {
  const shapes = drawing(art, set, code[0] === "w" ? "white" : "black");
  const paths = pieceAt(page, code, at).locator(':scope > path:not([data-badge]), :scope > g[transform^="rotate"] > path');
  await expect(paths).toHaveCount(shapes.length);
  expect(await paths.evaluateAll((els) => els.map((e) => e.getAttribute("d")))).toEqual(shapes.map((shape) => shape.d));
}

/** A move typed in the notation box, then confirmed. */
export async function typeMove(page: Page, text: string, canonical = text): Promise<void> {
  await page.getByLabel("Move in notation").fill(text);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await confirmMove(page, canonical);
}

/**
 * A move made on the board: the squares clicked, after picking the piece named
 * `fromHand` (as the hand names it: "Elephant") for a drop; `choose`, the button
 * then chosen where the clicks could mean several moves ("Dragon horse").
 */
export interface ClickedMove {
  text: string;
  clicks: string[];
  fromHand?: string;
  choose?: string;
}

/**
 * Plays moves alternately on White's and Black's pages: typed in the notation box,
 * or clicked where given as a ClickedMove. Each page is reloaded for its turn
 * rather than left to notice the move by polling (tested in play.spec.ts):
 * quicker, for reaching a position. `ply`: how many moves the game has already (White's turn when even).
 */
export async function typeMoves(white: Page, black: Page, moves: (string | ClickedMove)[], ply = 0): Promise<void> {
  for (const [k, move] of moves.entries()) {
    const i = ply + k;
    const page = i % 2 === 0 ? white : black;
    if (i > 0) await page.reload();
    await expect(status(page)).toHaveText("Your move.");
    if (typeof move === "string") {
      await typeMove(page, move);
      continue;
    }
    if (move.fromHand) {
      const side = i % 2 === 0 ? "White" as const : "Black" as const;
      await handPiece(page, side, move.fromHand).click();
    }
    await clickSquares(page, ...move.clicks);
    if (move.choose) await page.getByRole("button", { name: move.choose, exact: true }).click();
    await confirmMove(page, move.text);
  }
}

/**
 * Moves played by the game service itself (lib/games submitMove, what the move action calls
 * after its zod parse), on the app's database, each by the player to move: the way to a
 * position when what the test proves is what follows it on the page. The pages learn of them
 * by their poll or a reload; the moves' emails go out as for any move.
 */
export async function serviceMoves(path: string, white: Player, black: Player, moves: string[]): Promise<void> {
  if (moves.length === 0) return;
  const handle = await openPostgres(`${TEST_POSTGRES_URL}/${process.env.E2E_DB_NAME}`, { max: 1 });
  try {
    const { db } = handle;
    const idOf = async (p: Player) => (await db.select().from(users).where(eq(users.email, p.email.toLowerCase())))[0].id;
    const [whiteId, blackId] = [await idOf(white), await idOf(black)];
    const gameId = path.split("/").pop()!;
    for (const move of moves) {
      const [{ ply }] = await db.select({ ply: games.ply }).from(games).where(eq(games.id, gameId));
      await submitMove(db, ply % 2 === 0 ? whiteId : blackId, { gameId, expectedPly: ply, move });
    }
  } finally {
    await handle.close();
  }
}
