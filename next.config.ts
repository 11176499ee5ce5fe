import type { NextConfig } from "next";
import { MAX_REQUEST_BODY_BYTES } from "./lib/games/record-limits";

const nextConfig: NextConfig = {
  // Browser-test runs build into their own folder (.next-e2e) so they never disturb
  // a dev build; `npm test` type-checks with tsc before them, so they skip it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The same for benchmark builds (.next-bench).
  typescript: { ignoreBuildErrors: [".next-e2e", ".next-bench"].includes(process.env.NEXT_DIST_DIR ?? "") },
  // PGlite ships WebAssembly and resolves files relative to itself; bundling breaks that.
  // resvg (board.png) loads a native binary from its platform package at run time.
  // The reply server (smtp-server, mailparser) is plain Node code with its own requires: left as it is.
  serverExternalPackages: ["@electric-sql/pglite", "@resvg/resvg-js", "smtp-server", "mailparser"],
  // Security headers (the Content-Security-Policy among them) are proxy.ts's.
  poweredByHeader: false,
  experimental: {
    // The request body limit of lib/games/record-limits.ts, which proxy.ts enforces
    // with a readable answer; Next.js's own refusal beyond it is a bare 500.
    serverActions: { bodySizeLimit: MAX_REQUEST_BODY_BYTES },
    // proxy.ts makes Next.js buffer request bodies (10 MB by default): no more than
    // a body it lets through, plus a byte, so a longer one still fails the limit above.
    proxyClientMaxBodySize: MAX_REQUEST_BODY_BYTES + 1,
  },
};

export default nextConfig;
