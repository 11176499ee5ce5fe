// Mutation testing of the game service and sign-in: `npm run test:mutation` (not part
// of `npm test`; it takes long). Results and the score: SECURITY.md "Mutation testing".
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: ["lib/games/**/*.ts", "lib/auth/**/*.ts"],
  // Each mutant runs only the tests that reached it.
  coverageAnalysis: "perTest",
  // Mutants of module-level code would need every test re-run on a fresh load.
  ignoreStatic: true,
  // The machines are small and shared.
  concurrency: 2,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  tempDirName: ".stryker-tmp",
  ignorePatterns: [".next", ".next-e2e", ".next-bench", ".data", ".bench", "test-results", "playwright-report", "coverage", "reports"],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
};
