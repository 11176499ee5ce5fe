/**
 * The tests `npm run test:mutation` (StrykerJS, stryker.config.mjs) runs against each
 * mutant of lib/games and lib/auth: those that exercise them, on PostgreSQL only
 * (a PGlite instance costs seconds to start, and Stryker restarts a test file per
 * mutant). The fuzz, race and fault tests are left out: random or timing-heavy, and
 * minutes long.
 */
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

export default mergeConfig(base, defineConfig({
  test: {
    include: [
      "tests/unit/{archive-params,callback-path,email-escaping,feed,overview-format}.test.ts",
      "tests/integration/{authorization,authorization-session,games,clock,archive,overview,auth,profile,rate-limits,hostile-input,cookies}.test.ts",
    ],
    env: { TEST_DRIVERS: "postgres" },
  },
}));
