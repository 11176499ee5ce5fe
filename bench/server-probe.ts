/**
 * Loaded into each server process by the load bench (built to plain JavaScript by stalls.ts's
 * `serverProbe`, and `--import`ed with PROBE_TO naming a folder): writes to a file there, named by
 * the process's pid, the process's late wakes (ticker.ts) and how long it took over each request,
 * from the request's arrival to its answer's last byte handed to the kernel. The bench then tells
 * the server's time from the time its own generator, on the same cores, took to read the answer.
 * An action's line also splits that time at the stages the app marks (lib/stages.ts): each
 * stage's ms since the one before ("parsed" since the arrival), and "out" from the last to the end.
 * And each round trip to PostgreSQL as a "db" line: from a statement's bytes handed to the socket
 * to the first bytes of its answer read, which is the database's time and the network's (and the
 * loop's, in reading it) but not the wait for a pooled connection, which the stages hold besides.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import { createWriteStream } from "node:fs";
import http from "node:http";
import net from "node:net";
import { join } from "node:path";
import { STAGE_CHANNEL } from "../lib/stages";
import { startTicker, wakeLine } from "./ticker";

/** The request kinds the load bench times, by method and path; others are not written. */
export function requestKind(method: string | undefined, path: string | undefined): string | null {
  const route = (path ?? "").split("?")[0];
  if (route === "/variants") return "peer";
  const game = /^\/games\/[^/]+(\/state)?$/.exec(route);
  if (!game) return null;
  if (game[1]) return "state";
  return method === "POST" ? "action" : "page";
}

/** A request's line: "<kind> <arrival, epoch ms> <ms taken>", then its stages as "name=ms,…" if it marked any. */
export function requestLine(kind: string, arrival: number, took: number, stages: [string, number][]): string {
  const split = stages.length ? ` ${[...stages, ["out", took - stages.reduce((t, [, ms]) => t + ms, 0)]].map(([name, ms]) => `${name}=${(ms as number).toFixed(1)}`).join(",")}` : "";
  return `${kind} ${arrival.toFixed(1)} ${took.toFixed(1)}${split}\n`;
}

if (process.env.PROBE_TO) {
  const out = createWriteStream(join(process.env.PROBE_TO, String(process.pid)));
  startTicker((at, late) => out.write(wakeLine(at, late)), false);
  // Each timed request's marks so far, [stage, performance.now()], carried along its async work.
  const marks = new AsyncLocalStorage<[string, number][]>();
  subscribe(STAGE_CHANNEL, (name) => marks.getStore()?.push([name as string, performance.now()]));
  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const kind = requestKind(req.method, req.url);
      if (kind) {
        const start = performance.now();
        const seen: [string, number][] = [];
        res.once("finish", () => {
          const stages = seen.map(([name, at], i): [string, number] => [name, at - (i ? seen[i - 1][1] : start)]);
          out.write(requestLine(kind, performance.timeOrigin + start, performance.now() - start, stages));
        });
        return marks.run(seen, () => emit.call(this, event, ...args));
      }
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
  timeRoundTrips(Number(new URL(process.env.DATABASE_URL ?? "postgres://db").port || 5432), out);
}

/** Writes a "db" line for each round trip on a socket to `port`: the first write since its last answer, to the next bytes read. */
function timeRoundTrips(port: number, out: NodeJS.WritableStream) {
  const sentAt = new WeakMap<net.Socket, number>();
  const write = net.Socket.prototype.write as (this: net.Socket, ...args: unknown[]) => boolean;
  net.Socket.prototype.write = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port && !sentAt.has(this)) sentAt.set(this, performance.now());
    return write.apply(this, args);
  } as typeof net.Socket.prototype.write;
  const emit = net.Socket.prototype.emit as (this: net.Socket, event: string, ...args: unknown[]) => boolean;
  net.Socket.prototype.emit = function (this: net.Socket, event: string, ...args: unknown[]) {
    const sent = event === "data" ? sentAt.get(this) : undefined;
    if (sent !== undefined) {
      sentAt.delete(this);
      out.write(requestLine("db", performance.timeOrigin + sent, performance.now() - sent, []));
    }
    return emit.call(this, event, ...args);
  } as typeof net.Socket.prototype.emit;
}
