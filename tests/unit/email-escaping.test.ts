/**
 * Output encoding in emails: a name or move text with markup reaches the HTML part
 * as text (React escapes it), and the sign-in email escapes its link. Display names
 * are restricted to letters, digits, - and _ anyway; this holds should that change.
 */
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import ChooseSetup from "@/emails/choose-setup";
import Digest from "@/emails/digest";
import GameOver from "@/emails/game-over";
import Invitation from "@/emails/invitation";
import Reminder from "@/emails/reminder";
import Vacation from "@/emails/vacation";
import YourTurn from "@/emails/your-turn";
import { sendSignInEmail } from "@/lib/auth/signin-email";
import type { Email, MailTransport } from "@/lib/mail/transport";
import { renderEmail } from "@/lib/mail/render";

const EVIL = `<img src=x onerror="alert(1)">&<script>alert(2)</script>`;
const site = { siteUrl: "https://courier.example", gameUrl: "https://courier.example/games/g1" };

describe("emails escape what users wrote", () => {
  it("every template shows a hostile name as text", async () => {
    const emails = [
      createElement(YourTurn, { ...site, opponent: EVIL, variantName: "Chess", lastMove: EVIL, moveNumber: 3, side: "White", deadline: "2026-12-04 12:00 UTC", boardImageUrl: "https://courier.example/b.png" }),
      createElement(GameOver, { ...site, opponent: EVIL, variantName: "Chess", outcome: "You won", how: "by resignation", result: "1-0" }),
      createElement(Invitation, { siteUrl: site.siteUrl, acceptUrl: "https://courier.example/invitations/t", from: EVIL, variantName: "Chess", daysPerMove: 3, colour: "White" }),
      createElement(Reminder, { ...site, opponent: EVIL, variantName: "Chess", timeLeft: "about an hour", deadline: "2026-12-04 12:00 UTC" }),
      createElement(Vacation, { siteUrl: site.siteUrl, opponent: EVIL, games: [{ url: site.gameUrl, variantName: "Chess" }], away: true }),
      createElement(ChooseSetup, { ...site, opponent: EVIL, variantName: "Janggi", opponentChose: EVIL, thenMove: true, deadline: "2026-12-04 12:00 UTC" }),
      createElement(Digest, { siteUrl: site.siteUrl, games: [{ url: site.gameUrl, opponent: EVIL, variantName: "Chess", deadline: "2026-12-04 12:00 UTC" }] }),
    ];
    for (const e of emails) {
      const { html } = await renderEmail(e as never);
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<script>alert");
      expect(html).toContain("&lt;img src=x");
    }
  });

  it("the sign-in email escapes its link in the HTML part", async () => {
    let sent: Email | null = null;
    const transport: MailTransport = { kind: "smtp", send: async (e) => void (sent = e), close: async () => {} };
    await sendSignInEmail(transport, "a@example.test", `https://courier.example/api/auth/callback/email?token=t&email=a%40b"><script>alert(1)</script>`);
    expect(sent!.html).not.toContain("<script>");
    expect(sent!.html).toContain("&amp;email=");
  });
});
