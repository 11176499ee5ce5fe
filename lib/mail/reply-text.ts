/**
 * The move in a reply to a "your turn" email: the reply's first line, once what the mail
 * program added is set aside (docs/reply-by-email.md#what-is-read). Only the top of the reply is
 * read, so quoted text below it is never reached; a reply whose first line is quoted text, a
 * quote header ("On … wrote:"), a signature separator or a mobile footer holds no move.
 * Pure and bounded: every step is linear in input cut to REPLY_TEXT_LIMITS first.
 */
import { convert } from "html-to-text";

export const REPLY_TEXT_LIMITS = {
  /** Of the plain text read (the first line is near the top; a longer reply is cut, not refused). */
  textChars: 64_000,
  /** Of HTML converted, for a reply with no plain text. */
  htmlChars: 64_000,
  /** Of the move line: a move of several actions is far shorter. */
  lineChars: 200,
};

export type ReplyLine = { move: string } | { refused: string };

// Invisible and direction-changing characters a mail program or a hostile sender may put in
// (zero-width spaces, byte-order marks, bidirectional overrides) and control characters.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * "On Mon, 1 Dec 2026, Courier Variants <move+…> wrote:" and its forms in a few languages
 * ("Am … schrieb Courier Variants:"), on one line or wrapped over up to three.
 */
const QUOTE_VERB = /(^|\s)(wrote|writes|schrieb|a écrit|escribió|ha scritto|schreef|napisał|skrev|kirjoitti)(\s|:|$)/i;
const QUOTE_HEADER_END = /(wrote|writes|schrieb|a écrit|escribió|ha scritto|schreef|napisał|skrev|kirjoitti)\s*:?$/i;
const QUOTE_HEADER_START = /^(on|le|am|el|il|op|w dniu|den|em)\s/i;

/** What mail programs put below a reply or above the quoted email. */
const FOOTERS = [
  /^--\s*$/, // the signature separator "-- " (trimmed), and a bare "--"
  /^_{5,}$/, // Outlook's line above the quoted email
  /^-{3,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine)\s*-{3,}$/i,
  /^(from|von|de|da):\s/i, // the header block Outlook quotes
  /^sent from (my |mail for |yahoo mail|outlook)/i,
  /^get outlook for /i,
  /^(envoyé de mon|von meinem .* gesendet|enviado desde mi|inviato da)/i,
];

function clean(line: string): string {
  return line.replace(INVISIBLE, "").replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, " ").trim();
}

function htmlText(html: string): string {
  return convert(html.slice(0, REPLY_TEXT_LIMITS.htmlChars), {
    wordwrap: false,
    limits: { maxInputLength: REPLY_TEXT_LIMITS.htmlChars, maxDepth: 64, maxChildNodes: 2_000, ellipsis: "" },
    selectors: [
      // Quoted email in HTML: Gmail's, Apple Mail's and Thunderbird's blockquotes, Outlook's divider.
      { selector: "blockquote", format: "skip" },
      { selector: "div.gmail_quote", format: "skip" },
      { selector: "div#divRplyFwdMsg", format: "skip" },
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
      { selector: "style", format: "skip" },
      { selector: "script", format: "skip" },
    ],
  });
}

/**
 * The first line of a reply, the move its player wrote, or why there is none. The plain text
 * part is read when it has any text; an HTML-only reply is converted to text first.
 */
export function replyMoveLine(body: { text?: string | null; html?: string | null }): ReplyLine {
  const text = body.text && /\S/.test(body.text.slice(0, REPLY_TEXT_LIMITS.textChars))
    ? body.text
    : body.html
      ? htmlText(body.html)
      : "";
  const lines = text.slice(0, REPLY_TEXT_LIMITS.textChars).split(/\r\n|\r|\n/);
  const none = { refused: "your reply has no move in its first line: write the move on the first line, above the quoted email" };
  const at = lines.findIndex((l) => clean(l) !== "");
  if (at < 0) return none;
  const first = clean(lines[at]);
  if (first.startsWith(">") || first.startsWith("|")) return none;
  if (QUOTE_HEADER_END.test(first)) return none;
  if (QUOTE_HEADER_START.test(first)) {
    // Mail programs wrap a long quote header over a few lines.
    const header = [first, ...lines.slice(at + 1, at + 4).map(clean).filter((l) => l !== "").slice(0, 2)];
    const end = header.findIndex((l) => l.endsWith(":"));
    if (end >= 0 && QUOTE_VERB.test(header.slice(0, end + 1).join(" "))) return none;
  }
  if (FOOTERS.some((f) => f.test(first))) return none;
  const move = first.replace(/\s+/g, " ");
  if (move.length > REPLY_TEXT_LIMITS.lineChars) {
    return { refused: `the first line of your reply is too long for a move (${move.length} characters; a move is at most ${REPLY_TEXT_LIMITS.lineChars})` };
  }
  return { move };
}
