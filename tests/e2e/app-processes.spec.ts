/**
 * `npm start` with APP_PROCESSES=2 on PostgreSQL (scripts/start.mjs): two app processes share the
 * port, the primary handing out the connections, and both serve; a move made through one reaches
 * an event stream held by the other; only the worker process sends mail; a process that dies is
 * started again; SIGTERM stops them all. With one app process, it accepts its connections itself.
 * Served from the build this run already made (a second server of its own, beside the suite's).
 */
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { expect, test } from "./support/test";
import { openPostgres } from "../../lib/db/client";
import { sessions, users } from "../../lib/db/schema";
import { TEST_POSTGRES_URL } from "../../lib/db/testing";
import { acceptInvitation, createChallenge, gameVersion } from "../../lib/games";
import { DIST } from "./support/fixtures";
import { actionId, processOfConnection, startServed, type Served } from "./support/served";

test.describe.configure({ timeout: 300_000 });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");

/** One request on `agent`'s connection (kept alive, so it is still there to look up); with the app process that holds it. */
function send(served: Served, agent: http.Agent, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; pid: number | null }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: served.port, path, agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
      const pid = processOfConnection(served.port, req.socket!.localPort!);
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => resolve({ status: res.statusCode!, body, pid }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** One request on a connection of its own. */
async function sendFresh(served: Served, path: string) {
  const agent = new http.Agent({ keepAlive: true });
  try {
    return await send(served, agent, path);
  } finally {
    agent.destroy();
  }
}

/** An event stream of the game on a connection of its own, the process holding it, and what it has heard. */
function subscribe(served: Served, gameId: string, since: number) {
  return new Promise<{ pid: number; heard: string[]; close: () => void }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: served.port, path: `/games/${gameId}/events?since=${since}`, agent: false }, (res) => {
      const heard: string[] = [];
      res.setEncoding("utf8").on("data", (c: string) => heard.push(...[...c.matchAll(/^data: (.+)$/gm)].map((m) => m[1])));
      resolve({ pid: processOfConnection(served.port, req.socket!.localPort!)!, heard, close: () => req.destroy() });
    });
    req.on("error", reject);
  });
}

