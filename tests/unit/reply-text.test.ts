// The move line of a reply (lib/mail/reply-text.ts, docs/reply-by-email.md#what-is-read).
import { describe, expect, it } from "vitest";
import { REPLY_TEXT_LIMITS, replyMoveLine } from "@/lib/mail/reply-text";

const move = (body: { text?: string | null; html?: string | null }) => {
  const r = replyMoveLine(body);
  return "move" in r ? r.move : null;
};

describe("the move line of a reply", () => {
  it("is the first line, trimmed, its spaces collapsed, whatever the line endings", () => {
    expect(move({ text: "P e2-e4\n\nOn Tue, 1 Dec 2026 at 12:00, Courier Variants wrote:\n> It is your move" })).toBe("P e2-e4");
    expect(move({ text: "\r\n  \r\n   N   g1-f3  \r\nthanks" })).toBe("N g1-f3");
    expect(move({ text: "\rQ d2-d5; P*d6\r" })).toBe("Q d2-d5; P*d6");
  });

  it("is no move when the reply begins with quoted text", () => {
    expect(replyMoveLine({ text: "> It is your move\n> P e2-e4" })).toEqual({ refused: expect.stringMatching(/no move in its first line/) });
    expect(move({ text: "\n\n> quoted\nP e2-e4" })).toBeNull();
  });

  it("is no move when the reply begins with a quote header, one line or wrapped", () => {
    expect(move({ text: "On Tue, 1 Dec 2026 at 12:00, Courier Variants <move+abc@reply.example.org> wrote:\n> text" })).toBeNull();
    expect(move({ text: "On Tue, 1 Dec 2026 at 12:00 Courier Variants <\nmove+abc@reply.example.org> wrote:\n> text" })).toBeNull();
    expect(move({ text: "Am 01.12.2026 um 12:00 schrieb Courier Variants:\n> text" })).toBeNull();
    expect(move({ text: "Le mar. 1 déc. 2026, Courier Variants a écrit :\n> text" })).toBeNull();
  });

  it("is no move when the reply begins with a signature or a mobile footer", () => {
    for (const first of ["-- ", "--", "Sent from my iPhone", "Get Outlook for Android", "Sent from Mail for Windows",
      "________________________________", "-----Original Message-----", "From: Courier Variants <noreply@example.org>", "Von meinem iPhone gesendet"]) {
      expect(move({ text: `\n${first}\nAlice\n> P e2-e4` }), first).toBeNull();
    }
    // Below the move they change nothing.
    expect(move({ text: "K e1-g1\n-- \nAlice\nSent from my iPhone" })).toBe("K e1-g1");
  });

  it("reads an HTML-only reply without its quoted email, images or link targets", () => {
    const gmail = `<div dir="ltr">B f1-c4<br></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Dec 1, 2026 wrote:<br></div>` +
      `<blockquote class="gmail_quote">It is your move. P e7-e5</blockquote></div>`;
    expect(move({ html: gmail })).toBe("B f1-c4");
    expect(move({ text: "", html: `<p><img src="cid:logo"> <a href="https://evil.example">P d2-d4</a></p><blockquote>old</blockquote>` })).toBe("P d2-d4");
    expect(move({ text: " \n ", html: "<blockquote>P e2-e4</blockquote>" })).toBeNull();
    expect(move({ html: "<style>p{color:red}</style><script>alert(1)</script><p>&nbsp;P&nbsp;e2-e4&nbsp;</p>" })).toBe("P e2-e4");
  });

  it("prefers the plain text part when it has any text", () => {
    expect(move({ text: "P e2-e4", html: "<p>N g1-f3</p>" })).toBe("P e2-e4");
  });

  it("is no move in an empty reply", () => {
    for (const body of [{}, { text: "" }, { text: null, html: null }, { text: "\n \t\n" }, { html: "" }, { html: "<p> </p><br>" }]) {
      expect(move(body), JSON.stringify(body)).toBeNull();
    }
  });

  it("strips invisible, control and direction-changing characters a hostile reply may hide in the move", () => {
    expect(move({ text: "\ufeff\u200bP e2\u202e-e4\u0000\u0007\n" })).toBe("P e2-e4");
    expect(move({ text: "\u00a0\u2003P\u00a0e2-e4" })).toBe("P e2-e4");
    // Nothing but invisible characters is an empty line.
    expect(move({ text: "\u200b\u200d\ufeff\nN b1-c3" })).toBe("N b1-c3");
  });

  it("refuses a first line too long for a move, and reads no further than its limits in a huge reply", () => {
    const long = replyMoveLine({ text: `${"P e2-e4; ".repeat(100)}\nmore` });
    expect(long).toEqual({ refused: expect.stringMatching(/too long for a move/) });
    // A reply of megabytes is cut, not read: its first line is still found, a line beyond the cut never is.
    expect(move({ text: `N g1-f3\n${"x".repeat(5_000_000)}` })).toBe("N g1-f3");
    expect(move({ text: `${"\n".repeat(REPLY_TEXT_LIMITS.textChars)}P e2-e4` })).toBeNull();
    expect(move({ html: `${"<br>".repeat(REPLY_TEXT_LIMITS.htmlChars / 4)}<p>P e2-e4</p>` })).toBeNull();
    // Deep or wide hostile HTML ends within the converter's limits, not in a stack overflow.
    expect(move({ html: `<p>P e2-e4</p>${"<div>".repeat(50_000)}x` })).toBe("P e2-e4");
  });

  it("keeps a first line that only looks like a header when the next lines do not end one", () => {
    expect(move({ text: "O-O\n> On Tue wrote:" })).toBe("O-O");
    expect(move({ text: "on the whole I resign\nAlice" })).toBe("on the whole I resign");
  });
});
