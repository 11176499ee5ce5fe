/**
 * Helpers for playing a game for more than two in the browser, one context a seat
 * (docs/games-for-more-than-two-service.md): the game created with a link from the first
 * army's seat, the other seats taken from it in turn order, moves made on the board (clicks)
 * or in the move box by whichever page's army is to move, as the rules say, each checked
 * against the "your turn" emails: the next player's only.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { MultiGame, multiGameInfo } from "../../../lib/rules";
import { APP_URL, linkIn, mails, waitForMail } from "./fixtures";
import { newPlayer, type Player } from "./play";

export interface Seat extends Player {
  army: string;
  armyName: string;
}

export const multiStatus = (page: Page) => page.getByRole("status").first();
// The page names a move it just heard first ("Red played P e2-e4. Your move.", docs/accessibility.md#the-opponents-move).
const turnText = (what: string) => new RegExp(`(^|\\. )${what}\\.$`);
const turnMail = (armyName: string) => new RegExp(`your move as ${armyName} \\(`);

/** A move: its text as the page writes it, and, to make it on the board, the cells clicked. */
export type TableMove = string | { text: string; clicks: string[] };

/** A game for more than two with a player in every seat, followed by the rules alongside. */
export class Table {
  readonly rules: MultiGame;
  readonly name: string;

  private constructor(readonly variant: string, readonly seats: Seat[], readonly path: string) {
    this.rules = MultiGame.start(variant);
    this.name = multiGameInfo(variant).name;
  }

  /**
   * Signs a player in for every army, the first creates the game by private link in its seat,
   * the others take theirs from the link; the game starts when the last is seated.
   */
  static async seat(browser: Browser, variant: string): Promise<Table> {
    const armies = multiGameInfo(variant).armies;
    const seats: Seat[] = [];
    for (const a of armies) seats.push({ ...(await newPlayer(browser, a.name)), army: a.letter, armyName: a.name });
    const first = seats[0].page;
    await first.goto(`/challenge?variant=${variant}`);
    await first.getByLabel("Your seat").selectOption(armies[0].letter);
    await first.getByRole("radio", { name: /^By private link/ }).check();
    await first.getByRole("button", { name: "Create the game" }).click();
    await expect(first).toHaveURL(/\/games\/[^/?]+$/);
    const path = new URL(first.url()).pathname;
    await expect(multiStatus(first)).toHaveText("Waiting for every seat to be taken.");
    const link = (await first.getByRole("region", { name: "Take a seat" }).locator("code").textContent())!;
    expect(link).toMatch(/\/invitations\/[0-9a-f]{32}$/);
    for (const s of seats.slice(1)) {
      await s.page.goto(link);
      await s.page.getByLabel("Your seat").selectOption({ label: s.armyName });
      await s.page.getByRole("button", { name: "Accept and play" }).click();
      await expect(s.page).toHaveURL(path);
    }
    const table = new Table(variant, seats, path);
    // The first army's open page notices by itself that the game has begun.
    await table.expectTurn();
    return table;
  }

  seatOf(army: string): Seat {
    return this.seats.find((s) => s.army === army)!;
  }

  toMove(): Seat {
    const s = this.rules.status();
    if (s.result !== "ongoing") throw new Error("the game is over");
    return this.seatOf(s.toMove);
  }

  /** Every page says whose turn it is: "Your move." on that player's, "Green to move." on the others'. */
  async expectTurn(): Promise<void> {
    const mover = this.toMove();
    for (const s of this.seats) {
      await expect(multiStatus(s.page)).toHaveText(turnText(s === mover ? "Your move" : `${mover.armyName} to move`), { timeout: 20_000 });
    }
  }

  /** The "your turn" emails every seat has received so far. */
  private async turnMails(): Promise<number[]> {
    const all = await mails();
    return this.seats.map((s) => all.filter((m) => m.to.includes(s.email.toLowerCase()) && turnMail(s.armyName).test(m.subject)).length);
  }

