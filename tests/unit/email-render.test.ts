/**
 * lib/mail/render.ts renders each email once and takes its plain text from that HTML: the text must
 * be what React Email's own plain-text render of the template gives, for every template.
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail } from "@/lib/mail/render";
import { templates, type EmailKind } from "@/lib/mail/templates";

const site = { siteUrl: "https://courier.example", gameUrl: "https://courier.example/games/g1" };
const deadline = "2026-12-04 12:00 UTC";
/** Data for every template, with the optional parts present (links, quotes, lists). */
const samples: { [K in EmailKind]: unknown } = {
  "your-turn": { ...site, opponent: "Alice", variantName: "Chess", lastMove: "e4", said: "good luck", moveNumber: 3, side: "White", deadline, boardImageUrl: "https://courier.example/b.png", stopRepliesUrl: "https://courier.example/reply-by-email/ab" },
  "game-over": { ...site, opponent: "Alice", variantName: "Chess", outcome: "You won", how: "by resignation", result: "1-0" },
  invitation: { siteUrl: site.siteUrl, acceptUrl: "https://courier.example/invitations/t", from: "Alice", variantName: "Chess", daysPerMove: 3, colour: "White" },
  reminder: { ...site, opponent: "Alice", variantName: "Chess", timeLeft: "about an hour", deadline },
  vacation: { siteUrl: site.siteUrl, opponent: "Alice", games: [{ url: site.gameUrl, variantName: "Chess" }], away: true },
  "choose-setup": { ...site, opponent: "Alice", variantName: "Janggi", opponentChose: "Elephants inside", thenMove: true, deadline },
  digest: { siteUrl: site.siteUrl, games: [{ url: site.gameUrl, opponent: "Alice", variantName: "Chess", deadline }] },
  "draw-offer": { ...site, opponent: "Alice", variantName: "Chess" },
  "reply-answer": { ...site, opponent: "Alice", variantName: "Chess", refused: "no such move", legalMoves: ["e4", "d4"], moreMoves: 18 },
};

describe("an email rendered once", () => {
  it.each(Object.keys(templates) as EmailKind[])("%s: the HTML and plain text React Email renders for it", async (kind) => {
    const t = templates[kind];
    const element = createElement(t.component, t.props.parse(samples[kind]) as object);
    const mine = await renderEmail(element);
    expect(mine.html).toBe(await render(element));
    expect(mine.text).toBe(await render(element, { plainText: true }));
    expect(mine.text.length).toBeGreaterThan(50);
  });
});
