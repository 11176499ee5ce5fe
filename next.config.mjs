/** @type {import('next').NextConfig} */
const nextConfig = {
  // Browser-test runs build into their own folder (.next-e2e) so they never disturb
  // a dev build; `npm test` type-checks with tsc before them, so they skip it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The same for benchmark builds (.next-bench).
  typescript: { ignoreBuildErrors: [".next-e2e", ".next-bench"].includes(process.env.NEXT_DIST_DIR ?? "") },
  // PGlite ships WebAssembly and resolves files relative to itself; bundling breaks that.
  // resvg (board.png) loads a native binary from its platform package at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@resvg/resvg-js"],
};

export default nextConfig;
