/**
 * The load bench's probes (bench/stalls.ts, bench/ticker.ts, bench/server-probe.ts): they must see
 * a blocked event loop, in the bench's own process and in a server process they are loaded into,
 * and time the server's requests there, or the bench would blame the server for time its own
 * generator lost, or the database for time an event loop lost.
 */
import { execFile, execFileSync } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { noStalls, note, overlapsStall, serverProbe, stageSplit, STALL_MS, type ServerRequest } from "@/bench/stalls";
import { STAGE_CHANNEL } from "@/lib/stages";
import { messageTypes, requestKind } from "@/bench/server-probe";
import { startTicker } from "@/bench/ticker";

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("stall probes", () => {
  const folder = mkdtempSync(join(tmpdir(), "stalls-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("the ticker notes a wake as late as the loop was blocked", async () => {
    const stalls = noStalls();
    const stop = startTicker((at, late) => note(stalls, at, late));
    await new Promise((r) => setTimeout(r, 30));
    const blockedFrom = performance.timeOrigin + performance.now();
    block(150);
    await new Promise((r) => setTimeout(r, 30));
    stop();
    // The wake due while the loop was blocked came at least 100 ms late (a busy machine may add more, and other stalls).
    expect(stalls.long.some(([at, late]) => late >= 100 && at - late >= blockedFrom - 20 && at - late < blockedFrom + 50), JSON.stringify(stalls.long)).toBe(true);
  });

  it("a request overlaps a stall only if it ran while the stall lasted", () => {
    const stalls = noStalls();
    note(stalls, 1_000, 5); // too short to count
    note(stalls, 2_000, 200); // 1,800 to 2,000
    expect(stalls.long).toEqual([[2_000, 200]]);
    expect(overlapsStall(stalls, 1_900, 1_950)).toBe(true);
    expect(overlapsStall(stalls, 1_700, 1_810)).toBe(true);
    expect(overlapsStall(stalls, 1_990, 2_100)).toBe(true);
    expect(overlapsStall(stalls, 1_500, 1_790)).toBe(false);
    expect(overlapsStall(stalls, 2_001, 2_300)).toBe(false);
    expect(overlapsStall(stalls, 900, 1_100)).toBe(false);
  });

  it("loaded into a server process, writes its stalls and the time it took over each request the bench times", () => {
    const probe = serverProbe(folder);
    const from = Date.now();
    // A server whose answer to /variants blocks its loop for 150 ms; /elsewhere is not a kind the bench times.
    const pid = Number(execFileSync(process.execPath, ["-e", `
      const http = require("node:http");
      const server = http.createServer((req, res) => {
        const until = Date.now() + (req.url === "/variants" ? 150 : 0);
        while (Date.now() < until);
        res.end("ok");
      });
      const get = (path) => new Promise((done) => http.get({ port: server.address().port, path }, (r) => r.resume().on("end", done)));
      server.listen(0, async () => {
        await get("/variants");
        await get("/elsewhere");
        server.close();
        setTimeout(() => console.log(process.pid), 100);
      });`], { env: { ...process.env, ...probe.env }, encoding: "utf8" }).trim());
    const { stalls, requests } = probe.read(pid, from, Date.now());
    expect(stalls.late.length).toBeGreaterThan(5);
    expect(stalls.long.some(([, late]) => late >= 100), JSON.stringify(stalls.long)).toBe(true);
    expect(stalls.long.every(([, late]) => late >= STALL_MS)).toBe(true);
    expect(Object.keys(requests)).toEqual(["peer"]);
    expect(requests.peer).toHaveLength(1);
    expect(requests.peer[0][1]).toBeGreaterThanOrEqual(150);
    expect(probe.read(pid, from - 60_000, from - 1).stalls.late).toEqual([]);
  });

  it("splits an action's time at the stages the app marks, each request's marks its own", () => {
    const probe = serverProbe(folder);
    const from = Date.now();
    // Two actions at once, each marking stages named for its own path after its own waits (across
    // timers, as a query's answer comes): 100 then 20 ms for /games/slow, 10 then 30 for /games/quick.
    const pid = Number(execFileSync(process.execPath, ["-e", `
      const http = require("node:http");
      const stages = require("node:diagnostics_channel").channel(${JSON.stringify(STAGE_CHANNEL)});
      const wait = (ms) => new Promise((r) => setTimeout(r, ms));
      const server = http.createServer(async (req, res) => {
        const [read, write] = req.url === "/games/slow" ? [100, 20] : [10, 30];
        await wait(read);
        stages.publish("read" + req.url);
        await wait(write);
        stages.publish("written" + req.url);
        res.end("ok");
      });
      const post = (path) => new Promise((done) => http.request({ port: server.address().port, path, method: "POST" }, (r) => r.resume().on("end", done)).end());
      server.listen(0, async () => {
        await Promise.all([post("/games/slow"), post("/games/quick")]);
        server.close();
        setTimeout(() => console.log(process.pid), 50);
      });`], { env: { ...process.env, ...probe.env }, encoding: "utf8" }).trim());
    const actions = probe.read(pid, from, Date.now()).requests.action;
    expect(actions.map(([, , stages]) => stages.map(([name]) => name)).sort()).toEqual([
      ["read/games/quick", "written/games/quick", "out"],
      ["read/games/slow", "written/games/slow", "out"],
    ]);
    const slow = actions.find(([, , stages]) => stages[0][0] === "read/games/slow")!;
    const [read, written, out] = slow[2].map(([, ms]) => ms);
    expect(read).toBeGreaterThanOrEqual(95);
    expect(written).toBeGreaterThanOrEqual(15);
    // The stages add up to the request's time.
    expect(read + written + out).toBeCloseTo(slow[1], 0);
  });

  it("times each statement to the database from its sending to its answer's end, one sent behind another too", async () => {
    const frame = (type: string, body = "") => Buffer.concat([Buffer.from(type), Buffer.from([0, 0, 0, 4 + body.length]), Buffer.from(body)]);
    const ready = frame("Z", "I");
    // The "database": says something unasked (as a NOTIFY) at once, answers the startup at once and
    // each statement (a Query message) 60 ms after the one before it, in order, as PostgreSQL does.
    const db = createServer((socket) => {
      socket.write(frame("A", "unasked\0"));
      let startedUp = false;
      let pending = Buffer.alloc(0);
      let queue = Promise.resolve();
      socket.on("data", (chunk) => {
        if (!startedUp) {
          startedUp = true;
          socket.write(ready);
          return;
        }
        // Whole messages only: the client cuts one across two writes.
        for (pending = Buffer.concat([pending, chunk]); pending.length >= 5 && pending.length >= 1 + pending.readUInt32BE(1); ) {
          pending = pending.subarray(1 + pending.readUInt32BE(1));
          queue = queue.then(() => new Promise<void>((done) => setTimeout(() => {
            socket.write(Buffer.concat([frame("C", "SELECT 1\0"), ready]));
            done();
          }, 60)));
        }
      });
    });
    await new Promise<void>((r) => db.listen(0, "127.0.0.1", r));
    const port = (db.address() as AddressInfo).port;
    const probe = serverProbe(folder);
    const from = Date.now();
    // The client: its startup (no type byte), waits for the unasked and the startup's answer, then
    // one statement alone and two sent together, the second cut across two writes.
    const pid = await new Promise<number>((done, fail) => execFile(process.execPath, ["-e", `
      const socket = require("node:net").connect(${port}, "127.0.0.1");
      const query = Buffer.concat([Buffer.from("Q"), Buffer.from([0, 0, 0, 13]), Buffer.from("select 1\\0")]);
      let seen = "";
      const until = (n) => new Promise((r) => { const check = () => (seen.split("Z").length - 1 >= n ? r() : socket.once("data", (c) => { seen += c.toString("latin1"); check(); })); check(); });
      socket.on("connect", async () => {
        socket.write(Buffer.from([0, 0, 0, 8, 0, 3, 0, 0]));
        await until(1);
        socket.write(query);
        await until(2);
        socket.write(Buffer.concat([query, query.subarray(0, 3)]));
        socket.write(query.subarray(3));
        await until(4);
        socket.end();
        setTimeout(() => console.log(process.pid), 50);
      });`], { env: { ...process.env, ...probe.env, DATABASE_URL: `postgres://user@127.0.0.1:${port}/db` }, encoding: "utf8" },
      (error, stdout) => (error ? fail(error) : done(Number(stdout.trim())))));
    db.close();
    const took = probe.read(pid, from, Date.now()).requests.db.map(([, ms]) => ms);
    expect(took).toHaveLength(3);
    expect(took[0]).toBeGreaterThanOrEqual(55);
    expect(took[1]).toBeGreaterThanOrEqual(55);
    // The second of the two waited behind the first.
    expect(took[2]).toBeGreaterThanOrEqual(115);
    expect(took.every((ms) => ms < 5_000)).toBe(true);
  });

  it("reads PostgreSQL's message types however the bytes are cut", () => {
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 8, 0, 3, 0, 0]), // a startup: no type byte
      Buffer.from("P"), Buffer.from([0, 0, 0, 6]), Buffer.from("ab"),
      Buffer.from("S"), Buffer.from([0, 0, 0, 4]),
      Buffer.from("Q"), Buffer.from([0, 0, 0, 5]), Buffer.from([0]),
    ]);
    for (const cuts of [[], [1, 9, 10, 14], [3, 11, 16, 17, 18]]) {
      const read = messageTypes(true);
      const pieces = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i ? ends[i - 1] : 0, end));
      expect(pieces.flatMap((p) => read(p)), JSON.stringify(cuts)).toEqual(["P", "S", "Q"]);
    }
    expect(messageTypes(false)(Buffer.concat([Buffer.from("Z"), Buffer.from([0, 0, 0, 5]), Buffer.from("I")]))).toEqual(["Z"]);
  });

  it("sums up the stages of the path most requests took, and the slowest 1 % of them", () => {
    const usual = (read: number): ServerRequest => [0, read + 3, [["read", read], ["written", 2], ["out", 1]]];
    const requests: ServerRequest[] = [
      ...Array.from({ length: 199 }, (_, i) => usual(1 + (i % 5))),
      usual(500), // the slowest, by its read
      [0, 50, [["read", 40], ["out", 10]]], // another path: left out
      [0, 7, []], // no stages
    ];
    const line = stageSplit(requests);
    expect(line).toMatch(/^200 of 202 took read → written → out;/);
    // The slowest 1 % of 200 are two: the 500 ms read and one of 5 ms.
    expect(line).toContain("read 3.0 ms / 5.0 ms (252.5 ms)");
    expect(line).toContain("written 2.0 ms / 2.0 ms (2.0 ms)");
    expect(stageSplit([[0, 1, []]])).toBe("no stages marked");
  });

  it("sorts the requests the bench times by kind", () => {
    expect(requestKind("GET", "/variants")).toBe("peer");
    expect(requestKind("GET", "/games/abc")).toBe("page");
    expect(requestKind("POST", "/games/abc")).toBe("action");
    expect(requestKind("GET", "/games/abc/state?since=3")).toBe("state");
    expect(requestKind("GET", "/games/abc/events?since=3")).toBeNull();
    expect(requestKind("GET", "/")).toBeNull();
  });
});
