/**
 * Loaded into each server process by the load bench (built to plain JavaScript by stalls.ts's
 * `serverProbe`, and `--import`ed with PROBE_TO naming a folder): writes to a file there, named by
 * the process's pid, the process's late wakes (ticker.ts) and how long it took over each request,
 * from the request's arrival to its answer's last byte handed to the kernel. The bench then tells
 * the server's time from the time its own generator, on the same cores, took to read the answer.
 * An action's line also splits that time at the stages the app marks (lib/stages.ts): each
 * stage's ms since the one before ("parsed" since the arrival), and "out" from the last to the end.
 * And each statement sent to PostgreSQL as a "db" line (timeRoundTrips): from its bytes handed
 * to the socket to its answer's end read, which is the database's time and the network's (and the
 * loop's, in reading it) but not the wait in the driver's queue, which the stages hold besides.
 * With PROBE_CPU_PROFILE naming a folder, it also profiles the process's CPU and writes the
 * profile there (<pid>.cpuprofile, for Chrome's DevTools) as the process exits.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { Session } from "node:inspector";
import net from "node:net";
import { dirname, join } from "node:path";
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
  const all: [string, number][] = [...stages, ["out", took - stages.reduce((t, [, ms]) => t + ms, 0)]];
  const split = stages.length ? ` ${all.map(([name, ms]) => `${name}=${ms.toFixed(1)}`).join(",")}` : "";
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
  if (process.env.PROBE_CPU_PROFILE) profileUntilExit(join(process.env.PROBE_CPU_PROFILE, `${process.pid}.cpuprofile`));
}

/** node --cpu-prof, which NODE_OPTIONS may not carry: the inspector's profiler, stopped as the process exits (its callback runs at once, in the exit handler). */
function profileUntilExit(file: string): void {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  process.once("exit", () => session.post("Profiler.stop", (error, result) => {
    if (error) return void console.error(`server-probe: no CPU profile of ${process.pid}: ${error.message}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(result.profile));
  }));
}

/**
 * Reads PostgreSQL's messages from a stream's chunks, whatever their cut: each is a type byte and
 * a length that counts itself, except the first a client sends (its startup, with no type byte).
 */
export function messageTypes(untypedFirst: boolean): (chunk: Uint8Array) => string[] {
  let header: number[] = [];
  let skip = 0;
  let typed = !untypedFirst;
  return (chunk) => {
    const types: string[] = [];
    for (let i = 0; i < chunk.length; ) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      header.push(chunk[i++]);
      const size = typed ? 5 : 4;
      if (header.length < size) continue;
      const length = ((header[size - 4] << 24) | (header[size - 3] << 16) | (header[size - 2] << 8) | header[size - 1]) >>> 0;
      if (typed) types.push(String.fromCharCode(header[0]));
      skip = length - 4;
      header = [];
      typed = true;
    }
    return types;
  };
}

/**
 * Writes a "db" line for each statement on a plain (not TLS) socket to `port`: from its Sync or
 * Query message handed to the socket to its ReadyForQuery read. A statement sent down a connection
 * still busy with others (postgres.js does so once every connection of its pool is busy) waits
 * behind them in that time; the driver's own queue before the socket is not in it.
 */
function timeRoundTrips(port: number, out: NodeJS.WritableStream) {
  const connections = new WeakMap<net.Socket, { sent: number[]; written: (c: Uint8Array) => string[]; read: (c: Uint8Array) => string[]; startedUp: boolean }>();
  const connection = (socket: net.Socket) => {
    if (socket.remotePort !== port) return null;
    let c = connections.get(socket);
    if (!c) connections.set(socket, (c = { sent: [], written: messageTypes(true), read: messageTypes(false), startedUp: false }));
    return c;
  };
  const write = net.Socket.prototype.write as (this: net.Socket, ...args: unknown[]) => boolean;
  net.Socket.prototype.write = function (this: net.Socket, ...args: unknown[]) {
    const c = connection(this);
    const chunk = args[0];
    if (c && (chunk instanceof Uint8Array || typeof chunk === "string")) {
      const at = performance.now();
      for (const type of c.written(typeof chunk === "string" ? Buffer.from(chunk, typeof args[1] === "string" ? args[1] as BufferEncoding : "utf8") : chunk)) {
        if (type === "S" || type === "Q") c.sent.push(at);
      }
    }
    return write.apply(this, args);
  } as typeof net.Socket.prototype.write;
  const emit = net.Socket.prototype.emit as (this: net.Socket, event: string, ...args: unknown[]) => boolean;
  net.Socket.prototype.emit = function (this: net.Socket, event: string, ...args: unknown[]) {
    const c = event === "data" && args[0] instanceof Uint8Array ? connection(this) : null;
    if (c) {
      for (const type of c.read(args[0] as Uint8Array)) {
        if (type !== "Z") continue;
        // The first ReadyForQuery ends the startup, which no statement asked for.
        if (!c.startedUp) c.startedUp = true;
        else {
          const sent = c.sent.shift();
          if (sent !== undefined) out.write(requestLine("db", performance.timeOrigin + sent, performance.now() - sent, []));
        }
      }
    }
    return emit.call(this, event, ...args);
  } as typeof net.Socket.prototype.emit;
}
