/**
 * Mail posted to the app by a mail provider's inbound webhook (app/api/inbound-mail): in SendGrid's
 * Inbound Parse shape, which several providers share and any relay can post, as multipart or
 * url-encoded form fields or as JSON: `to`, `from` (header values, "Name <address>"), `text`,
 * `html`, and optionally `envelope` (JSON: `{"to": [...], "from": "..."}`), whose recipients are
 * preferred to the To header's. Bounded: the body is read up to `maxBytes` and no further.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import type { InboundMail } from "./inbound-smtp";

export type InboundRequest = { mail: InboundMail } | { status: 400 | 401 | 413 | 415; error: string };

const field = (max: number) => z.string().max(max).optional();
const fields = z.object({
  to: z.union([z.string().max(10_000), z.array(z.string().max(320)).max(50)]).optional(),
  from: field(1_000),
  text: field(1_000_000).nullable(),
  html: field(1_000_000).nullable(),
  envelope: z.union([z.string().max(10_000), z.object({}).loose()]).optional(),
});
const envelope = z.object({ to: z.union([z.string().max(320), z.array(z.string().max(320)).max(50)]).optional() });

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Whether the request carries the secret: `Authorization: Bearer <secret>`, or Basic with it as the password (a webhook URL's `user:secret@`). */
export function hasSecret(request: Request, secret: string): boolean {
  const header = request.headers.get("authorization") ?? "";
  const [scheme, value = ""] = header.split(" ", 2);
  let given: string | null = null;
  if (/^bearer$/i.test(scheme)) given = value;
  else if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    given = decoded.includes(":") ? decoded.slice(decoded.indexOf(":") + 1) : null;
  }
  // Digests of equal length, so the comparison takes the same time whatever was given.
  return given !== null && timingSafeEqual(digest(given), digest(secret));
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length")) > maxBytes) return null;
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      length += chunk.length;
      if (length > maxBytes) return null;
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

const addresses = (header: string) => addressparser(header.slice(0, 10_000), { flatten: true }).map((a) => a.address).filter(Boolean);

export async function readInboundRequest(request: Request, maxBytes: number): Promise<InboundRequest> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const body = await readBody(request, maxBytes);
  if (!body) return { status: 413, error: `the mail is too large (at most ${maxBytes} bytes)` };
  let raw: unknown;
  try {
    if (type.startsWith("application/json")) raw = JSON.parse(new TextDecoder().decode(body));
    else if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      const form = await new Response(body as BodyInit, { headers: { "content-type": type } }).formData();
      raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    } else return { status: 415, error: "send JSON, multipart/form-data or a url-encoded form" };
  } catch {
    return { status: 400, error: "the body does not read as its content type says" };
  }
  const parsed = fields.safeParse(raw);
  if (!parsed.success) return { status: 400, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const f = parsed.data;
  let to = typeof f.to === "string" ? addresses(f.to) : (f.to ?? []);
  if (f.envelope !== undefined) {
    let e: unknown = f.envelope;
    try {
      if (typeof e === "string") e = JSON.parse(e);
    } catch {
      return { status: 400, error: "envelope: not JSON" };
    }
    const env = envelope.safeParse(e);
    if (!env.success) return { status: 400, error: "envelope: not an envelope" };
    if (env.data.to !== undefined) to = typeof env.data.to === "string" ? [env.data.to] : env.data.to;
  }
  return { mail: { to, from: f.from ? addresses(f.from)[0] ?? null : null, text: f.text ?? null, html: f.html ?? null } };
}