async function until<T>(what: string, look: () => T | Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await look();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("two app processes and a worker: both serve, pushes cross processes, only the worker mails, the dead are restarted", async () => {
  const dbName = `procs_${Date.now().toString(36)}`;
  // Each way chosen by start.mjs, whatever the caller's shell says.
  const served = await startServed({ dbName, processes: 2, dist: DIST, skipBuild: true, env: { NODE_CLUSTER_SCHED_POLICY: "" } });
  const handle = await openPostgres(`${TEST_POSTGRES_URL}/${dbName}`, { max: 2 });
  try {
    const { apps, worker } = served.children();
    expect(apps).toHaveLength(2);
    expect(worker).not.toBeNull();
    for (const pid of apps) expect(environ(pid)).toContain("OUTBOX_WORKER=off");
    expect(environ(worker!)).not.toContain("OUTBOX_WORKER=off");
    // jemalloc where the machine has it (scripts/start.mjs), in every process it starts: it gives back the memory a burst of load freed.
    const jemallocHere = existsSync(`/usr/lib/${process.arch === "arm64" ? "aarch64" : "x86_64"}-linux-gnu/libjemalloc.so.2`);
    for (const pid of [...apps, worker!]) expect(readFileSync(`/proc/${pid}/maps`, "utf8").includes("libjemalloc"), `process ${pid}`).toBe(jemallocHere);
    // Each app process may collect its garbage when a burst of load ends (lib/server/idle-gc.ts needs global gc).
    for (const pid of apps) expect(environ(pid).find((v) => v.startsWith("NODE_OPTIONS="))).toMatch(/--expose-gc\b/);
    // Several app processes: the primary alone accepts connections, and hands them out in turn.
    expect(served.listening()).toEqual([served.primary()]);

    // Both serve: fresh connections are handed to each in turn.
    const served1 = new Set<number | null>();
    for (let i = 0; i < 6; i++) served1.add((await sendFresh(served, "/variants")).pid);
    expect([...served1].sort()).toEqual([...apps].sort());

    const db = handle.db;
    const [white, black] = await db.insert(users).values([
      { name: `procw${dbName}`, email: `white-${dbName}@procs.test`, notify: "every-move" },
      { name: `procb${dbName}`, email: `black-${dbName}@procs.test`, notify: "every-move" },
    ]).returning();
    const token = randomBytes(24).toString("hex");
    await db.insert(sessions).values({ sessionToken: token, userId: white.id, expires: new Date(Date.now() + 3_600_000) });
    const c = await createChallenge(db, white.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: black.name! } });
    await acceptInvitation(db, black.id, { invitationId: c.invitationId });
    const version = (await gameVersion(db, c.gameId))!.version;

    // A stream on each process.
    const streams = [await subscribe(served, c.gameId, version)];
    while (streams.length < 2) {
      const s = await subscribe(served, c.gameId, version);
      if (s.pid !== streams[0].pid) streams.push(s);
      else s.close();
    }
    expect(streams.map((s) => s.pid).sort()).toEqual([...apps].sort());

    // The worker paused (the invitation's mail sent first): a move's email waits, since no app process sends mail.
    const mails = async () => ((await (await fetch(`${served.mailApi}/mails`)).json()) as { to: string }[]).filter((m) => m.to.includes(black.email!));
    await until("the outbox is empty", async () => ((await (await fetch(`${served.mailApi}/outbox`)).json()) as { waiting: number }).waiting === 0);
    const before = (await mails()).length;
    process.kill(worker!, "SIGSTOP");
    const mover = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const move = await send(served, mover, `/games/${c.gameId}`, {
      method: "POST",
      headers: {
        host: new URL(served.origin).host, cookie: `authjs.session-token=${token}`, "Next-Action": actionId(DIST, "app/games/[id]/actions.ts", "moveAction"),
        "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", Origin: served.origin,
      },
      body: JSON.stringify([{ gameId: c.gameId, expectedPly: 0, move: "P e2-e4" }]),
    });
    expect(move.status).toBe(200);
    expect(move.body).toContain('"ok":true');
    expect(apps).toContain(move.pid);
    const moved = (await gameVersion(db, c.gameId))!.version;
    // Both streams hear it, the move with it: the one on the process the move went through, and the other's.
    for (const s of streams) {
      await until(`the stream on ${s.pid} hears version ${moved}`, () => s.heard.some((d) => d.startsWith(`${moved} `)));
      expect(JSON.parse(s.heard.find((d) => d.startsWith(`${moved} `))!.slice(String(moved).length + 1))).toMatchObject({ ply: 1, text: "P e2-e4" });
    }
    for (const s of streams) s.close();
    mover.destroy();

    await new Promise((r) => setTimeout(r, 6000)); // two of the worker's ticks (3 s)
    expect(await mails()).toHaveLength(before);
    process.kill(worker!, "SIGCONT");
    await until("the worker sends the move's email", async () => (await mails()).length === before + 1);

    // A process that dies is started again, and serves.
    process.kill(apps[0], "SIGKILL");
    const again = await until("a new app process", () => {
      const now = served.children().apps;
      return now.length === 2 && !now.includes(apps[0]) ? now : null;
    });
    const fresh = again.find((pid) => pid !== apps[1])!;
    await until("the new process serves", async () => {
      const r = await sendFresh(served, "/variants").catch(() => null);
      return r?.status === 200 && r.pid === fresh;
    }, 120_000);

    // SIGTERM to npm start stops every process.
    const all = [served.primary(), ...again, worker!];
    process.kill(all[0], "SIGTERM");
    await until("every process gone", () => all.every((pid) => !alive(pid)), 20_000);
  } finally {
    await handle.close();
    await served.stop();
  }
});

test("one app process accepts its connections itself, not through the primary", async () => {
  const served = await startServed({ dbName: `proc1_${Date.now().toString(36)}`, processes: 1, dist: DIST, skipBuild: true, env: { NODE_CLUSTER_SCHED_POLICY: "" } });
  try {
    const { apps } = served.children();
    expect(apps).toHaveLength(1);
    expect(served.listening().sort()).toEqual([served.primary(), apps[0]].sort());
    const answer = await sendFresh(served, "/variants");
    expect(answer).toMatchObject({ status: 200, pid: apps[0] });
  } finally {
    await served.stop();
  }
});
