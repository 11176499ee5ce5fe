import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * AUTH_SECRET, or a secret generated once and kept in .data/auth-secret so a
 * newcomer needs no setup and sign-in links survive restarts. Deployments with
 * several servers must set AUTH_SECRET: each would otherwise make its own, and a
 * link requested on one server would not verify on another.
 */
export function authSecret(dataDir = path.join(process.cwd(), ".data")): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dataDir, "auth-secret");
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": of two processes starting together, one writes and both read its secret.
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
