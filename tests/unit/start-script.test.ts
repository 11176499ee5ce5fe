/** scripts/start.mjs refuses settings it cannot honour before it starts anything. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, [path.resolve(__dirname, "../../scripts/start.mjs")], { env: { ...process.env, DATABASE_URL: "", ...env }, encoding: "utf8", timeout: 20_000 });

describe("npm start's settings", () => {
  it("refuses a JEMALLOC that names no file, saying which", () => {
    const r = start({ JEMALLOC: "/nowhere/libjemalloc.so.2" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("JEMALLOC names /nowhere/libjemalloc.so.2, which does not exist");
  });

  it("refuses more than one app process without PostgreSQL", () => {
    const r = start({ APP_PROCESSES: "2" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/APP_PROCESSES=2 needs DATABASE_URL/);
  });

  it("refuses a connection policy other than rr or none, rather than falling back to one unsaid", () => {
    const r = start({ NODE_CLUSTER_SCHED_POLICY: "RR" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('NODE_CLUSTER_SCHED_POLICY must be rr or none (it is "RR")');
  });
});
