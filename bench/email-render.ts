/**
 * An email's render in the worker (lib/mail/render.ts renderEmail: the template's HTML once, its
 * plain text through React Email's converter compiled once) against the peer, React Email's
 * `render` and then its `toPlainText`, which compiles html-to-text's options again for every email.
 * Every template in turn, the two alternating round by round in one process; the plain-text step
 * is also timed alone. Exits non-zero if the two ever give different bodies.
 *
 *   npm run -s bench:email-render [-- --rounds 6 --emails 450]
 */
import { loadavg } from "node:os";
import { render, toPlainText } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import { plainText, renderEmail } from "../lib/mail/render";
import { templates, type EmailKind } from "../lib/mail/templates";
import { emailSamples } from "../tests/support/email-samples";
import { summary } from "./stats";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1]) || fallback;
const ROUNDS = option("--rounds", 6);
const EMAILS = option("--emails", 450);

const kinds = Object.keys(templates) as EmailKind[];
const elements: ReactElement[] = kinds.map((k) => createElement(templates[k].component, templates[k].props.parse(emailSamples[k]) as object));
const htmls = await Promise.all(elements.map((e) => render(e)));

const peer = async (e: ReactElement) => {
  const html = await render(e);
  return { html, text: toPlainText(html) };
};

for (const [i, e] of elements.entries()) {
  const [a, b] = [await renderEmail(e), await peer(e)];
  if (a.html !== b.html || a.text !== b.text) {
    console.error(`${kinds[i]}: the bodies differ from React Email's`);
    process.exit(1);
  }
}

/** ms an email over EMAILS emails, every template in turn. */
async function timed(run: (i: number) => unknown): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < EMAILS; i++) await run(i % elements.length);
  return (performance.now() - t0) / EMAILS;
}

const times = { app: [] as number[], peer: [] as number[], compiledText: [] as number[], peerText: [] as number[] };
// A first round of each warms the code up and is not counted.
for (let round = 0; round <= ROUNDS; round++) {
  const app = await timed((i) => renderEmail(elements[i]));
  const other = await timed((i) => peer(elements[i]));
  const compiledText = await timed((i) => plainText(htmls[i]));
  const peerText = await timed((i) => toPlainText(htmls[i]));
  if (round === 0) continue;
  times.app.push(app);
  times.peer.push(other);
  times.compiledText.push(compiledText);
  times.peerText.push(peerText);
}
const ms = (x: number) => `${x.toFixed(2)} ms`;
const [app, other, text, peerText] = [times.app, times.peer, times.compiledText, times.peerText].map((t) => summary(t).median);
console.log(`node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; ${kinds.length} templates, ${ROUNDS} rounds of ${EMAILS} emails each, medians of the rounds`);
console.log(`  an email, HTML and text: renderEmail ${ms(app)}, React Email's render + toPlainText ${ms(other)} (the peer takes ${(other / app).toFixed(2)}× as long)`);
console.log(`  its plain text alone: compiled once ${ms(text)}, toPlainText ${ms(peerText)} (${(peerText / text).toFixed(2)}× as long)`);
