#!/usr/bin/env node
/**
 * Run by `npm install` / `npm ci` (postinstall): fixes a known defect of the
 * PostgreSQL driver, postgres 3.4.9 (porsager/postgres#1154, #1208; fixes proposed
 * in PRs #1168, #1176, #1209, none released yet), in node_modules.
 *
 * When the database drops a connection while a small write is queued (a restart,
 * a failover, pg_terminate_backend), the driver
 *   1. throws `TypeError: Cannot read properties of null (reading 'write')` from a
 *      setImmediate callback: an uncaught exception, which kills the worker
 *      process (`npm run worker`) and is only logged by `next start`; and
 *   2. leaves the connection "poisoned" (a cleared but non-null write timer), so
 *      every later query on it hangs instead of reconnecting.
 * tests/integration/faults.test.ts reproduces both by killing connections in the
 * middle of traffic. The patch: a write on a closed socket rejects its queries
 * with CONNECTION_CLOSED, and closing a connection forgets its queued write.
 *
 * Idempotent; does nothing (but say so) for any other driver version, so an
 * upgrade is never patched blindly — drop this script once a fixed release is out.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.join(process.cwd(), "node_modules", "postgres");
const MARK = "courier-variants patch";

if (!existsSync(path.join(root, "package.json"))) process.exit(0); // not installed (yet)
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
if (version !== "3.4.9") {
  console.warn(`patch-postgres: postgres ${version} is not 3.4.9; not patched (check whether it still needs scripts/patch-postgres.mjs)`);
  process.exit(0);
}

const edits = [
  [
    "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n",
    "  function nextWrite(fn) {\n" +
      `    if (!socket) { // ${MARK} (porsager/postgres#1208): the connection closed before this write\n` +
      "      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n" +
      "      chunk = nextWriteTimer = null\n" +
      "      const err = Errors.connection('CONNECTION_CLOSED', options)\n" +
      "      error(err)\n" +
      "      fn && fn(err)\n" +
      "      return false\n" +
      "    }\n" +
      "    const x = socket.write(chunk, fn)\n",
  ],
  [
    "    terminated = true\n    if (stream || query || initial || sent.length)\n      error(Errors.connection('CONNECTION_DESTROYED', options))\n\n    clearImmediate(nextWriteTimer)\n",
    "    terminated = true\n    if (stream || query || initial || sent.length)\n      error(Errors.connection('CONNECTION_DESTROYED', options))\n\n    clearImmediate(nextWriteTimer)\n" +
      `    chunk = nextWriteTimer = null // ${MARK}\n`,
  ],
  [
    "    incomings = null\n    clearImmediate(nextWriteTimer)\n",
    "    incomings = null\n    clearImmediate(nextWriteTimer)\n" + `    chunk = nextWriteTimer = null // ${MARK}\n`,
  ],
];

let patched = 0;
for (const dir of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(root, dir, "connection.js");
  if (!existsSync(file)) continue;
  let text = readFileSync(file, "utf8");
  if (text.includes(MARK)) continue;
  for (const [from, to] of edits) {
    if (text.split(from).length !== 2) {
      console.error(`patch-postgres: ${path.relative(process.cwd(), file)} does not look like postgres 3.4.9; not patched`);
      process.exit(1);
    }
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
  patched++;
}
if (patched) console.log(`patch-postgres: patched ${patched} copies of postgres/connection.js (porsager/postgres#1208)`);
