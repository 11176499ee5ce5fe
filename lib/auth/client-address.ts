/**
 * The client's address, for the per-client sign-in limit (lib/auth/rate-limit.ts).
 *
 * Why not X-Forwarded-For: App Router code (pages, server actions, route handlers,
 * and Auth.js' email sender, which gets the route handler's Request) sees headers,
 * never the connection. `next start` sets X-Forwarded-For to the socket's address
 * only when the request has none (`??=` in next/dist/server/base-server.js, 16.x):
 * a header the client sent passes through as sent, nothing appended. So the header
 * alone is whatever the client chose.
 *
 * So register() (instrumentation.ts) calls stampPeerAddresses(): it listens on Node's
 * "http.server.request.start" diagnostics channel, published for every request
 * before the server's request handler runs (so before Next reads a header), and
 * writes the connection's peer address into a header of our own, overwriting any
 * the client sent. The stamp carries a per-process secret, so a stamp sent by a
 * client in the moments before register() ran is not believed.
 *
 * clientAddress(): the stamped peer. Only when that peer is a proxy the operator
 * named in TRUSTED_PROXIES (addresses and CIDR ranges) does X-Forwarded-For count:
 * walked from its right end past every trusted proxy, the first address that is not
 * one is the client. A list, not a hop count: it is checked against the real peer
 * of each request, so a request that reaches the app around the proxy cannot spoof,
 * and a hop added or removed in front does not silently shift the answer.
 *
 * Limits: without a valid stamp (a request that arrived before register() ran, a
 * deployment where instrumentation does not run, an Edge-runtime route, which has
 * its own globalThis; there are none here) the client is "unknown", one bucket for
 * all such requests: fail closed. Behind a proxy not in TRUSTED_PROXIES, every
 * client is the proxy. A trusted proxy that passes a client's X-Forwarded-For on
 * without appending (misconfigured) lets that client choose; an entry that is not
 * an address ends the walk at the proxy that sent it. Only HTTP/1 servers publish
 * the channel, which is what `next start` runs. Checked under `next start` for the
 * sign-in form's server action and a direct POST to /api/auth/signin/email; the
 * integration test (rate-limits.test.ts) stamps a plain Node server the same way.
 */
import { randomBytes } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP, type Socket } from "node:net";

const STAMP_HEADER = "x-courier-peer";
// Shared through globalThis: instrumentation and the app's routes are separate bundles in one process.
const SECRET = Symbol.for("courier-variants.peer-stamp-secret");
const STAMPING = Symbol.for("courier-variants.peer-stamping");
type Shared = { [SECRET]?: string; [STAMPING]?: boolean };

function processSecret(): string {
  const g = globalThis as Shared;
  return (g[SECRET] ??= randomBytes(16).toString("hex"));
}

/** Stamps every request this process serves with its connection's peer address; idempotent. */
export function stampPeerAddresses(): void {
  const g = globalThis as Shared;
  if (g[STAMPING]) return;
  g[STAMPING] = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[STAMP_HEADER] = `${processSecret()} ${socket.remoteAddress ?? ""}`;
  });
}

/** An IP address in one spelling: no brackets, no port, IPv4-mapped IPv6 as IPv4; null if not an address. */
function normalise(raw: string): string | null {
  let a = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (a.startsWith("::ffff:") && isIP(a.slice(7)) === 4) a = a.slice(7);
  return isIP(a) ? a : null;
}

const family = (address: string) => (isIP(address) === 4 ? "ipv4" : "ipv6");

export interface TrustedProxies {
  has(address: string): boolean;
}

/** Parses TRUSTED_PROXIES: addresses and CIDR ranges, separated by commas or spaces; throws on anything else. */
export function trustedProxies(setting: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const entry of (setting ?? "").split(/[\s,]+/).filter(Boolean)) {
    const [base, prefix, extra] = entry.split("/");
    const address = normalise(base);
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    const max = address && family(address) === "ipv4" ? 32 : 128;
    if (!address || extra !== undefined || (bits !== null && !(bits <= max))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range (like 10.0.0.0/8 or fd00::/8)`);
    }
    if (bits === null) list.addAddress(address, family(address));
    else list.addSubnet(address, bits, family(address));
  }
  return { has: (address) => list.check(address, family(address)) };
}

let parsed: { setting: string | undefined; proxies: TrustedProxies } | null = null;
function configuredProxies(setting: string | undefined): TrustedProxies {
  if (!parsed || parsed.setting !== setting) parsed = { setting, proxies: trustedProxies(setting) };
  return parsed.proxies;
}

/** The client's address by the rule above; "unknown" when the request carries no stamp of this process. */
export function clientAddress(headers: Headers, setting = process.env.TRUSTED_PROXIES): string {
  const [secret, stamped] = (headers.get(STAMP_HEADER) ?? "").split(" ");
  let client = secret === processSecret() && stamped ? normalise(stamped) : null;
  if (!client) return "unknown";
  const proxies = configuredProxies(setting);
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",");
  while (proxies.has(client) && forwarded.length > 0) {
    const next = normalise(forwarded.pop()!);
    if (!next) break;
    client = next;
  }
  return client;
}
