import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // vitest does not read tsconfig paths.
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    // next-auth imports "next/server" and "next/headers" without the extension Node's ESM needs;
    // transformed by vitest, they resolve (tests/fuzz/routes.test.ts calls the real route).
    server: { deps: { inline: ["next-auth"] } },
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx", "tests/integration/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
    // Two files at a time on two cores (vitest's default there is one: cores − 1): much of a
    // file's time is waiting on PostgreSQL, SMTP, child processes and timers (docs/stack-notes.md).
    maxWorkers: 2,
    testTimeout: 60_000,
    // Starting a PGlite instance takes seconds, more on a busy machine.
    hookTimeout: 120_000,
  },
});
