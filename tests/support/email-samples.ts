/** Data for every email template, with the optional parts present (links, quotes, lists): for tests and bench/email-render.ts. */
import type { EmailKind } from "@/lib/mail/templates";

const site = { siteUrl: "https://courier.example", gameUrl: "https://courier.example/games/g1" };
const deadline = "2026-12-04 12:00 UTC";
export const emailSamples: { [K in EmailKind]: unknown } = {
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
