/**
 * Loaded into each server process by the load bench (built to plain JavaScript by stalls.ts's
 * `serverProbe`, and `--import`ed with PROBE_TO naming a folder): writes to a file there, named by
 * the process's pid, the process's late wakes (ticker.ts) and how long it took over each request,
 * from the request's arrival to its answer's last byte handed to the kernel. The bench then tells
 * the server's time from the time its own generator, on the same cores, took to read the answer.
 */
import { createWriteStream } from "node:fs";
import http from "node:http";
import { join } from "node:path";
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

if (process.env.PROBE_TO) {
  const out = createWriteStream(join(process.env.PROBE_TO, String(process.pid)));
  startTicker((at, late) => out.write(wakeLine(at, late)), false);
  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const kind = requestKind(req.method, req.url);
      if (kind) {
        const start = performance.now();
        res.once("finish", () => out.write(`${kind} ${(performance.timeOrigin + start).toFixed(1)} ${(performance.now() - start).toFixed(1)}\n`));
      }
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