  /**
   * The player to move makes `move` on their page; then the next player, and only they, gets the
   * "your turn" email naming the move and linking to the game, and every page shows the new turn
   * (`check: false` skips those checks, for reaching a position quicker).
   */
  async play(move: TableMove, check = true): Promise<void> {
    const mover = this.toMove();
    const text = typeof move === "string" ? move : move.text;
    const before = check ? await this.turnMails() : [];
    const page = mover.page;
    await expect(multiStatus(page)).toHaveText(turnText("Your move"), { timeout: 20_000 });
    if (typeof move === "string") {
      await page.getByLabel("Move in notation").fill(text);
      await page.getByRole("button", { name: "Play", exact: true }).click();
    } else {
      for (const cell of move.clicks) await page.locator(`[data-cell="${cell}"]`).click();
    }
    await expect(page.getByRole("region", { name: "Moves" }).getByRole("listitem").last()).toHaveText(`${mover.armyName}: ${text}`);
    this.rules.play(text);
    if (!check || this.rules.status().result === "over") return;
    await this.expectMailTo(before, `${mover.name} played ${text}`);
    await this.expectTurn();
  }

  /** Plays a line without the checks after each move, then checks the turn (or the end) on every page. */
  async playLine(moves: readonly TableMove[]): Promise<void> {
    for (const m of moves) await this.play(m, false);
  }

  /** The player of `army` resigns from their page, in turn or not; the rules follow. */
  async resign(army: string): Promise<void> {
    const s = this.seatOf(army);
    const before = await this.turnMails();
    const moverBefore = this.toMove();
    await s.page.getByRole("button", { name: "Resign", exact: true }).click();
    await s.page.getByRole("button", { name: "Yes, resign" }).click();
    await expect(s.page.getByRole("button", { name: "Resign", exact: true })).toHaveCount(0);
    this.rules.eliminate(army, "resignation");
    await expect(s.page.getByRole("region", { name: "Seats" }).locator(`li[data-army="${army}"]`)).toContainText("out, resigned");
    if (this.rules.status().result === "over") return;
    // A resignation in turn passes the turn and mails the next player; one out of turn mails nobody.
    if (moverBefore === s) await this.expectMailTo(before, `${s.armyName} (${s.name}) resigned`);
    else expect(await this.turnMails()).toEqual(before);
    await this.expectTurn();
  }

  /** The player to move, and nobody else, got a new "your turn" email, its subject starting `news`. */
  private async expectMailTo(before: number[], news: string): Promise<void> {
    const next = this.toMove();
    const i = this.seats.indexOf(next);
    const mail = await waitForMail(next.email, turnMail(next.armyName), before[i]);
    expect(mail.subject).toBe(`${news}: your move as ${next.armyName} (${this.name})`);
    expect(new URL(linkIn(mail, `${APP_URL}/games/`)).pathname).toBe(this.path);
    for (const s of this.seats) if (s !== next) expect(mail.text).not.toContain(s.email);
    expect(await this.turnMails()).toEqual(before.map((n, k) => (k === i ? n + 1 : n)));
  }

  /** Every page shows the ending in words; every player gets the game-over email with their place as the rules give it. */
  async expectEnding(words: string): Promise<void> {
    const end = this.rules.status();
    if (end.result !== "over") throw new Error("the game is not over");
    for (const s of this.seats) {
      await expect(multiStatus(s.page)).toHaveText(new RegExp(`(^|\\. )${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), { timeout: 20_000 });
      const place = end.places[s.army];
      const outcome = end.winners.includes(s.army) ? "You won" : `You placed ${place}${["th", "st", "nd", "rd"][place] ?? "th"}`;
      expect((await waitForMail(s.email, /^You (won|placed)/)).subject).toBe(`${outcome} (${this.name}): ${words}`);
    }
  }

  /** The board as `army`'s player sees it (their army at the bottom), into test-results, to be looked at. */
  async shot(army: string, name: string): Promise<void> {
    const page = this.seatOf(army).page;
    await expect(page.getByRole("region", { name: "Board" }).locator("svg[role=application]")).toBeVisible();
    await page.getByRole("region", { name: "Board" }).screenshot({ path: test.info().outputPath(`${name}-${army}.png`), animations: "disabled" });
  }
}
